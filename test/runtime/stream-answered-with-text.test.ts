import { expect, it } from 'vitest'
import { useLoopbackServer } from '../support/loopback-server'
import { askOnce } from '../support/answers'
import { useTestNode } from '../support/node'

/*
 * A Claude or Gemini provider whose URL points at something else (a web server's welcome page, a
 * gateway's plain-text notice) that answers the streamed question with 200 and a body that is not
 * an event stream. The SDK read it as events, found none, and the operator was told the model
 * "returned an empty answer" and to try again, which can never work. Now the note says the reply
 * was not a chat answer, and what it was, as for the OpenAI-compatible protocol. Real node, real HTTP.
 */

const PAGE = 'Welcome to nginx! If you see this page, the web server is installed and working.'
let body = PAGE
const server = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(body))
})
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 5000, idleMs: 5000 }, rateLimitRetries: 0 } })

it.each([
  ['Claude', '/v1'],
  ['Gemini', '/v1beta']
])('%s, streamed: a 200 reply of plain text is not a chat answer, not an empty answer', async (kind, path) => {
  body = PAGE
  const note = await askOnce(node, kind, `${server.url}${path}`)
  expect(note.content).toMatch(
    /^⚠ .* sent a reply that is not a chat answer \(it is not an event stream but text\/plain, starting "Welcome to nginx!/
  )
  expect(note.content).not.toMatch(/empty answer/)
})

it.each([
  ['Claude', '/v1'],
  ['Gemini', '/v1beta']
])(
  '%s, streamed: a 200 reply with an empty body is not a chat answer (as for OpenAI-compatible servers), not an empty answer',
  async (kind, path) => {
    body = ''
    const note = await askOnce(node, kind, `${server.url}${path}`)
    expect(note.content).toMatch(/^⚠ .* sent a reply that is not a chat answer \(it is empty\)/)
  }
)
