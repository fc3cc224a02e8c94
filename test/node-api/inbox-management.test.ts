import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import Markdown from 'react-markdown'
import { describe, expect, it } from 'vitest'
import type { Inbox } from '../../src/shared/contract/inbox'
import type { LastMessage } from '../../src/shared/contract/message'
import { readableTime } from '../../src/main/node-api/export-format'
import { messages, recordEvents, type Msg } from '../support/answers'
import { NODE, provider } from '../support/fixtures'
import { addProvider, createJob, dbFingerprint, expectError, useTestNode } from '../support/node'

/** What a text export says under its title about how it is laid out (stable: a reader relies on it). */
const TEXT_LAYOUT =
  'Each message starts with a line "[time] Who:" at the left margin; every line of its text follows, indented by 4 spaces.'

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })

type Page = { inboxes: Inbox[]; hasNextPage: boolean; total_count: number }
const inboxOf = (jobId: string) => `job_inbox::${jobId}::false`
const page = async (query: Record<string, string> = {}) => {
  const res = await node.get('/v2/all_inboxes_paginated', query)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as Page
}
const say = async (jobId: string, content: string) => {
  const res = await node.post('/v2/job_message', { job_id: jobId, content })
  expect(res.status).toBe(200)
  return res.body as { node_message_hash: string }
}
/** Stores an answer as the runtime would (the provider's agent as sender), without a provider. */
function answer(jobId: string, question: string, content: string, providerId = 'gpt') {
  const reply = { role: 'answer', agent: { node_name: NODE, profile_name: 'main', subidentity_name: providerId } } as const
  return node.ctx.chain.append({ inboxId: inboxOf(jobId), jobId, content, parent: question, reply }, { answers: question })!
}

const providerOf = async (id: string) =>
  ((await node.get('/v2/available_llm_providers')).body as { id: string; has_api_key: boolean; last_check: unknown }[]).find(
    (p) => p.id === id
  )!

