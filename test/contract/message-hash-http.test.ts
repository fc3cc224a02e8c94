import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { createJobBody, provider } from '../support/fixtures'
import { useFakeLlm, useTestNode } from '../support/node'

/*
 * api-contract.md, Messages: node_message_hash is the lowercase hex SHA-256 of the UTF-8 bytes of
 * JSON.stringify of the message exactly as the API returns it, node_message_hash removed from
 * node_api_data, the keys of every object sorted (recursively), no whitespace. Recomputed here by
 * a client's own code from what HTTP answers, for every kind of message an inbox holds.
 */

const TOKEN = 'hash-token'
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 1500, idleMs: 800 }, rateLimitRetries: 0 } })
const fake = useFakeLlm()
let server: HttpServer

beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
})
afterEach(async () => {
  await server.close()
})

interface Message {
  job_message: { content: string; parent: string; stopped?: boolean; error?: unknown }
  node_api_data: { node_message_hash: string; node_timestamp: string; parent_hash: string }
  sender_subidentity: string
}

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}

/** The contract's definition, written from its words alone. */
function recompute(message: unknown): string {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sorted)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sorted((v as Record<string, unknown>)[k])])
          )
        : v
  const copy = structuredClone(message) as { node_api_data: Record<string, unknown> }
  delete copy.node_api_data.node_message_hash
  return createHash('sha256')
    .update(Buffer.from(JSON.stringify(sorted(copy)), 'utf8'))
    .digest('hex')
}

async function messagesOf(inbox: string): Promise<Message[]> {
  const res = await call('POST', '/v2/last_messages', { inbox_name: inbox, limit: 500 })
  expect(res.status).toBe(200)
  return res.body as Message[]
}

async function until(inbox: string, done: (ms: Message[]) => boolean): Promise<Message[]> {
  const end = Date.now() + 10_000
  for (;;) {
    const ms = await messagesOf(inbox)
    if (done(ms)) return ms
    if (Date.now() > end) throw new Error(`inbox never reached the expected state: ${JSON.stringify(ms).slice(0, 2000)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const isAnswer = (m: Message) => m.sender_subidentity !== 'main'

describe('Messages: anyone can recompute node_message_hash from what the API returns', () => {
  it('for questions and answers with unicode, error notes, stopped answers and retried answers, in every place a message is returned', async () => {
    expect((await call('POST', '/v2/add_llm_provider', provider('p1', { external_url: `${fake.url}/v1`, api_key: 'k' }))).status).toBe(200)
    const created = await call('POST', '/v2/create_job', createJobBody('p1'))
    const jobId = (created.body as { job_id: string }).job_id
    const inbox = `job_inbox::${jobId}::false`

    // Unicode of every width, a line separator JSON.stringify leaves as is, a lone surrogate it escapes, quotes and backslashes.
    fake.behaviour = { type: 'reply', chunks: ['Héllo ', '東京 🚀 ', '"q" \\ \u2028 \ud800 end'] }
    const ack = await call('POST', '/v2/job_message', { job_id: jobId, content: 'Ünïcödé ✓ 東京 🚀 \u2028 "quoted" \\ \udfff\n2nd line' })
    expect(ack.status).toBe(200)
    await until(inbox, (ms) => ms.length === 2)

    fake.behaviour = { type: 'status', status: 500, body: { error: { message: 'overloaded' } } }
    await call('POST', '/v2/job_message', { job_id: jobId, content: 'second' })
    await until(inbox, (ms) => ms.length === 4)

    fake.behaviour = { type: 'stall', chunks: ['partial ✂'] }
    const asked = fake.nextChat()
    await call('POST', '/v2/job_message', { job_id: jobId, content: 'third' })
    await asked
    await new Promise((r) => setTimeout(r, 100))
    expect((await call('POST', '/v2/stop_llm', { inbox_name: inbox })).status).toBe(200)
    let ms = await until(inbox, (ms) => ms.length === 6)
    expect(ms[3]!.job_message.error).toBeTruthy()
    expect(ms[5]!.job_message.stopped).toBe(true)

    // Retried: an answer, an error note and a stopped answer, each answered again.
    fake.behaviour = { type: 'reply', chunks: ['again ', '✓'] }
    for (const [n, at] of [
      [7, 1],
      [8, 3],
      [9, 5]
    ] as const) {
      const retried = await call('POST', '/v2/retry_message', { inbox_name: inbox, message_id: ms[at]!.node_api_data.node_message_hash })
      expect(retried.status).toBe(200)
      ms = await until(inbox, (ms) => ms.length === n)
      expect(ms.at(-1)!.job_message.parent).toBe(ms[at - 1]!.node_api_data.node_message_hash)
    }

    expect(ms[0]!.node_api_data.node_message_hash).toBe((ack.body as { node_message_hash: string }).node_message_hash)
    expect(ms.filter(isAnswer)).toHaveLength(6)
    let previous = { hash: '', at: '' }
    for (const m of ms) {
      expect(m.node_api_data.node_message_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(recompute(m), m.job_message.content).toBe(m.node_api_data.node_message_hash)
      expect(m.node_api_data.parent_hash).toBe(previous.hash)
      expect(m.node_api_data.node_timestamp > previous.at).toBe(true)
      previous = { hash: m.node_api_data.node_message_hash, at: m.node_api_data.node_timestamp }
    }

    // An edited history is detectable: the same message with one character changed no longer matches.
    const edited = structuredClone(ms[1]!)
    edited.job_message.content = edited.job_message.content.replace('H', 'h')
    expect(recompute(edited)).not.toBe(edited.node_api_data.node_message_hash)

    // The same messages as all_inboxes, get_inbox and the JSON export return them.
    const [listed] = (await call('GET', '/v2/all_inboxes')).body as { last_message: Message }[]
    const got = (await call('GET', `/v2/get_inbox?inbox_name=${encodeURIComponent(inbox)}`)).body as { last_message: Message }
    for (const last of [listed!.last_message, got.last_message]) {
      expect(last).toEqual(ms.at(-1))
      expect(recompute(last)).toBe(last.node_api_data.node_message_hash)
    }
    const exported = (await call('POST', '/v2/export_messages_from_inbox', { inbox_name: inbox, format: 'json' })).body as {
      content: string
    }
    const fromExport = JSON.parse(exported.content) as Message[]
    expect(fromExport).toEqual(ms)
    for (const m of fromExport) expect(recompute(m)).toBe(m.node_api_data.node_message_hash)
  })
})
