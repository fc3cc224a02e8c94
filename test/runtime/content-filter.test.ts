import type { IncomingMessage, ServerResponse } from 'node:http'
import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { addProvider, createJob, useTestNode } from '../support/node'
import { waitForAnswers } from '../support/answers'

/*
 * A provider's safety filter ends a reply with a finish reason of its own (Gemini's SAFETY, the
 * `content_filter` of Azure OpenAI and others) and no error. The operator must learn that the
 * answer was blocked: a half answer is not a whole one, and "Try again" does not help when no
 * answer came at all.
 */

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } } })
const data = (o: object) => `data: ${JSON.stringify(o)}\n\n`
const openaiChunk = (delta: object, finish: string | null = null) =>
  data({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })

const REPLIES: Record<string, (res: ServerResponse) => void> = {
  'gemini-safety-midway': (res) => {
    res.write(data({ candidates: [{ content: { parts: [{ text: 'Here is how the first' }], role: 'model' }, index: 0 }] }))
    res.end(
      data({
        candidates: [
          {
            finishReason: 'SAFETY',
            index: 0,
            safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }]
          }
        ]
      })
    )
  },
  'gemini-prompt-blocked': (res) => {
    res.end(
      data({ promptFeedback: { blockReason: 'SAFETY', safetyRatings: [] }, usageMetadata: { promptTokenCount: 5, totalTokenCount: 5 } })
    )
  },
  'openai-length': (res) => {
    res.write(openaiChunk({ role: 'assistant', content: 'The list goes on: one, two' }))
    res.write(openaiChunk({}, 'length'))
    res.end('data: [DONE]\n\n')
  },
  'ollama-thought-to-the-limit': (res) => {
    const line = (o: object) => JSON.stringify({ model: 'm', created_at: '2025-01-01T00:00:00Z', ...o }) + '\n'
    res.write(line({ message: { role: 'assistant', content: '', thinking: 'Hmm, let me think about this for a long time' }, done: false }))
    res.end(line({ message: { role: 'assistant', content: '' }, done: true, done_reason: 'length', eval_count: 4096 }))
  },
  'openai-filtered': (res) => {
    res.write(openaiChunk({ role: 'assistant', content: '' }))
    res.write(openaiChunk({}, 'content_filter'))
    res.end('data: [DONE]\n\n')
  }
}

let reply: (res: ServerResponse) => void
const local = useLoopbackServer((req: IncomingMessage, res: ServerResponse) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': req.url === '/api/chat' ? 'application/x-ndjson' : 'text/event-stream' })
    reply(res)
  })
})

async function answerOf(kind: string, url: string, replyName: string) {
  reply = REPLIES[replyName]!
  await addProvider(node, 'p', { model: { [kind]: { model_type: 'm' } }, external_url: url, api_key: 'sk-test-key-123456' })
  const jobId = await createJob(node, 'p')
  const inboxId = `job_inbox::${jobId}::false`
  await node.post('/v2/job_message', { job_id: jobId, content: 'A question' })
  return (await waitForAnswers(node, inboxId, 1)).at(-1)!.job_message
}

describe("a reply ended by the provider's content filter", () => {
  it('Gemini, after part of the answer: the part is kept and ends with a note that the rest was blocked', async () => {
    const answer = await answerOf('Gemini', `${local.url}/v1beta`, 'gemini-safety-midway')
    expect(answer.error).toBeUndefined()
    expect(answer.content).toBe(
      `Here is how the first\n\n⚠ Google Gemini at ${local.url}/v1beta stopped the answer here: its content filter blocked the rest.`
    )
  })

  it('Gemini, a question blocked before any answer: an error note that says so', async () => {
    const answer = await answerOf('Gemini', `${local.url}/v1beta`, 'gemini-prompt-blocked')
    expect(answer.error).toEqual({ kind: 'provider_error' })
    expect(answer.content).toBe(
      `⚠ Google Gemini at ${local.url}/v1beta gave no answer with model 'm': its content filter blocked it. Rephrase the question, or choose another model.`
    )
  })

  it('OpenAI-compatible, finish_reason content_filter with no text: an error note that says so', async () => {
    const answer = await answerOf('OpenAI', `${local.url}/v1`, 'openai-filtered')
    expect(answer.error).toEqual({ kind: 'provider_error' })
    expect(answer.content).toBe(
      `⚠ The OpenAI-compatible server at ${local.url}/v1 gave no answer with model 'm': its content filter blocked it. Rephrase the question, or choose another model.`
    )
  })
})

describe("a reply ended by the model's output limit", () => {
  it('the answer keeps its text and ends with a note that it was cut at the limit', async () => {
    const answer = await answerOf('OpenAI', `${local.url}/v1`, 'openai-length')
    expect(answer.error).toBeUndefined()
    expect(answer.content).toBe(
      `The list goes on: one, two\n\n⚠ The OpenAI-compatible server at ${local.url}/v1 ended the answer here: model 'm' reached its limit of output tokens.`
    )
  })

  it('a reasoning model that spent the whole limit thinking: an error note that says so', async () => {
    const answer = await answerOf('Ollama', local.url, 'ollama-thought-to-the-limit')
    expect(answer.error).toEqual({ kind: 'provider_error' })
    expect(answer.content).toBe(
      `⚠ The Ollama server at ${local.url} reached the limit of output tokens of model 'm' before writing any answer (a reasoning model may spend it all thinking). Raise the model's output limit on the server, or choose another model.`
    )
  })
})
