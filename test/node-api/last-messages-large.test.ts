import type { IpcMainInvokeEvent } from 'electron'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { IPC_REQUEST_CHANNEL } from '../../src/shared/bridge'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { bindIpc, type IpcMainLike, type IpcReply } from '../../src/main/transports/ipc'
import { insertMessages, sentence } from '../support/bulk-messages'
import { callJson } from '../support/http-post'
import { addProvider, createJob, useTestNode } from '../support/node'
import { longestHoldWhile } from '../support/event-loop-hold'

/*
 * last_messages over an inbox of large messages, over real HTTP, with health checks one after
 * another while it is sent. Its body was built whole in memory: 400 messages of 1 MB held the node
 * 6.3 s. It is now written a message at a time, as all_inboxes and exports are. LARGE_MESSAGES sets
 * how many (the stall grew with it); IPC still gets the same JSON, joined.
 */

const MESSAGES = Number(process.env.LARGE_MESSAGES ?? 120)
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let server: HttpServer
beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: 't', port: 0, log: node.log })
})
afterEach(() => server.close())

const call = (method: 'GET' | 'POST', path: string, body?: unknown) => callJson(server.url, 't', method, path, body)

it('sends a page of large messages a message at a time: health checks are answered while it goes out', async () => {
  const jobId = await createJob(node, 'gpt')
  const inbox = `job_inbox::${jobId}::false`
  // About 1 MB each.
  insertMessages(node.store.db, jobId, MESSAGES, (i) => sentence(i, `marker${i}`, 140_000))

  let settled = false
  const started = performance.now()
  const page = fetch(`${server.url}/v2/last_messages`, {
    method: 'POST',
    headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json' },
    body: JSON.stringify({ inbox_name: inbox, limit: 500 })
  })
    // Read as bytes and decoded at the end: decoding as it arrives would hold this same thread.
    .then(async (res) => {
      const parts: Uint8Array[] = []
      for await (const part of res.body! as AsyncIterable<Uint8Array>) parts.push(part)
      return { status: res.status, parts }
    })
    .finally(() => (settled = true))
  // The longest the node's thread was held while the page was sent (the node runs in this process).
  const watch = longestHoldWhile(() => settled)
  let answered = 0
  while (!settled) {
    expect((await call('GET', '/v2/health_check')).status).toBe(200)
    if (!settled) answered++
  }
  const { status, parts } = await page
  const took = performance.now() - started
  const longest = await watch
  const text = Buffer.concat(parts).toString()
  console.log(
    `${MESSAGES} messages of 1 MB: sent in ${Math.round(took)} ms, longest hold ${Math.round(longest)} ms, ${answered} health checks`
  )
  expect(status).toBe(200)
  const messages = JSON.parse(text) as { job_message: { content: string } }[]
  expect(messages).toHaveLength(MESSAGES)
  expect(messages.map((m) => m.job_message.content.split(' ')[0])).toEqual(Array.from({ length: MESSAGES }, (_, i) => `marker${i}`))
  expect(answered, 'health checks answered while the page was sent').toBeGreaterThanOrEqual(3)
  expect(longest, `longest hold ${Math.round(longest)} ms of an answer of ${Math.round(took)} ms`).toBeLessThan(took / 6)

  // The same JSON over IPC, and for a page before a message (offset_key).
  const handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>()
  const ipc: IpcMainLike = { handle: (channel, listener) => void handlers.set(channel, listener), removeHandler: () => {} }
  bindIpc(ipc, node.router, () => true)
  const ask = async (body: unknown) =>
    (await handlers.get(IPC_REQUEST_CHANNEL)!({} as IpcMainInvokeEvent, { method: 'POST', path: '/v2/last_messages', body })) as IpcReply
  const viaIpc = await ask({ inbox_name: inbox, limit: 500 })
  expect(viaIpc.status).toBe(200)
  expect(Buffer.from(viaIpc.body).toString()).toBe(text)
  const hashes = (messages as unknown as { node_api_data: { node_message_hash: string } }[]).map((m) => m.node_api_data.node_message_hash)
  const before = await ask({ inbox_name: inbox, limit: 2, offset_key: hashes[3] })
  expect((JSON.parse(Buffer.from(before.body).toString()) as typeof messages).map((m) => m.job_message.content.split(' ')[0])).toEqual([
    'marker1',
    'marker2'
  ])
}, 120_000)

it('answers an empty inbox with [], and 404 for an unknown inbox or offset_key, with the error body', async () => {
  const jobId = await createJob(node, 'gpt')
  const inbox = `job_inbox::${jobId}::false`
  expect(await call('POST', '/v2/last_messages', { inbox_name: inbox })).toEqual({ status: 200, body: [] })
  const unknown = await call('POST', '/v2/last_messages', { inbox_name: 'job_inbox::nope::false' })
  expect(unknown).toMatchObject({ status: 404, body: { code: 404, error: 'Not Found' } })
  const offset = await call('POST', '/v2/last_messages', { inbox_name: inbox, offset_key: 'abc' })
  expect(offset).toMatchObject({ status: 404, body: { code: 404, error: 'Not Found', message: expect.stringContaining('offset_key') } })
})
