import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitForAnswers } from '../support/answers'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * A server (or a proxy before it) that sends the protocol's end of an answer, OpenAI's `data: [DONE]`
 * or Ollama's `"done": true` line, and then holds the connection open instead of closing it. The
 * answer is whole at that end: it is stored as the answer, not failed by the idle time-out as one
 * that "stopped sending".
 */

const oa = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`
const ol = (o: object) => JSON.stringify({ model: 'm', created_at: '2025-01-01T00:00:00Z', ...o }) + '\n'

const REPLIES: Record<string, { type: string; body: string }> = {
  OpenAI: { type: 'text/event-stream', body: oa('The whole') + oa(' answer.', 'stop') + 'data: [DONE]\n\n' },
  Ollama: {
    type: 'application/x-ndjson',
    body:
      ol({ message: { role: 'assistant', content: 'The whole' }, done: false }) +
      ol({ message: { role: 'assistant', content: ' answer.' }, done: false }) +
      ol({ message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' })
  }
}

let server: Server
let base: string
const held: ServerResponse[] = []
let reply = REPLIES.OpenAI!
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': reply.type })
      res.write(reply.body) // and never res.end()
      held.push(res)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  return new Promise<void>((r) => server.close(() => r()))
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 5000, idleMs: 1500 } } })

describe('an answer whose end came while the connection stays open', () => {
  it.each([
    ['OpenAI', '/v1'],
    ['Ollama', '']
  ])('%s: is stored whole as the answer, at once', async (kind, path) => {
    reply = REPLIES[kind]!
    await addProvider(node, 'p1', { model: { [kind]: { model_type: 'm' } }, external_url: base + path, api_key: 'sk-held-open-0123456789' })
    const jobId = await createJob(node, 'p1')
    const inboxId = `job_inbox::${jobId}::false`
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hello?' })
    const answers = await waitForAnswers(node, inboxId, 1, 8000)
    const answer = answers[answers.length - 1]!.job_message
    expect(answer.content).toBe('The whole answer.')
    expect(answer.error).toBeUndefined()
  })
})
