import { expect, it } from 'vitest'
import { useLoopbackServer } from '../support/loopback-server'
import { askOnce } from '../support/answers'
import { useTestNode } from '../support/node'

/*
 * A streamed question answered with one endless line that is not an event stream (JSON, no newline:
 * a wrong address, a proxy, a hostile server; a small gzip body can expand to it). The size limit
 * of one event applied only to replies labelled text/event-stream, so for Claude and Gemini the
 * parser held the line up to the wire limit of a stream (257 MiB at the default answer size): the
 * headless node went from 190 MB to 550 MB of RSS for one such call, and four run at once per
 * server. Any line of a streamed reply now has the event's limit. Real node, real HTTP server.
 */

const MIB = 1024 * 1024
const FLOOD = 100 * MIB
let written = 0
const server = useLoopbackServer(
  (req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.write('{"data":[0.1')
      const chunk = ',0.1'.repeat(64 * 1024)
      const pump = () => {
        while (written < FLOOD) {
          written += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end(']}')
      }
      pump()
    })
  },
  { perTest: true }
)
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 10_000, idleMs: 10_000 }, rateLimitRetries: 0 } })

it.each([
  ['OpenAI', '/v1'],
  ['Claude', '/v1'],
  ['Gemini', '/v1beta'],
  ['Ollama', '']
])(
  '%s, streamed: an endless line that is not an event stream is read up to the limit of one event, then an error note',
  async (kind, path) => {
    written = 0
    const note = await askOnce(node, kind, `${server.url}${path}`, 30_000)
    expect(note.content).toMatch(/^⚠ .* sent a reply that is not a chat answer/)
    // The limit of one event (8 MiB at the default answer size) and what the sockets buffer, not the flood.
    expect(written).toBeLessThan(24 * MIB)
  }
)
