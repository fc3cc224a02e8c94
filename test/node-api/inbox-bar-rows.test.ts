import { describe, expect, it } from 'vitest'
import type { Inbox } from '../../src/shared/contract/inbox'
import { messageRole } from '../../src/shared/message-role'
import { NODE } from '../support/fixtures'
import { addProvider, createJob, expectError, useTestNode } from '../support/node'

/*
 * inbox_bar_rows (beside the contract): a list's inboxes as a bulk bar needs them (Ctrl+A in the
 * window), in all_inboxes_paginated's order with its filters, against a real node over HTTP.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })

/** A row as the node answers it: an array, in this order (named fields were 43% of the bytes). */
type BarRow = [inbox_id: string, custom_name: string, is_hidden: boolean, is_pinned: boolean, awaits_answer: boolean]
type BarPage = { rows: BarRow[]; next: string | null; total_count: number }

const inboxOf = (jobId: string) => `job_inbox::${jobId}::false`
const barPage = async (query: Record<string, string | undefined> = {}) => {
  const q = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string>
  const res = await node.get('/v2/inbox_bar_rows', q)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as BarPage
}
/** Every row of a list, `limit` a page, following `next`. */
const walk = async (filter: Record<string, string>, limit: number) => {
  const rows: BarRow[] = []
  let after: string | undefined
  do {
    const p = await barPage({ ...filter, limit: String(limit), after })
    rows.push(...p.rows)
    after = p.next ?? undefined
  } while (after !== undefined)
  return rows
}
const inboxes = async (filter: Record<string, string>) => {
  const res = await node.get('/v2/all_inboxes_paginated', { ...filter, limit: '200' })
  expect(res.status).toBe(200)
  return (res.body as { inboxes: Inbox[] }).inboxes
}
const say = async (jobId: string, content: string) => {
  const res = await node.post('/v2/job_message', { job_id: jobId, content })
  expect(res.status).toBe(200)
  return res.body as { node_message_hash: string }
}
function answer(jobId: string, question: string) {
  const reply = { role: 'answer', agent: { node_name: NODE, profile_name: 'main', subidentity_name: 'gpt' } } as const
  return node.ctx.chain.append({ inboxId: inboxOf(jobId), jobId, content: 'an answer', parent: question, reply }, { answers: question })!
}

const FILTERS: Record<string, string>[] = [
  {},
  { show_hidden: 'true' },
  { pinned: 'true' },
  { pinned: 'false' },
  { pinned: 'true', show_hidden: 'true' },
  { pinned: 'false', show_hidden: 'true' }
]

describe('inbox_bar_rows', () => {
  it("answers every filter's inboxes in all_inboxes_paginated order, with their names, flags and whether an answer is awaited", async () => {
    const jobs: string[] = []
    for (let i = 0; i < 12; i++) jobs.push(await createJob(node, 'gpt'))
    await say(jobs[3]!, 'waiting')
    const q = await say(jobs[4]!, 'answered')
    answer(jobs[4]!, q.node_message_hash)
    expect((await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxOf(jobs[2]!), custom_name: 'Named ✓' })).status).toBe(200)
    for (const j of [5, 7]) expect((await node.post('/v2/update_job_hidden', { job_id: jobs[j], is_hidden: true })).status).toBe(200)
    for (const j of [6, 7, 1]) {
      expect((await node.post('/v2/update_inbox_pinned', { inbox_name: inboxOf(jobs[j]!), pinned: true })).status).toBe(200)
    }
    for (const filter of FILTERS) {
      const whole = await inboxes(filter)
      const expected = whole.map((i): BarRow => [
        i.inbox_id,
        i.custom_name,
        i.is_hidden,
        i.is_pinned,
        !!i.last_message && messageRole(i.last_message) === 'operator'
      ])
      const all = await barPage(filter)
      expect(all, JSON.stringify(filter)).toEqual({ rows: expected, next: null, total_count: whole.length })
      // In pages of 1, 2 and 5, following next; and from each position.
      for (const limit of [1, 2, 5]) expect(await walk(filter, limit), `${JSON.stringify(filter)} by ${limit}`).toEqual(expected)
      for (let at = 0; at <= whole.length + 1; at++) {
        const p = await barPage({ ...filter, limit: '3', position: String(at) })
        expect(p.rows, `${JSON.stringify(filter)} at ${at}`).toEqual(expected.slice(at, at + 3))
        expect(p.next === null).toBe(at + 3 >= whole.length)
        expect(p.total_count).toBe(whole.length)
      }
    }
    const rows = (await barPage({ show_hidden: 'true' })).rows
    const row = (j: number) => rows.find((r) => r[0] === inboxOf(jobs[j]!))!
    expect(row(3)[4]).toBe(true)
    expect(row(4)[4]).toBe(false)
    expect(row(0)[4]).toBe(false)
    expect(row(2)).toEqual([inboxOf(jobs[2]!), 'Named ✓', false, false, false])
    expect(row(7).slice(2, 4)).toEqual([true, true])
  })

  it('continues after the place a page ended, whatever was written between pages', async () => {
    const jobs: string[] = []
    for (let i = 0; i < 10; i++) jobs.push(await createJob(node, 'gpt'))
    const before = (await inboxes({})).map((i) => i.inbox_id)
    const first = await barPage({ limit: '4' })
    expect(first.rows.map((r) => r[0])).toEqual(before.slice(0, 4))
    // The page's last inbox removed, one read moved to the top, one not read yet moved to the top, one made.
    expect((await node.post('/v2/remove_job', { job_id: jobs[jobs.length - 4] })).status).toBe(200)
    await say(jobs[jobs.length - 1]!, 'read, now first')
    await say(jobs[0]!, 'not read, now first')
    const made = await createJob(node, 'gpt')
    const second = await barPage({ limit: '4', after: first.next! })
    // The rest in order, each once: those moved above the place are not repeated here.
    expect(second.rows.map((r) => r[0])).toEqual(before.slice(4, 8))
    expect(second.total_count).toBe(10)
    const third = await barPage({ limit: '4', after: second.next! })
    expect(third.rows.map((r) => r[0])).toEqual(before.slice(8, 9))
    expect(third.next).toBeNull()
    // Made and moved ones are at the top (the window reads it again when the count says some are missing).
    expect((await barPage({ limit: '2' })).rows.map((r) => r[0])).toEqual([inboxOf(made), inboxOf(jobs[0]!)])
  })

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '5001' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ limit: '2.5' }, 'limit'],
    [{ show_hidden: 'yes' }, 'show_hidden'],
    [{ pinned: '1' }, 'pinned'],
    [{ position: '-1' }, 'position'],
    [{ position: 'far' }, 'position'],
    [{ after: 'job_inbox::nope::false' }, 'after'],
    [{ after: '12' }, 'after'],
    [{ after: ':2026-01-01T00:00:00Z' }, 'after'],
    [{ after: '3:2026-01-01T00:00:00Z', position: '2' }, 'position']
  ])('answers 400 for %j naming %s', async (query, field) => {
    await createJob(node, 'gpt')
    expectError(await node.get('/v2/inbox_bar_rows', query), 400, `${field}:`)
  })

  it('answers an empty list as no rows', async () => {
    expect(await barPage()).toEqual({ rows: [], next: null, total_count: 0 })
    expect(await barPage({ position: '5' })).toEqual({ rows: [], next: null, total_count: 0 })
  })
})
