import { request } from 'node:http'
import { connect } from 'node:net'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { collectGarbage } from '../support/garbage'
import { addProvider, createJob, useTestNode } from '../support/node'

const TOKEN = 'test-token-stream'
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let server: HttpServer
beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
})
afterEach(() => server.close())

/** A scope of about `mb` megabytes of passages. */
const bigScope = (mb: number) => ({
  local_vrkai: [],
  local_vrpack: [],
  network_folders: [],
  vector_fs_folders: [],
  vector_fs_items: Array.from({ length: Math.ceil((mb * 1024 * 1024) / 2000) }, (_, i) => ({
    name: `doc ${i}.txt`,
    path: { path_ids: ['Docs', `doc ${i}.txt`] },
    source: { Standard: { FileRef: { file_name: `doc ${i}.txt`, file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } },
    note: 'x'.repeat(1800)
  }))
})

it('all_inboxes goes out in pieces (chunked, no Content-Length) and equals the same list read in one piece', async () => {
  for (let i = 0; i < 5; i++) await createJob(node, 'gpt', bigScope(1))
  const res = await fetch(`${server.url}/v2/all_inboxes`, { headers: { Authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-length')).toBeNull()
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  const viaHttp = await res.json()
  expect(viaHttp).toEqual((await node.get('/v2/all_inboxes')).body)
  expect((viaHttp as unknown[]).length).toBe(5)
})

it('a client that goes away mid-list releases the list; the node keeps answering and writing', async () => {
  for (let i = 0; i < 8; i++) await createJob(node, 'gpt', bigScope(2))
  const received = await new Promise<number>((done, fail) => {
    const req = request(`${server.url}/v2/all_inboxes`, { headers: { Authorization: `Bearer ${TOKEN}` } }, (res) => {
      let n = 0
      res.on('data', (c: Buffer) => {
        n += c.length
        if (n > 1024 * 1024) {
          req.destroy()
          done(n)
        }
      })
      res.on('error', () => undefined)
    })
    req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : fail(err)))
    req.end()
  })
  expect(received).toBeGreaterThan(1024 * 1024)
  // Writes go on while (and after) the list was read from its own snapshot.
  const jobId = await createJob(node, 'gpt')
  expect((await node.post('/v2/job_message', { job_id: jobId, content: 'still writable' })).status).toBe(200)
  const list = await fetch(`${server.url}/v2/all_inboxes?include_scope=false`, { headers: { Authorization: `Bearer ${TOKEN}` } })
  expect(((await list.json()) as unknown[]).length).toBe(9)
})

it('export_messages_from_inbox streams a long history as one JSON value', async () => {
  const jobId = await createJob(node, 'gpt')
  for (let i = 0; i < 300; i++) await node.post('/v2/job_message', { job_id: jobId, content: `message ${i} ${'é"\\\n'.repeat(50)}` })
  const res = await fetch(`${server.url}/v2/export_messages_from_inbox`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ inbox_name: `job_inbox::${jobId}::false`, format: 'json' })
  })
  expect(res.status).toBe(200)
  const { content } = (await res.json()) as { content: string }
  const all = JSON.parse(content) as { job_message: { content: string } }[]
  expect(all.map((m) => m.job_message.content.split(' ')[1])).toEqual(Array.from({ length: 300 }, (_, i) => String(i)))
})

it('a client that goes away mid-body lets go of what it had sent; the node keeps answering', async () => {
  const port = Number(new URL(server.url).port)
  collectGarbage()
  const before = process.memoryUsage().arrayBuffers
  for (let i = 0; i < 20; i++) {
    const socket = connect(port, '127.0.0.1')
    await new Promise((r) => socket.once('connect', r))
    const head =
      `POST /v2/update_job_scope HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${60 * 1024 * 1024}\r\n\r\n`
    // 4 MB of the 60 MB announced, then the client vanishes (closed tab, lost network).
    await new Promise<void>((r) => socket.write(head + '{"job_id":"' + 'x'.repeat(4 * 1024 * 1024), () => r()))
    await new Promise((r) => setTimeout(r, 50))
    socket.destroy()
  }
  await new Promise((r) => setTimeout(r, 300))
  collectGarbage()
  // Each cut-off body used to be held for good (its end never came): 20 x 4 MB.
  expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024)
  expect((await fetch(`${server.url}/v2/health_check`)).status).toBe(200)
})
