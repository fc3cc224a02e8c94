import type { IncomingMessage, ServerResponse } from 'node:http'
import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { runAnswerCall } from '../../src/main/runtime/answer-call'
import type { ProviderKind } from '../../src/shared/contract/identity'
import { anthropicMessageStart } from '../support/fake-llm'
import { chatCompletion } from '../support/completions'

/*
 * A server (or the proxy before it) that writes its reply in another charset than UTF-8 and says so
 * in its Content-Type (`charset=iso-8859-1`, `windows-1252`): the reply was read as UTF-8 whatever
 * the label, so every accented letter of the answer, or of the server's error, became "�".
 */

const ANSWER = 'Ça coûte 5 € au café, très cher.'
const ERROR = 'Modèle inconnu : « m »'
const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content } }] })}\n\n`
const sse = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`

/** The reply for the request: its body as text, and its Content-Type without the charset. */
function reply(url: string, stream: boolean): { status: number; type: string; body: string } {
  if (url.includes('missing') || url.endsWith('/error/v1/chat/completions')) return { status: 400, type: 'text/plain', body: ERROR }
  if (url === '/api/chat') {
    const line = {
      model: 'm',
      created_at: '2025-01-01T00:00:00Z',
      message: { role: 'assistant', content: ANSWER },
      done: true,
      done_reason: 'stop'
    }
    return { status: 200, type: 'application/json', body: JSON.stringify(line) }
  }
  if (url.endsWith('/messages')) {
    if (!stream) {
      const message = { ...anthropicMessageStart('m').message, content: [{ type: 'text', text: ANSWER }], stop_reason: 'end_turn' }
      return { status: 200, type: 'application/json', body: JSON.stringify(message) }
    }
    const events = [
      sse('message_start', anthropicMessageStart('m')),
      sse('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      sse('content_block_delta', { index: 0, delta: { type: 'text_delta', text: ANSWER } }),
      sse('content_block_stop', { index: 0 }),
      sse('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } }),
      sse('message_stop', {})
    ]
    return { status: 200, type: 'text/event-stream', body: events.join('') }
  }
  if (stream) {
    const end = `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`
    return { status: 200, type: 'text/event-stream', body: chunk(ANSWER.slice(0, 9)) + chunk(ANSWER.slice(9)) + end }
  }
  return { status: 200, type: 'application/json', body: JSON.stringify(chatCompletion(ANSWER)) }
}

const local = useLoopbackServer((req: IncomingMessage, res: ServerResponse) => {
  let raw = ''
  req.on('data', (c: Buffer) => (raw += c.toString()))
  req.on('end', () => {
    const r = reply(req.url ?? '', (JSON.parse(raw) as { stream?: boolean }).stream === true)
    res.writeHead(r.status, { 'Content-Type': `${r.type}; charset=windows-1252` })
    // windows-1252 is latin1 with € and a few more where latin1 has control characters.
    res.end(Buffer.from(r.body.replace(/€/g, '\x80'), 'latin1'))
  })
})

async function ask(kind: ProviderKind, path: string, stream: boolean) {
  const request = {
    target: { kind, model: 'm', baseUrl: local.url + path, apiKey: 'sk-charset-0123456789' },
    options: { prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Combien ?' }] }] },
    stream,
    timeouts: { firstChunkMs: 3000, idleMs: 3000 },
    maxTextBytes: 1 << 20,
    wireLimit: 1 << 24
  }
  return runAnswerCall(request, fetch, new AbortController().signal, () => {})
}

describe('a reply in windows-1252, labelled so', () => {
  it.each([
    ['OpenAI', '/v1', true],
    ['OpenAI', '/v1', false],
    ['Claude', '/v1', true],
    ['Claude', '/v1', false],
    ['Ollama', '', false]
  ] as [ProviderKind, string, boolean][])(
    '%s (path %s, streamed %s): the answer keeps its accented letters',
    async (kind, path, stream) => {
      expect(await ask(kind, path, stream)).toEqual({ kind: 'done', text: ANSWER })
    }
  )

  it("the server's error keeps its accented letters", async () => {
    const result = await ask('OpenAI', '/error/v1', true)
    expect(result.kind).toBe('failed')
    expect(result.kind === 'failed' && result.failure.message).toContain(`"${ERROR}"`)
  })
})
