import { createHash } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { addProvider, createJob, dbFingerprint, expectError, useTestNode } from '../support/node'
import { NODE } from '../support/fixtures'

const node = useTestNode()
let jobId: string
let inboxId: string
beforeEach(async () => {
  await addProvider(node, 'gpt')
  jobId = await createJob(node, 'gpt')
  inboxId = `job_inbox::${jobId}::false`
})

type Msg = {
  inbox: string
  job_message: Record<string, unknown>
  node_api_data: { node_message_hash: string; node_timestamp: string; parent_hash: string }
  [k: string]: unknown
}

/** The contract's recipe, written independently of the implementation. */
function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(',')}]`
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(v)
}
function recomputeHash(m: Msg): string {
  const copy = structuredClone(m)
  delete (copy.node_api_data as Partial<Msg['node_api_data']>).node_message_hash
  return createHash('sha256').update(sortedJson(copy), 'utf8').digest('hex')
}

const send = (content: string, extra: Record<string, unknown> = {}) => node.post('/v2/job_message', { job_id: jobId, content, ...extra })
const page = async (body: Record<string, unknown> = {}) =>
  (await node.post('/v2/last_messages', { inbox_name: inboxId, ...body })).body as Msg[]

describe('job_message', () => {
  it('stores the message, answers {inbox, node_message_hash, node_timestamp}, and makes it last_message', async () => {
    const res = await send('Hello ✓ world')
    expect(res.status).toBe(200)
    const ack = res.body as { inbox: string; node_message_hash: string; node_timestamp: string }
    expect(Object.keys(ack).sort()).toEqual(['inbox', 'node_message_hash', 'node_timestamp'])
    expect(ack.inbox).toBe(inboxId)
    expect(ack.node_message_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(ack.node_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    const [inbox] = (await node.get('/v2/all_inboxes')).body as { last_message: Msg }[]
    expect(inbox!.last_message).toEqual({
      inbox: inboxId,
      job_message: {
        callback: null,
        content: 'Hello ✓ world',
        files_inbox: '',
        job_id: jobId,
        parent: '',
        sheet_job_data: '',
        workflow_code: '',
        workflow_name: ''
      },
      node_api_data: { node_message_hash: ack.node_message_hash, node_timestamp: ack.node_timestamp, parent_hash: '' },
      receiver: NODE,
      receiver_subidentity: 'main',
      sender: NODE,
      sender_subidentity: 'main'
    })
  })

  it('chains messages: parent_hash is the previous hash, timestamps strictly increase, hashes recompute', async () => {
    for (let i = 0; i < 30; i++) await send(`message ${i}`)
    const msgs = await page({ limit: 500 })
    expect(msgs).toHaveLength(30)
    let prev = ''
    for (const m of msgs) {
      expect(m.node_api_data.parent_hash).toBe(prev)
      expect(recomputeHash(m)).toBe(m.node_api_data.node_message_hash)
      prev = m.node_api_data.node_message_hash
    }
    for (let i = 1; i < msgs.length; i++) {
      expect(msgs[i]!.node_api_data.node_timestamp > msgs[i - 1]!.node_api_data.node_timestamp).toBe(true)
    }
  })

  it('an edited history is detectable', async () => {
    await send('original')
    const [m] = await page()
    const edited = structuredClone(m!)
    edited.job_message.content = 'forged'
    expect(recomputeHash(edited)).not.toBe(m!.node_api_data.node_message_hash)
  })

  it('names a default-named inbox after the first line of the first message (120 chars max), once', async () => {
    await send(`\n  ${'Plan the launch '.repeat(10)}\nsecond line`)
    const name = () =>
      (node.get('/v2/all_inboxes') as unknown as Promise<{ body: { custom_name: string }[] }>).then((r) => r.body[0]!.custom_name)
    expect(await name()).toBe('Plan the launch '.repeat(10).trim().slice(0, 120))
    await send('Another topic')
    expect(await name()).toBe('Plan the launch '.repeat(10).trim().slice(0, 120))
  })

  it('keeps a name the operator chose', async () => {
    await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxId, custom_name: 'Mine' })
    await send('first')
    expect(((await node.get('/v2/all_inboxes')).body as { custom_name: string }[])[0]!.custom_name).toBe('Mine')
  })

  it('passes parent and files_inbox through', async () => {
    await send('with files', { parent: 'abc', files_inbox: 'files-1' })
    const [m] = await page()
    expect(m!.job_message).toMatchObject({ parent: 'abc', files_inbox: 'files-1' })
  })

  it('parent and files_inbox name a message or an inbox: over 1,024 characters is 400 naming the field, and nothing is stored', async () => {
    // Unbounded, 5 MB of parent was stored with a 2-letter message, and came back from every read of the inbox.
    const before = dbFingerprint(node.store)
    expectError(
      await send('hi', { parent: 'p'.repeat(1025) }),
      400,
      'parent: longer than 1,024 characters (it names the node_message_hash of a message)'
    )
    expectError(
      await send('hi', { files_inbox: 'f'.repeat(5_000_000) }),
      400,
      'files_inbox: longer than 1,024 characters (it names an inbox)'
    )
    expect(dbFingerprint(node.store)).toBe(before)
    expect((await send('hi', { parent: 'p'.repeat(1024), files_inbox: 'f'.repeat(1024) })).status).toBe(200)
  })

  it('answers 404 for an unknown job and 400 for an invalid body, changing nothing', async () => {
    const before = dbFingerprint(node.store)
    expectError(await node.post('/v2/job_message', { job_id: 'jobid_x', content: 'hi' }), 404, "job_id: no job with id 'jobid_x'")
    expectError(await node.post('/v2/job_message', { job_id: jobId }), 400, 'content: required')
    expectError(await node.post('/v2/job_message', { job_id: jobId, content: '  ' }), 400, 'content: must not be empty')
    expectError(await node.post('/v2/job_message', { job_id: jobId, content: 1 }), 400, 'content: expected string')
    expect(dbFingerprint(node.store)).toBe(before)
  })
})

describe('last_messages', () => {
  it('pages oldest-first, ending at the newest or just before offset_key', async () => {
    for (let i = 0; i < 12; i++) await send(`m${i}`)
    const contents = (ms: Msg[]) => ms.map((m) => m.job_message.content)
    expect(contents(await page())).toEqual(Array.from({ length: 12 }, (_, i) => `m${i}`))
    const last5 = await page({ limit: 5 })
    expect(contents(last5)).toEqual(['m7', 'm8', 'm9', 'm10', 'm11'])
    const before = await page({ limit: 5, offset_key: last5[0]!.node_api_data.node_message_hash })
    expect(contents(before)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6'])
    const first = await page({ limit: 5, offset_key: before[0]!.node_api_data.node_message_hash })
    expect(contents(first)).toEqual(['m0', 'm1'])
  })

  it('answers [] for an inbox without messages', async () => {
    expect(await page()).toEqual([])
  })

  it('defaults to 50 and caps limit at 500', async () => {
    for (let i = 0; i < 55; i++) await send(`m${i}`)
    expect(await page()).toHaveLength(50)
    expectError(await node.post('/v2/last_messages', { inbox_name: inboxId, limit: 501 }), 400, 'limit: must be at most 500')
    expectError(await node.post('/v2/last_messages', { inbox_name: inboxId, limit: 0 }), 400, 'limit: must be at least 1')
    expectError(await node.post('/v2/last_messages', { inbox_name: inboxId, limit: 2.5 }), 400, 'limit')
  })

  it('answers 404 for an unknown inbox or offset_key', async () => {
    expectError(await node.post('/v2/last_messages', { inbox_name: 'job_inbox::x::false' }), 404, 'inbox_name')
    expectError(await node.post('/v2/last_messages', { inbox_name: inboxId, offset_key: 'f'.repeat(64) }), 404, 'offset_key')
    expectError(await node.post('/v2/last_messages', {}), 400, 'inbox_name: required')
  })
})
