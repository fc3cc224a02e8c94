import { setTimeout as sleep } from 'node:timers/promises'
import { expect, it } from 'vitest'
import { streamedCall } from '../support/answer-calls'
import { useLoopbackServer } from '../support/loopback-server'

/*
 * OpenRouter (and proxies like it) keeps a queued or slow request open with SSE comment lines alone
 * (`: OPENROUTER PROCESSING`). Those were dropped before they could count as signs of life, so the
 * first-chunk wait failed an answer that was coming ("did not answer within ..."), and a pause of
 * comments mid-answer broke it off, while empty chunks and Claude's pings of the same length did not.
 */
const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`

let comments = { before: 0, between: 0 }
const server = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    void (async () => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      for (let i = 0; i < comments.before; i++) {
        res.write(': OPENROUTER PROCESSING\n\n')
        await sleep(100)
      }
      res.write(chunk('Before the pause.'))
      for (let i = 0; i < comments.between; i++) {
        res.write(': OPENROUTER PROCESSING\n\n')
        await sleep(100)
      }
      res.write(chunk(' After it.', 'stop'))
      res.end('data: [DONE]\n\n')
    })()
  })
})

// Each wait is well past one comment's interval (100 ms) and well within the comments' whole run.
const call = () => streamedCall('OpenAI', `${server.url}/v1`, { firstChunkMs: 400, idleMs: 400, noProgressMs: 10_000 })

it('comment lines before the first words keep the call waiting for them past the first-chunk wait', async () => {
  comments = { before: 12, between: 0 }
  expect(await call()).toMatchObject({ kind: 'done', text: 'Before the pause. After it.' })
})

it('comment lines in a pause mid-answer keep the answer going past the idle wait', async () => {
  comments = { before: 0, between: 12 }
  expect(await call()).toMatchObject({ kind: 'done', text: 'Before the pause. After it.' })
})