describe('all_inboxes_paginated', () => {
  it('pages in all_inboxes order with job_scope null, hasNextPage and total_count', async () => {
    const jobs: string[] = []
    for (let i = 0; i < 7; i++) jobs.push(await createJob(node, 'gpt'))
    await say(jobs[2]!, 'bump')
    const all = (await node.get('/v2/all_inboxes')).body as Inbox[]
    const first = await page({ limit: '3' })
    expect(first.total_count).toBe(7)
    expect(first.hasNextPage).toBe(true)
    expect(first.inboxes.map((i) => i.inbox_id)).toEqual(all.slice(0, 3).map((i) => i.inbox_id))
    expect(first.inboxes.every((i) => i.job_scope === null && i.is_hidden === false && i.is_pinned === false)).toBe(true)
    const second = await page({ limit: '3', offset: first.inboxes[2]!.inbox_id })
    const third = await page({ limit: '3', offset: second.inboxes[2]!.inbox_id })
    expect([...first.inboxes, ...second.inboxes, ...third.inboxes].map((i) => i.inbox_id)).toEqual(all.map((i) => i.inbox_id))
    expect(third.hasNextPage).toBe(false)
    expect(third.inboxes).toHaveLength(1)
    // The same inbox as all_inboxes shows it, scope aside.
    expect(first.inboxes[0]).toEqual({ ...all[0], job_scope: null })
  })

  it('defaults to 20, leaves hidden inboxes out unless asked, and filters pinned', async () => {
    const jobs: string[] = []
    for (let i = 0; i < 22; i++) jobs.push(await createJob(node, 'gpt', undefined, { is_hidden: i < 2 }))
    expect((await page()).inboxes).toHaveLength(20)
    expect((await page()).total_count).toBe(20)
    expect((await page({ show_hidden: 'true' })).total_count).toBe(22)
    expect((await node.post('/v2/update_inbox_pinned', { inbox_name: inboxOf(jobs[5]!), pinned: true })).status).toBe(200)
    expect((await node.post('/v2/update_inbox_pinned', { inbox_name: inboxOf(jobs[0]!), pinned: true })).status).toBe(200)
    const pinned = await page({ pinned: 'true' })
    expect(pinned.inboxes.map((i) => i.inbox_id)).toEqual([inboxOf(jobs[5]!)])
    expect(pinned.total_count).toBe(1)
    const pinnedAll = await page({ pinned: 'true', show_hidden: 'true' })
    expect(pinnedAll.inboxes.map((i) => i.inbox_id)).toEqual([inboxOf(jobs[5]!), inboxOf(jobs[0]!)])
    expect(pinnedAll.inboxes.every((i) => i.is_pinned)).toBe(true)
    expect((await page({ pinned: 'false', limit: '200' })).total_count).toBe(19)
    expect((await page({ pinned: 'false', limit: '200' })).inboxes.some((i) => i.is_pinned)).toBe(false)
    // Pinning does not reorder all_inboxes.
    const all = (await node.get('/v2/all_inboxes')).body as Inbox[]
    expect(all.map((i) => i.inbox_id)).toEqual([...jobs].reverse().map(inboxOf))
    expect(all.find((i) => i.inbox_id === inboxOf(jobs[0]!))).toMatchObject({ is_hidden: true, is_pinned: true })
  })

  it('walks the whole list exactly once while writes happen between pages', async () => {
    const jobs: string[] = []
    for (let i = 0; i < 30; i++) jobs.push(await createJob(node, 'gpt'))
    const before = ((await node.get('/v2/all_inboxes')).body as Inbox[]).map((i) => i.inbox_id)
    const seen: string[] = []
    const moved = new Set<string>()
    const added = new Set<string>()
    let offset: string | undefined
    for (let round = 0; ; round++) {
      const p = await page({ limit: '4', ...(offset ? { offset } : {}) })
      seen.push(...p.inboxes.map((i) => i.inbox_id))
      if (!p.hasNextPage) break
      offset = p.inboxes[p.inboxes.length - 1]!.inbox_id
      // Between pages: the page's last inbox and one not reached yet get messages (both move to
      // the top), and a new job appears.
      await say(jobs[before.length - 1 - before.indexOf(offset)]!, `moved ${round}`)
      moved.add(offset)
      const ahead = before[Math.min(before.length - 1, seen.length + 2)]!
      await say(jobs[before.length - 1 - before.indexOf(ahead)]!, `ahead ${round}`)
      moved.add(ahead)
      added.add(inboxOf(await createJob(node, 'gpt')))
    }
    expect(new Set(seen).size).toBe(seen.length)
    for (const id of seen) expect(added.has(id)).toBe(false)
    // Every inbox that did not move appears, in the original order.
    const expected = before.filter((id) => !moved.has(id))
    expect(seen.filter((id) => !moved.has(id))).toEqual(expected)
  })

  it('refuses an offset whose inbox was removed since its page was served (it names no inbox); the row before it continues the walk', async () => {
    const jobs: string[] = []
    for (let i = 0; i < 6; i++) jobs.push(await createJob(node, 'gpt'))
    const first = await page({ limit: '3' })
    const last = first.inboxes[2]!.inbox_id
    expect((await node.post('/v2/remove_job', { job_id: last.split('::')[1] })).status).toBe(200)
    const refused = await node.get('/v2/all_inboxes_paginated', { limit: '3', offset: last })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 400, message: `offset: no inbox '${last}'` })
    const second = await page({ limit: '3', offset: first.inboxes[1]!.inbox_id })
    expect(second.inboxes.map((i) => i.inbox_id)).toEqual([jobs[2], jobs[1], jobs[0]].map((j) => inboxOf(j!)))
  })

  it('a page read again shows every write made since (pages are remembered only until the next write)', async () => {
    const a = await createJob(node, 'gpt')
    const b = await createJob(node, 'gpt')
    const top = async () => (await page({ limit: '1' })).inboxes[0]!
    expect((await top()).inbox_id).toBe(inboxOf(b))
    expect(await page({ limit: '1' })).toEqual(await page({ limit: '1' }))
    await say(a, 'a question moves a to the top')
    expect((await top()).inbox_id).toBe(inboxOf(a))
    expect((await top()).last_message?.job_message.content).toBe('a question moves a to the top')
    expect((await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxOf(a), custom_name: 'Renamed' })).status).toBe(200)
    expect((await top()).custom_name).toBe('Renamed')
    const config = { custom_prompt: 'Be brief.', temperature: 0.2, top_k: 40, top_p: 0.9, stream: true }
    const cfg = await node.post('/v2/update_job_config', { job_id: a, config })
    expect(cfg.status, JSON.stringify(cfg.body)).toBe(200)
    expect((await top()).job_config).toMatchObject({ custom_prompt: 'Be brief.' })
    const { has_api_key: _k, last_check: _c, ...stored } = await providerOf('gpt')
    const model = { OpenAI: { model_type: 'gpt-edited' } }
    const edited = await node.post('/v2/modify_llm_provider', { ...stored, model })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect((await top()).agent).toMatchObject({ id: 'gpt', model })
  })

  it('pages of every limit show each write made just before them (a statement is kept per limit, not a page)', async () => {
    const jobs: string[] = []
    for (let i = 0; i < 10; i++) jobs.push(await createJob(node, 'gpt'))
    // More limits than statements are kept for a filter, in turn, each page read right after a write.
    for (let round = 0; round < 2; round++) {
      for (let limit = 1; limit <= 9; limit++) {
        const jobId = jobs[(limit * 3 + round) % jobs.length]!
        await say(jobId, `round ${round}, limit ${limit}`)
        const all = (await node.get('/v2/all_inboxes')).body as Inbox[]
        const p = await page({ limit: String(limit) })
        expect(p.inboxes.map((i) => i.inbox_id)).toEqual(all.slice(0, limit).map((i) => i.inbox_id))
        expect(p.inboxes[0]!.inbox_id).toBe(inboxOf(jobId))
        expect(p.inboxes[0]!.last_message?.job_message.content).toBe(`round ${round}, limit ${limit}`)
        expect(p.hasNextPage).toBe(limit < jobs.length)
        const next = await page({ limit: String(limit), offset: p.inboxes.at(-1)!.inbox_id })
        expect(next.inboxes.map((i) => i.inbox_id)).toEqual(all.slice(limit, 2 * limit).map((i) => i.inbox_id))
      }
    }
  })

  it('position (beyond the contract: a scrollbar dragged far) answers the page starting at that place, for every filter', async () => {
    const jobs: string[] = []
    for (let i = 0; i < 9; i++) jobs.push(await createJob(node, 'gpt'))
    await say(jobs[3]!, 'bump')
    expect((await node.post('/v2/update_job_hidden', { job_id: jobs[5], is_hidden: true })).status).toBe(200)
    expect((await node.post('/v2/update_inbox_pinned', { inbox_name: inboxOf(jobs[6]!), pinned: true })).status).toBe(200)
    const filters: Record<string, string>[] = [{}, { show_hidden: 'true' }, { pinned: 'false' }, { pinned: 'true', show_hidden: 'true' }]
    for (const filter of filters) {
      const whole = (await page({ ...filter, limit: '200' })).inboxes.map((i) => i.inbox_id)
      for (let at = 0; at <= whole.length + 1; at++) {
        const p = await page({ ...filter, limit: '3', position: String(at) })
        expect(
          p.inboxes.map((i) => i.inbox_id),
          `${JSON.stringify(filter)} at ${at}`
        ).toEqual(whole.slice(at, at + 3))
        expect(p.hasNextPage).toBe(at + 3 < whole.length)
        expect(p.total_count).toBe(whole.length)
        // The next page continues after it with offset, as after any page.
        if (p.hasNextPage) {
          const next = await page({ ...filter, limit: '3', offset: p.inboxes.at(-1)!.inbox_id })
          expect(next.inboxes.map((i) => i.inbox_id)).toEqual(whole.slice(at + 3, at + 6))
        }
      }
    }
    expectError(await node.get('/v2/all_inboxes_paginated', { position: '2', offset: inboxOf(jobs[0]!) }), 400, 'position')
    expectError(await node.get('/v2/all_inboxes_paginated', { position: '-1' }), 400, 'position')
    expectError(await node.get('/v2/all_inboxes_paginated', { position: 'far' }), 400, 'position')
  })

  it('inbox_place (beyond the contract) answers where each inbox stands in every filter, null where the filter leaves it out', async () => {
    const jobs: string[] = []
    for (let i = 0; i < 9; i++) jobs.push(await createJob(node, 'gpt'))
    await say(jobs[3]!, 'bump')
    expect((await node.post('/v2/update_job_hidden', { job_id: jobs[5], is_hidden: true })).status).toBe(200)
    expect((await node.post('/v2/update_inbox_pinned', { inbox_name: inboxOf(jobs[6]!), pinned: true })).status).toBe(200)
    const filters: Record<string, string>[] = [
      {},
      { show_hidden: 'true' },
      { pinned: 'false' },
      { pinned: 'true' },
      { pinned: 'true', show_hidden: 'true' }
    ]
    for (const filter of filters) {
      const whole = (await page({ ...filter, limit: '200' })).inboxes.map((i) => i.inbox_id)
      for (const job of jobs) {
        const res = await node.get('/v2/inbox_place', { ...filter, inbox_name: inboxOf(job) })
        expect(res.status).toBe(200)
        const at = whole.indexOf(inboxOf(job))
        expect(res.body, `${JSON.stringify(filter)} ${job}`).toEqual({ position: at >= 0 ? at : null })
      }
    }
    // A new message moves the inbox to the top: its place follows.
    await say(jobs[0]!, 'now first')
    expect((await node.get('/v2/inbox_place', { inbox_name: inboxOf(jobs[0]!) })).body).toEqual({ position: 0 })
    expectError(await node.get('/v2/inbox_place', { inbox_name: 'job_inbox::nope::false' }), 404, 'inbox_name')
    expectError(await node.get('/v2/inbox_place', {}), 400, 'inbox_name')
    expectError(await node.get('/v2/inbox_place', { inbox_name: inboxOf(jobs[0]!), pinned: 'maybe' }), 400, 'pinned')
  })

  it('total_count follows create, remove, hide and pin at once', async () => {
    expect((await page()).total_count).toBe(0)
    const a = await createJob(node, 'gpt')
    const b = await createJob(node, 'gpt')
    expect((await page()).total_count).toBe(2)
    await node.post('/v2/update_job_hidden', { job_id: a, is_hidden: true })
    expect((await page()).total_count).toBe(1)
    expect((await page({ show_hidden: 'true' })).total_count).toBe(2)
    await node.post('/v2/update_inbox_pinned', { inbox_name: inboxOf(b), pinned: true })
    expect((await page({ pinned: 'true' })).total_count).toBe(1)
    expect((await page({ pinned: 'false' })).total_count).toBe(0)
    await node.post('/v2/remove_job', { job_id: b })
    expect((await page()).total_count).toBe(0)
    expect((await page({ show_hidden: 'true' })).total_count).toBe(1)
    await node.post('/v2/update_job_hidden', { job_id: a, is_hidden: false })
    expect((await page()).total_count).toBe(1)
  })

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '201' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ limit: '2.5' }, 'limit'],
    [{ show_hidden: 'yes' }, 'show_hidden'],
    [{ pinned: '1' }, 'pinned'],
    [{ offset: 'job_inbox::nope::false' }, 'offset']
  ])('answers 400 for %j naming %s', async (query, field) => {
    await createJob(node, 'gpt')
    expectError(await node.get('/v2/all_inboxes_paginated', query), 400, `${field}:`)
  })
})

