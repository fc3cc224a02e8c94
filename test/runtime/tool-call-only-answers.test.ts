import { describe, expect, it } from 'vitest'
import type { ProviderKind } from '../../src/shared/contract/identity'
import { waitForAnswers } from '../support/answers'
import { anthropicMessageStart } from '../support/fake-llm'
import { useLoopbackServer } from '../support/loopback-server'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * A model that answers with a call to a tool and no text (OpenAI's `tool_calls`, Claude's `tool_use`,
 * Gemini's `functionCall`, Ollama's `tool_calls`): the node offers no tools, so nothing was left,
 * and the operator read "returned an empty answer". The note now says the model asked to call a
 * tool, named as it wrote it (cleaned as any server's words are), which Nodedesk does not support.
 */

const KEY = 'sk-toolcall-0123456789'
/** The tool's name as the model wrote it: control characters and the key inside, which the note must not carry. */
let toolName = 'get_weather'
const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`
const completionChunk = (delta: object, finish: string | null = null) =>
  sse({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })
const ndjson = (o: object) => JSON.stringify({ model: 'm', created_at: '2025-01-01T00:00:00Z', ...o }) + '\n'

function reply(url: string, stream: boolean): { type: string; body: string } {
  const args = { city: 'Paris' }
  if (url === '/api/chat') {
    const call = { message: { role: 'assistant', content: '', tool_calls: [{ function: { name: toolName, arguments: args } }] } }
    return stream
      ? {
          type: 'application/x-ndjson',
          body: ndjson({ ...call, done: false }) + ndjson({ message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' })
        }
      : { type: 'application/json', body: ndjson({ ...call, done: true, done_reason: 'stop' }) }
  }
  if (url.endsWith('/messages')) {
    const block = { type: 'tool_use', id: 'toolu_1', name: toolName, input: args }
    if (!stream) {
      return {
        type: 'application/json',
        body: JSON.stringify({ ...anthropicMessageStart('m').message, content: [block], stop_reason: 'tool_use' })
      }
    }
    return {
      type: 'text/event-stream',
      body: [
        sse(anthropicMessageStart('m'), 'message_start'),
        sse({ type: 'content_block_start', index: 0, content_block: { ...block, input: {} } }, 'content_block_start'),
        sse(
          { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(args) } },
          'content_block_delta'
        ),
        sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
        sse(
          { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 3 } },
          'message_delta'
        ),
        sse({ type: 'message_stop' }, 'message_stop')
      ].join('')
    }
  }
  if (url.includes('enerateContent')) {
    const candidate = { content: { parts: [{ functionCall: { name: toolName, args } }], role: 'model' }, finishReason: 'STOP', index: 0 }
    return stream
      ? { type: 'text/event-stream', body: sse({ candidates: [candidate] }) }
      : { type: 'application/json', body: JSON.stringify({ candidates: [candidate] }) }
  }
  const call = { id: 'call_1', type: 'function', function: { name: toolName, arguments: JSON.stringify(args) } }
  if (!stream) {
    const message = { role: 'assistant', content: null, tool_calls: [call] }
    return {
      type: 'application/json',
      body: JSON.stringify({
        id: 'c',
        object: 'chat.completion',
        created: 1,
        model: 'm',
        choices: [{ index: 0, message, finish_reason: 'tool_calls' }]
      })
    }
  }
  return {
    type: 'text/event-stream',
    body:
      completionChunk({
        role: 'assistant',
        content: null,
        tool_calls: [{ index: 0, ...call, function: { name: toolName, arguments: '' } }]
      }) +
      completionChunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(args) } }] }) +
      completionChunk({}, 'tool_calls') +
      'data: [DONE]\n\n'
  }
}

const local = useLoopbackServer((req, res) => {
  let raw = ''
  req.on('data', (c: Buffer) => (raw += c.toString()))
  req.on('end', () => {
    const url = req.url ?? ''
    const asked = (JSON.parse(raw) as { stream?: boolean }).stream
    // Gemini says so in its path, Ollama streams unless told not to, the others only when asked.
    const stream = url.includes(':stream') || (url === '/api/chat' ? asked !== false : asked === true)
    const r = reply(url, stream)
    res.writeHead(200, { 'Content-Type': r.type })
    res.end(r.body)
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 5000, idleMs: 3000 } } })

async function answer(kind: ProviderKind, path: string, stream: boolean): Promise<string> {
  await addProvider(node, 'p1', { model: { [kind]: { model_type: 'm' } }, external_url: local.url + path, api_key: KEY })
  const jobId = await createJob(node, 'p1')
  const config = { custom_prompt: '', temperature: 0.8, top_k: 40, top_p: 0.9, stream, other_model_params: null }
  expect((await node.post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
  await node.post('/v2/job_message', { job_id: jobId, content: 'What is the weather in Paris?' })
  const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1)
  return answers[answers.length - 1]!.job_message.content
}

const KINDS: [ProviderKind, string, boolean][] = [
  ['OpenAI', '/v1', true],
  ['OpenAI', '/v1', false],
  ['Claude', '/v1', true],
  ['Claude', '/v1', false],
  ['Gemini', '/v1beta', true],
  ['Gemini', '/v1beta', false],
  ['Ollama', '', true],
  ['Ollama', '', false]
]

describe('an answer that only asks to call a tool', () => {
  it.each(KINDS)('%s%s (streamed %s): the note names the tool and says tools are not supported', async (kind, path, stream) => {
    toolName = 'get_weather'
    expect(await answer(kind, path, stream)).toMatch(
      /^⚠ .* returned no answer from model 'm': the model asked to call a tool \("get_weather"\) instead of answering, and Nodedesk does not support tools, so there is no text\. Try again, or choose another model\.$/
    )
  })

  it.each([
    ['OpenAI', '/v1', true],
    ['Claude', '/v1', true]
  ] as [ProviderKind, string, boolean][])(
    '%s%s (streamed %s): the tool name is quoted cleaned and cut short',
    async (kind, path, stream) => {
      toolName = `lookup\u001b[2J\u202e_${KEY}_${'x'.repeat(200)}`
      const content = await answer(kind, path, stream)
      expect(content).toContain('the model asked to call a tool ("lookup_[redacted]_xxx')
      expect(content).toContain('…") instead of answering')
      expect(content).not.toContain(KEY)
      expect(content).not.toContain('\u001b')
      expect(content).not.toContain('\u202e')
      expect(content).not.toContain('x'.repeat(100))
    }
  )
})
