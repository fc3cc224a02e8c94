import { NO_SCOPE_PATHS } from '../../src/main/store/jobs'
import { connect, type Socket } from 'node:net'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * all_inboxes (and an export) is written from a read snapshot of its own, held until the last
 * byte is sent. A client that stops reading without closing (a frozen tab, a stuck script) held
 * that snapshot for ever, and SQLite cannot reset its write-ahead log past a snapshot in use:
 * measured, the WAL grew from 4.7 MB to 385 MB over 4,000 questions of 2 KB, and kept growing,
 * with the connection still open minutes later. A response the client stops taking is ended
 * after a while; one it keeps taking, however slowly, is not.
 */

const STALL_MS = 800
const node = useTestNode()
let http: HttpServer
const sockets: Socket[] = []

beforeEach(async () => {
  await addProvider(node, 'p1')
  // About 16 MB of inboxes: far more than the socket buffers on both sides hold.
  const scope = JSON.stringify({
    local_vrkai: [],
    local_vrpack: [],
    network_folders: [],
    vector_fs_folders: [],
    vector_fs_items: [],
    // Extra keys of a scope are kept as given.
    padding: 'p'.repeat(2 * 1024 * 1024)
  })
  for (let i = 0; i < 8; i++) node.store.jobs.updateScope(await createJob(node, 'p1'), scope, NO_SCOPE_PATHS)
  http = await startHttpServer({ router: node.router, token: 'tok', port: 0, log: node.log, limits: { stalledResponseMs: STALL_MS } })
})
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy()
  await http.close()
})

/** Asks for all_inboxes on a raw socket; the caller decides how (and whether) it reads. */
function ask(): Socket & { gone: Promise<void>; received: number } {
  const s = connect(http.port, '127.0.0.1') as Socket & { gone: Promise<void>; received: number }
  s.received = 0
  s.on('data', (c: Buffer) => (s.received += c.length))
  s.on('error', () => {})
  s.gone = new Promise((r) => s.on('close', () => r()))
  s.write(`GET /v2/all_inboxes HTTP/1.1\r\nHost: 127.0.0.1:${http.port}\r\nAuthorization: Bearer tok\r\nConnection: close\r\n\r\n`)
  sockets.push(s)
  return s
}

const walCheckpointBlocked = () => (node.store.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[])[0]!.busy === 1

it('a client that stops reading is disconnected, and the snapshot it held no longer keeps the WAL from being reset', async () => {
  const s = ask()
  s.pause()
  await new Promise((r) => setTimeout(r, 200))
  const jobId = await createJob(node, 'p1')
  await node.post('/v2/job_message', { job_id: jobId, content: 'written while the list is being sent' })
  expect(walCheckpointBlocked()).toBe(true) // the response holds its snapshot while it is sent
  const started = performance.now()
  await expect.poll(() => node.log.lines.join('\n'), { timeout: STALL_MS + 3000, interval: 50 }).toMatch(/stopped reading/)
  expect(performance.now() - started).toBeLessThan(STALL_MS + 2000)
  expect(walCheckpointBlocked()).toBe(false)
  // The client, reading again, finds the connection closed before the end of the list.
  s.resume()
  await s.gone
  expect(s.received).toBeLessThan(16 * 1024 * 1024)
  // The node is fine.
  expect((await node.get('/v2/health_check')).status).toBe(200)
})

it('a client that keeps reading, in bursts with pauses shorter than the limit, gets the whole list', async () => {
  const s = ask()
  s.pause()
  const whole = new Promise<void>((r) => s.on('end', () => r()))
  let ended = false
  void whole.then(() => (ended = true))
  // Reads for 50 ms, then pauses (STALL_MS / 4), until the body ends. The node sees the client take
  // more only once TCP opens its window again, after the client has read a good part of what the
  // kernel holds: reading for 5 ms a time on a loaded machine took too little for that (seen in CI).
  while (!ended) {
    s.resume()
    await new Promise((r) => setTimeout(r, 50))
    s.pause()
    await Promise.race([whole, new Promise((r) => setTimeout(r, STALL_MS / 4))])
  }
  s.resume()
  expect(s.received).toBeGreaterThan(16 * 1024 * 1024)
  expect(node.log.lines.join('\n')).not.toMatch(/stopped reading/)
})