describe('get_inbox', () => {
  it('answers one inbox with its scope and flags; 404 and 400 otherwise', async () => {
    const jobId = await createJob(node, 'gpt')
    const res = await node.get('/v2/get_inbox', { inbox_name: inboxOf(jobId) })
    expect(res.status).toBe(200)
    const all = (await node.get('/v2/all_inboxes')).body as Inbox[]
    expect(res.body).toEqual(all[0])
    expect((res.body as Inbox).job_scope).not.toBeNull()
    expectError(await node.get('/v2/get_inbox', { inbox_name: 'job_inbox::nope::false' }), 404, 'inbox_name')
    expectError(await node.get('/v2/get_inbox'), 400, 'inbox_name')
  })
})

describe('remove_job and remove_jobs', () => {
  it('removes the job, its inbox and messages; other inboxes untouched; the event carries null', async () => {
    const keep = await createJob(node, 'gpt')
    await say(keep, 'keep me')
    const fingerprintOthers = JSON.stringify(await messages(node, inboxOf(keep)))
    const gone = await createJob(node, 'gpt')
    await say(gone, 'remove me')
    const events = recordEvents(node)
    const res = await node.post('/v2/remove_job', { job_id: gone })
    expect(res).toEqual({ status: 200, body: 'Successfully removed job' })
    expect(events).toContainEqual({ type: 'inbox_changed', data: { inbox_id: inboxOf(gone), inbox: null } })
    expectError(await node.get('/v2/get_inbox', { inbox_name: inboxOf(gone) }), 404)
    expectError(await node.get('/v2/get_job_scope', { job_id: gone }), 404)
    expectError(await node.post('/v2/last_messages', { inbox_name: inboxOf(gone) }), 404)
    const db = node.store.db
    for (const table of ['jobs', 'job_scopes', 'inboxes']) {
      expect(db.prepare(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBe(1)
    }
    expect(db.prepare(`SELECT count(*) FROM messages WHERE inbox_id = ?`).pluck().get(inboxOf(gone))).toBe(0)
    expect(JSON.stringify(await messages(node, inboxOf(keep)))).toBe(fingerprintOthers)
    expect(((await node.get('/v2/search_inboxes', { q: 'remove' })).body as unknown[]).length).toBe(0)
    expectError(await node.post('/v2/remove_job', { job_id: gone }), 404, `job_id: no job with id '${gone}'`)
    expectError(await node.post('/v2/remove_job', {}), 400, 'job_id')
  })

  it('remove_jobs removes all or nothing, naming the first unknown id', async () => {
    const ids = [await createJob(node, 'gpt'), await createJob(node, 'gpt'), await createJob(node, 'gpt')]
    const before = dbFingerprint(node.store)
    expectError(await node.post('/v2/remove_jobs', { job_ids: [ids[0], 'jobid_unknown', 'jobid_other'] }), 404, "'jobid_unknown'")
    expect(dbFingerprint(node.store)).toBe(before)
    expectError(await node.post('/v2/remove_jobs', { job_ids: [] }), 400, 'job_ids')
    expectError(await node.post('/v2/remove_jobs', { job_ids: Array.from({ length: 1001 }, () => ids[0]) }), 400, 'job_ids')
    expectError(await node.post('/v2/remove_jobs', { job_ids: [ids[0], 7] }), 400, 'job_ids[1]')
    expect(dbFingerprint(node.store)).toBe(before)
    expect(await node.post('/v2/remove_jobs', { job_ids: [ids[0], ids[2]] })).toEqual({ status: 200, body: { removed: 2 } })
    expect(((await node.get('/v2/all_inboxes')).body as Inbox[]).map((i) => i.inbox_id)).toEqual([inboxOf(ids[1]!)])
  })
})

describe('update_job_hidden and update_inbox_pinned', () => {
  it('hide and show a job, pin and unpin an inbox, with an inbox_changed event carrying the inbox', async () => {
    const jobId = await createJob(node, 'gpt')
    const events = recordEvents(node)
    expect(await node.post('/v2/update_job_hidden', { job_id: jobId, is_hidden: true })).toEqual({
      status: 200,
      body: 'Successfully updated job'
    })
    expect(((await node.get('/v2/all_inboxes', { show_hidden: 'false' })).body as Inbox[]).length).toBe(0)
    const last = events.at(-1)!
    expect(last.type).toBe('inbox_changed')
    expect((last.data as { inbox: Inbox }).inbox).toMatchObject({ inbox_id: inboxOf(jobId), is_hidden: true, job_scope: null })
    expect(await node.post('/v2/update_inbox_pinned', { inbox_name: inboxOf(jobId), pinned: true })).toEqual({
      status: 200,
      body: 'Successfully updated inbox'
    })
    expect(((await node.get('/v2/get_inbox', { inbox_name: inboxOf(jobId) })).body as Inbox).is_pinned).toBe(true)
    await node.post('/v2/update_job_hidden', { job_id: jobId, is_hidden: false })
    await node.post('/v2/update_inbox_pinned', { inbox_name: inboxOf(jobId), pinned: false })
    expect((await node.get('/v2/get_inbox', { inbox_name: inboxOf(jobId) })).body).toMatchObject({ is_hidden: false, is_pinned: false })
  })

  it('answers 404 for unknown ids and 400 for bad bodies, changing nothing', async () => {
    await createJob(node, 'gpt')
    const before = dbFingerprint(node.store)
    expectError(await node.post('/v2/update_job_hidden', { job_id: 'jobid_x', is_hidden: true }), 404, 'job_id')
    expectError(await node.post('/v2/update_job_hidden', { job_id: 'jobid_x', is_hidden: 'yes' }), 400, 'is_hidden')
    expectError(await node.post('/v2/update_inbox_pinned', { inbox_name: 'job_inbox::x::false', pinned: true }), 404, 'inbox_name')
    expectError(await node.post('/v2/update_inbox_pinned', { inbox_name: 'job_inbox::x::false' }), 400, 'pinned')
    expect(dbFingerprint(node.store)).toBe(before)
  })
})

describe('retry_message', () => {
  it('queues the question again without repeating it; 400 for an operator message; 404 otherwise', async () => {
    const jobId = await createJob(node, 'gpt')
    const q = await say(jobId, 'What is 2+2?')
    const a = answer(jobId, q.node_message_hash, '4')
    const before = await messages(node, inboxOf(jobId))
    expect(await node.post('/v2/retry_message', { inbox_name: inboxOf(jobId), message_id: a.hash })).toEqual({
      status: 200,
      body: 'Successfully queued'
    })
    // Nothing is appended by the request itself: the question is back in the answer queue.
    expect(await messages(node, inboxOf(jobId))).toEqual(before)
    expect(node.store.messages.nextPending(inboxOf(jobId))?.hash).toBe(q.node_message_hash)
    expectError(await node.post('/v2/retry_message', { inbox_name: inboxOf(jobId), message_id: q.node_message_hash }), 400, 'message_id')
    expectError(await node.post('/v2/retry_message', { inbox_name: inboxOf(jobId), message_id: 'f'.repeat(64) }), 404, 'message_id')
    expectError(await node.post('/v2/retry_message', { inbox_name: 'job_inbox::x::false', message_id: a.hash }), 404, 'inbox_name')
    expectError(await node.post('/v2/retry_message', { inbox_name: inboxOf(jobId) }), 400, 'message_id')
  })
})

describe('export_messages_from_inbox', () => {
  it('json is exactly what last_messages returns; markdown and text carry every message', async () => {
    const jobId = await createJob(node, 'gpt')
    const q = await say(jobId, 'Résumé: "quotes" \\ and\nnew lines 🚀')
    answer(jobId, q.node_message_hash, 'An **answer**')
    const history = (await node.post('/v2/last_messages', { inbox_name: inboxOf(jobId), limit: 500 })).body as Msg[]
    const json = await node.post('/v2/export_messages_from_inbox', { inbox_name: inboxOf(jobId), format: 'json' })
    expect(json.status).toBe(200)
    const { filename, content } = json.body as { filename: string; content: string }
    expect(filename).toBe('Résumé_ _quotes_ _ and.json')
    expect(JSON.parse(content)).toEqual(history)
    const md = (await node.post('/v2/export_messages_from_inbox', { inbox_name: inboxOf(jobId), format: 'markdown' })).body as {
      filename: string
      content: string
    }
    expect(md.filename.endsWith('.md')).toBe(true)
    expect(md.content).toContain('new lines 🚀')
    expect(md.content).toContain('An **answer**')
    expect(md.content.indexOf('Résumé')).toBeLessThan(md.content.indexOf('An **answer**'))
    const txt = (await node.post('/v2/export_messages_from_inbox', { inbox_name: inboxOf(jobId), format: 'txt' })).body as {
      filename: string
      content: string
    }
    expect(txt.filename.endsWith('.txt')).toBe(true)
    expect(txt.content).toContain('An **answer**')
    // Times: read as a person reads them (local, the offset named) in Markdown and text; as stored in JSON.
    const stamp = history[0]!.node_api_data.node_timestamp
    for (const readable of [md.content, txt.content]) {
      expect(readable).not.toContain(stamp)
      expect(readable).toContain(readableTime(stamp))
    }
    expect(content).toContain(stamp)
    expectError(await node.post('/v2/export_messages_from_inbox', { inbox_name: inboxOf(jobId), format: 'pdf' }), 400, 'format')
    expectError(await node.post('/v2/export_messages_from_inbox', { inbox_name: 'job_inbox::x::false', format: 'json' }), 404, 'inbox_name')
  })

  it('markdown and text say which question an answer answers when it is not the one just above: a regenerated answer, one to an earlier question', async () => {
    const jobId = await createJob(node, 'gpt')
    const q1 = await say(jobId, 'Name a colour')
    answer(jobId, q1.node_message_hash, 'Blue.')
    const q2 = await say(jobId, 'And a fruit?\nOne only.')
    answer(jobId, q2.node_message_hash, 'Apple.')
    // Regenerated: a second answer to the first question, appended after the second one's; then a stopped third.
    answer(jobId, q1.node_message_hash, 'Green.')
    const reply = { role: 'stopped', agent: { node_name: NODE, profile_name: 'main', subidentity_name: 'gpt' } } as const
    node.ctx.chain.append(
      { inboxId: inboxOf(jobId), jobId, content: 'Re', parent: q1.node_message_hash, reply },
      { answers: q1.node_message_hash }
    )
    // A regeneration of the last question that failed: its note follows that question's answer.
    const failed = { role: 'error', error: { kind: 'provider', status: 500 }, agent: reply.agent } as const
    node.ctx.chain.append(
      { inboxId: inboxOf(jobId), jobId, content: 'boom', parent: q1.node_message_hash, reply: failed },
      { answers: q1.node_message_hash }
    )
    const exported = async (format: string) =>
      ((await node.post('/v2/export_messages_from_inbox', { inbox_name: inboxOf(jobId), format })).body as { content: string }).content
    const headings = (await exported('markdown'))
      .split('\n')
      .filter((l) => l.startsWith('## '))
      .map((l) => l.replace(/ · .*/, ''))
    expect(headings).toEqual([
      '## You',
      '## gpt',
      '## You',
      '## gpt',
      '## gpt, answer 2 to “Name a colour”',
      '## gpt, answer 3 to “Name a colour”, stopped',
      '## gpt, answer to “Name a colour” failed'
    ])
    const speakers = (await exported('txt'))
      .split('\n')
      .filter((l) => l.startsWith('['))
      .map((l) => l.replace(/^\[[^\]]*\] /, ''))
    expect(speakers).toEqual([
      'You:',
      'gpt:',
      'You:',
      'gpt:',
      'gpt, answer 2 to “Name a colour”:',
      'gpt, answer 3 to “Name a colour”, stopped:',
      'gpt, answer to “Name a colour” failed:'
    ])
  })

  it('markdown and text name the provider by its display name, and a removed provider by its id', async () => {
    await node.post('/v2/modify_llm_provider', provider('gpt', { name: 'Mock GPT' }))
    await addProvider(node, 'spare', { name: 'Spare' })
    const jobId = await createJob(node, 'gpt')
    const q = await say(jobId, 'Hello')
    answer(jobId, q.node_message_hash, 'Hi there')
    const exported = async (format: string) =>
      ((await node.post('/v2/export_messages_from_inbox', { inbox_name: inboxOf(jobId), format })).body as { content: string }).content
    expect(await exported('markdown')).toContain('## Mock GPT · ')
    expect(await exported('txt')).toContain('] Mock GPT:\n    Hi there')
    // JSON is the messages exactly as stored: the sender stays the provider's agent.
    expect(await exported('json')).toContain('"sender_subidentity":"main/agent/gpt"')
    // Once the provider is gone (its job moved to another, then removed), the answer is headed by the id it had.
    expect((await node.post('/v2/change_job_llm_provider', { job_id: jobId, new_agent_id: 'spare' })).status).toBe(200)
    expect((await node.post('/v2/remove_llm_provider', { llm_provider_id: 'gpt' })).status).toBe(200)
    expect(await exported('markdown')).toContain('## gpt · ')
  })

  it('markdown and text tell apart two providers that go by the same display name, by adding their ids', async () => {
    await node.post('/v2/modify_llm_provider', provider('gpt', { name: 'Local' }))
    await addProvider(node, 'local-2', { name: 'Local' })
    await addProvider(node, 'spare', { name: 'Spare' })
    const jobId = await createJob(node, 'gpt')
    const q1 = await say(jobId, 'First question')
    answer(jobId, q1.node_message_hash, 'From the first', 'gpt')
    const q2 = await say(jobId, 'Second question')
    answer(jobId, q2.node_message_hash, 'From the second', 'local-2')
    const q3 = await say(jobId, 'Third question')
    answer(jobId, q3.node_message_hash, 'From the spare', 'spare')
    const exported = async (format: string) =>
      ((await node.post('/v2/export_messages_from_inbox', { inbox_name: inboxOf(jobId), format })).body as { content: string }).content
    const md = await exported('markdown')
    expect(md).toContain('## Local (gpt) · ')
    expect(md).toContain('## Local (local-2) · ')
    // A name no other provider uses stays as the operator wrote it.
    expect(md).toContain('## Spare · ')
    const txt = await exported('txt')
    expect(txt).toContain('] Local (gpt):\n    From the first')
    expect(txt).toContain('] Local (local-2):\n    From the second')
    expect(txt).toContain('] Spare:\n    From the spare')
  })

  it('markdown and text: an answer stopped before the provider wrote anything says so, as the window does, instead of an empty section', async () => {
    const jobId = await createJob(node, 'gpt')
    const q = await say(jobId, 'Name a colour')
    const reply = { role: 'stopped', agent: { node_name: NODE, profile_name: 'main', subidentity_name: 'gpt' } } as const
    node.ctx.chain.append(
      { inboxId: inboxOf(jobId), jobId, content: '', parent: q.node_message_hash, reply },
      { answers: q.node_message_hash }
    )
    await say(jobId, 'Thanks')
    const exported = async (format: string) =>
      ((await node.post('/v2/export_messages_from_inbox', { inbox_name: inboxOf(jobId), format })).body as { content: string }).content
    // The heading "gpt, answer stopped" was followed by nothing: an export that seemed to have lost the answer.
    const md = await exported('markdown')
    expect(md).toMatch(/## gpt, answer stopped · [^\n]*\n\n_Stopped before the provider wrote anything\._\n\n## You · /)
    const txt = await exported('txt')
    expect(txt).toMatch(/\] gpt, answer stopped:\n {4}\(Stopped before the provider wrote anything\.\)\n\n\[/)
    // JSON stays every message as last_messages returns it.
    expect((JSON.parse(await exported('json')) as LastMessage[])[1]!.job_message.content).toBe('')
  })

  it('markdown: a message that ends inside a code block (a stopped answer) does not take the messages after it into the block', async () => {
    const jobId = await createJob(node, 'gpt')
    const q1 = await say(jobId, 'Write the parser')
    // Stopped while writing code: the fence never closed.
    answer(jobId, q1.node_message_hash, 'Here it is:\n\n````ts\nconst fence = "```"\nfunction parse(')
    const q2 = await say(jobId, 'And the tests? ~~~')
    answer(jobId, q2.node_message_hash, '~~~~\nit("parses")')
    await say(jobId, 'Thanks')
    const md = (await node.post('/v2/export_messages_from_inbox', { inbox_name: inboxOf(jobId), format: 'markdown' })).body as {
      content: string
    }
    const html = renderToStaticMarkup(createElement(Markdown, null, md.content))
    // Each of the five messages keeps its heading (the first answer's open fence turned the rest into code).
    expect(html.match(/<h2>/g)).toHaveLength(5)
    expect(html).toContain('<h2>You · ')
    expect(html).toContain('<p>Thanks</p>')
    // The code is kept as written, inside its block.
    expect(html).toContain('const fence = &quot;```&quot;\nfunction parse(\n</code></pre>')
    expect(html).toContain('it(&quot;parses&quot;)\n</code></pre>')
  })

  it("markdown: an answer's own headings come under its message's heading in the outline, not above it", async () => {
    const jobId = await createJob(node, 'gpt')
    await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxOf(jobId), custom_name: 'Plans' })
    const q = await say(jobId, 'Plan the move')
    answer(jobId, q.node_message_hash, '# Plan\n\nSummary\n---\n\n```md\n# not a heading\n```\n\n### Steps')
    const md = (await node.post('/v2/export_messages_from_inbox', { inbox_name: inboxOf(jobId), format: 'markdown' })).body as {
      content: string
    }
    const html = renderToStaticMarkup(createElement(Markdown, null, md.content))
    const outline = [...html.matchAll(/<h(\d)>([^<·]*)/g)].map(([, level, text]) => `${level} ${text!.trim()}`)
    // The answer's "# Plan" was a level 1 heading beside the title, above the "### gpt" holding it.
    expect(outline).toEqual(['1 Plans', '2 You', '2 gpt', '3 Plan', '4 Summary', '5 Steps'])
    expect(html).toContain('# not a heading')
  })

  it('an empty conversation exports a file that says it has no messages (Markdown, text), and [] as JSON', async () => {
    const jobId = await createJob(node, 'gpt')
    await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxOf(jobId), custom_name: 'Nothing yet' })
    const exported = async (format: string) =>
      ((await node.post('/v2/export_messages_from_inbox', { inbox_name: inboxOf(jobId), format })).body as { content: string }).content
    // It was the title alone, which read as an export that had failed.
    expect(await exported('markdown')).toBe('# Nothing yet\n\n_No messages._\n')
    expect(await exported('txt')).toBe(`Nothing yet\n===========\n\n${TEXT_LAYOUT}\n\nNo messages.\n`)
    expect(await exported('json')).toBe('[]')
  })

  it('a name with line breaks stays one title line; a name Windows reserves for a device is not the file name', async () => {
    const jobId = await createJob(node, 'gpt')
    await say(jobId, 'hello')
    const exported = async (name: string, format: string) => {
      expect((await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxOf(jobId), custom_name: name })).status).toBe(200)
      return (await node.post('/v2/export_messages_from_inbox', { inbox_name: inboxOf(jobId), format })).body as {
        filename: string
        content: string
      }
    }
    const md = await exported('Budget\nfor 2027\r\n# not a heading', 'markdown')
    expect(md.content.split('\n')[0]).toBe('# Budget for 2027 # not a heading')
    expect(md.content.split('\n')[1]).toBe('')
    const txt = await exported('Two\nlines', 'txt')
    expect(txt.content.split('\n').slice(0, 2)).toEqual(['Two lines', '========='])
    for (const device of ['CON', 'con', 'Nul', 'COM1', 'lpt9', 'AUX', 'PRN.txt', 'con ']) {
      const { filename } = await exported(device, 'markdown')
      expect(filename.split('.')[0]!.trim().toUpperCase()).not.toMatch(/^(CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])$/)
      expect(filename.endsWith('.md')).toBe(true)
    }
    expect((await exported('Console notes', 'markdown')).filename).toBe('Console notes.md')
    // Bidirectional controls are dropped: a right-to-left override could make the name read as if it had another extension.
    expect((await exported('Invoice\u202Edm.exe', 'markdown')).filename).toBe('Invoicedm.exe.md')
    expect((await exported('\u2067\u200Fnotes\u2069', 'txt')).filename).toBe('notes.txt')
  })
})
