import { describe, expect, it, onTestFinished } from 'vitest'
import { createClient } from '../../src/renderer/src/api/client'
import { QueryClient } from '@tanstack/react-query'
import {
  isSelectAllKey,
  placeAbove,
  readEveryRow,
  SELECT_ALL_PAGE,
  selectEveryRow
} from '../../src/renderer/src/features/inboxes/select-all'
import { connectEvents } from '../../src/renderer/src/api/events'
import { listsReadAfterBreak, onInboxChanges } from '../../src/renderer/src/api/inbox-pages'
import { objectBridgeTransport } from './object-bridge'
import { seedInboxes } from '../../bench/seed'
import { addProvider, createJob, useTestNode } from '../support/node'
import { routerTransport } from './render'
import type { Transport } from '../../src/renderer/src/api/transport'
import type { InboxBarRow } from '../../src/shared/contract/inbox-management'

/*
 * Ctrl+A (⌘A on macOS) in the inbox list selects every inbox of the list as it stands: those not read
 * yet are read first, against a real node (router in process).
 */

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods
})

describe('isSelectAllKey', () => {
  it('is Ctrl+A on Windows and Linux, ⌘A on macOS, with Caps Lock on too', () => {
    expect(isSelectAllKey(key('a', { ctrlKey: true }), false)).toBe(true)
    expect(isSelectAllKey(key('A', { ctrlKey: true }), false)).toBe(true)
    expect(isSelectAllKey(key('a', { metaKey: true }), true)).toBe(true)
  })
  it('is not ⌘A off macOS, Ctrl+A on macOS (the line start), a plain A, nor with Shift or Alt', () => {
    expect(isSelectAllKey(key('a', { metaKey: true }), false)).toBe(false)
    expect(isSelectAllKey(key('a', { ctrlKey: true }), true)).toBe(false)
    expect(isSelectAllKey(key('a'), false)).toBe(false)
    expect(isSelectAllKey(key('a', { ctrlKey: true, shiftKey: true }), false)).toBe(false)
    expect(isSelectAllKey(key('a', { ctrlKey: true, altKey: true }), false)).toBe(false)
    expect(isSelectAllKey(key('b', { ctrlKey: true }), false)).toBe(false)
  })
})

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })

/** A small page, so that a few dozen inboxes make several pages. */
const PAGE = 20
const inbox = (id: string) => `job_inbox::${id}::false`

/** The node in process; `after(n, body)` runs once the node has answered the n-th request (1 the first) with `body`. */
function client(after: (n: number, body: unknown) => Promise<void> | void = () => {}) {
  const base = routerTransport(node.router)
  let n = 0
  const transport: Transport = {
    ...base,
    request: async (req, signal) => {
      const res = await base.request(req, signal)
      await after(++n, res.body)
      return res
    }
  }
  return createClient(transport)
}

/** `count` new inboxes, oldest first (their jobs' ids). */
async function jobs(count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) ids.push(await createJob(node, 'gpt'))
  return ids
}

/** A client that does `meanwhile` once the node has answered the first page of the walk (request 2: request 1 is the top alone), before the walk goes on. */
const afterFirstPage = (meanwhile: () => Promise<void> | void) =>
  client(async (k) => {
    if (k === 2) await meanwhile()
  })

/** Every row of the list (hidden ones left out), read in pages of PAGE, with `meanwhile` done while the read is under way. */
const readWhile = async (meanwhile: () => Promise<void>) =>
  (await readEveryRow(afterFirstPage(meanwhile), false, undefined, undefined, PAGE))!

/** The inboxes `rows` holds, once each was found read once only. */
function readOnce(rows: { inboxId: string }[]): Set<string> {
  const read = new Set(rows.map((r) => r.inboxId))
  expect(rows).toHaveLength(read.size)
  return read
}

describe('placeAbove', () => {
  it('orders places by activity (its own colons included), then seq, as the list is ordered', () => {
    expect(placeAbove('3:2026-01-01T10:00:00.000Z', '9:2026-01-01T09:59:59.999Z')).toBe(true)
    expect(placeAbove('9:2026-01-01T09:59:59.999Z', '3:2026-01-01T10:00:00.000Z')).toBe(false)
    expect(placeAbove('10:2026-01-01T10:00:00.000Z', '9:2026-01-01T10:00:00.000Z')).toBe(true)
    expect(placeAbove('9:2026-01-01T10:00:00.000Z', '10:2026-01-01T10:00:00.000Z')).toBe(false)
    expect(placeAbove('9:2026-01-01T10:00:00.000Z', '9:2026-01-01T10:00:00.000Z')).toBe(false)
  })
})

describe('readEveryRow', () => {
  it('reads every inbox of the list past the pages read, pinned first, each once; hidden ones only when shown', async () => {
    const n = PAGE * 2 + 7
    const ids = await jobs(n)
    await node.post('/v2/update_inbox_pinned', { inbox_name: inbox(ids[5]!), pinned: true })
    await node.post('/v2/update_job_hidden', { job_id: ids[6], is_hidden: true })
    await node.post('/v2/job_message', { job_id: ids[9], content: 'waiting for its answer' })
    const progress: number[] = []
    const rows = (await readEveryRow(client(), false, (read) => progress.push(read), undefined, PAGE))!
    expect(rows).toHaveLength(n - 1)
    expect(new Set(rows.map((r) => r.inboxId)).size).toBe(n - 1)
    expect(rows[0]!).toMatchObject({ inboxId: inbox(ids[5]!), isPinned: true })
    // The list's order: pinned, then newest activity first.
    expect(rows[1]!).toMatchObject({ inboxId: inbox(ids[9]!), awaitsAnswer: true })
    expect(rows.filter((r) => r.awaitsAnswer)).toHaveLength(1)
    expect(rows.some((r) => r.inboxId === inbox(ids[6]!))).toBe(false)
    expect(progress.length).toBeGreaterThanOrEqual(3)
    expect(progress.at(-1)).toBe(n - 1)
    const withHidden = (await readEveryRow(client(), true, undefined, undefined, PAGE))!
    expect(withHidden).toHaveLength(n)
    expect(withHidden.some((r) => r.inboxId === inbox(ids[6]!) && r.isHidden)).toBe(true)
  })

  it('counts inboxes made, moved to the top or removed while it reads', async () => {
    const ids = await jobs(PAGE * 3)
    const made: string[] = []
    const rows = await readWhile(async () => {
      made.push(await createJob(node, 'gpt'))
      await node.post('/v2/job_message', { job_id: ids[0], content: 'the oldest, now first' })
      await node.post('/v2/remove_job', { job_id: ids[ids.length - PAGE] })
    })
    const now = ((await node.get('/v2/all_inboxes')).body as { inbox_id: string }[]).map((i) => i.inbox_id)
    expect(now).toHaveLength(PAGE * 3)
    // Each inbox there now, once (the removed one, read before its removal, is dropped by the window's events).
    const read = readOnce(rows)
    for (const id of now) expect(read.has(id), id).toBe(true)
    expect(read.has(inbox(made[0]!))).toBe(true)
  })

  it('finds an inbox moved to the top while it reads when another, already read, was removed meanwhile', async () => {
    // The removed one was counted as read: the list then counted as many as were read, and the one moved up,
    // above the walk, was never read (Ctrl+A left it out of "all").
    const ids = await jobs(PAGE * 3)
    const rows = await readWhile(async () => {
      await node.post('/v2/job_message', { job_id: ids[0], content: 'the oldest, now first' })
      await node.post('/v2/remove_job', { job_id: ids[ids.length - 1] })
    })
    const now = ((await node.get('/v2/all_inboxes')).body as { inbox_id: string }[]).map((i) => i.inbox_id)
    expect(now).toHaveLength(PAGE * 3 - 1)
    const read = readOnce(rows)
    for (const id of now) expect(read.has(id), id).toBe(true)
  })

  it('finds an inbox pinned while the unpinned list is read, not read there yet', async () => {
    // The pinned list was read first, then the unpinned one: pinned meanwhile, it left the unpinned list before
    // its turn there and joined the pinned one already read (Ctrl+A left it out of "all").
    const ids = await jobs(PAGE * 3)
    for (const id of ids.slice(-2)) await node.post('/v2/update_inbox_pinned', { inbox_name: inbox(id), pinned: true })
    let pinned = false
    const rows = (await readEveryRow(
      client(async (_, body) => {
        // Once unpinned ones are being read, with more to read: the oldest (the list's last) is not read yet.
        const page = body as { rows: InboxBarRow[]; next: string | null }
        if (!pinned && page.next !== null && page.rows.some(([, , , isPinned]) => !isPinned)) {
          pinned = true
          await node.post('/v2/update_inbox_pinned', { inbox_name: inbox(ids[0]!), pinned: true })
        }
      }),
      false,
      undefined,
      undefined,
      PAGE
    ))!
    expect(pinned).toBe(true)
    const read = readOnce(rows)
    expect(read.size).toBe(PAGE * 3)
    expect(read.has(inbox(ids[0]!))).toBe(true)
    // Pinned first, as the list shows them (as they were read).
    const firstUnpinned = rows.findIndex((r) => !r.isPinned)
    expect(firstUnpinned).toBeGreaterThanOrEqual(2)
    expect(rows.slice(firstUnpinned).some((r) => r.isPinned)).toBe(false)
  })

  it('finds an inbox unpinned while the pinned list is read, not read there yet', async () => {
    const ids = await jobs(PAGE * 3)
    for (const id of ids.slice(0, PAGE * 2)) await node.post('/v2/update_inbox_pinned', { inbox_name: inbox(id), pinned: true })
    let unpinned = false
    const rows = await readWhile(async () => {
      await node.post('/v2/update_inbox_pinned', { inbox_name: inbox(ids[0]!), pinned: false })
      unpinned = true
    })
    expect(unpinned).toBe(true)
    const read = readOnce(rows)
    expect(read.size).toBe(PAGE * 3)
    expect(read.has(inbox(ids[0]!))).toBe(true)
  })

  it('rejects as a whole when a page cannot be read', async () => {
    for (let i = 0; i < PAGE * 2; i++) await createJob(node, 'gpt')
    const failing = createClient({
      ...routerTransport(node.router),
      request: (() => {
        let n = 0
        const base = routerTransport(node.router)
        return (req: Parameters<Transport['request']>[0], signal?: AbortSignal) =>
          ++n === 3
            ? Promise.resolve({ status: 500, body: { code: 500, error: 'Internal Server Error', message: 'disk gone' } })
            : base.request(req, signal)
      })()
    })
    await expect(readEveryRow(failing, false, undefined, undefined, PAGE)).rejects.toThrow()
  })

  it('stops when given up (the list changed): nothing is selected', async () => {
    for (let i = 0; i < PAGE + 1; i++) await createJob(node, 'gpt')
    expect(await readEveryRow(client(), false, undefined, () => true, PAGE)).toBeUndefined()
    let pages = 0
    const given = await readEveryRow(
      client(() => void pages++),
      false,
      undefined,
      () => pages >= 2,
      PAGE
    )
    expect(given).toBeUndefined()
    expect(pages).toBe(2)
  })

  it('keeps of each inbox what the bulk bar needs, not its message: light at 100,000', async () => {
    seedInboxes(node.store, { inboxes: SELECT_ALL_PAGE + 50, messagesPerInbox: 2 })
    const rows = (await readEveryRow(client(), false))!
    expect(rows).toHaveLength(SELECT_ALL_PAGE + 50)
    const seeded = rows.find((r) => r.inboxId === 'job_inbox::jobid_seed_3::false')!
    expect(seeded).toMatchObject({ isHidden: false, isPinned: false, awaitsAnswer: false })
    expect(seeded.name.length).toBeGreaterThan(0)
    // Names, ids and flags: the seeded answers (24 words each) are not kept, nor anything else per row.
    expect(rows.every((r) => r.preview === null)).toBe(true)
    expect(JSON.stringify(rows).length / rows.length).toBeLessThan(260)
  })

  it('fetches under 100 bytes an inbox (whole inboxes, their last message included, were over 1 KB; named fields ~150)', async () => {
    seedInboxes(node.store, { inboxes: 3000, messagesPerInbox: 2 })
    let bytes = 0
    const base = routerTransport(node.router)
    const counting = createClient({
      ...base,
      request: async (req, signal) => {
        const res = await base.request(req, signal)
        bytes += JSON.stringify(res.body).length
        return res
      }
    })
    expect(await readEveryRow(counting, false)).toHaveLength(3000)
    expect(bytes / 3000).toBeLessThan(100)
  })
})

describe('selectEveryRow', () => {
  it('leaves out an inbox removed, or hidden, after it was read, and keeps a renamed one’s new name', async () => {
    // The node told the window (inbox_changed) while Ctrl+A was still reading: the selection was not made yet, so
    // the event found nothing to take out, and the rows read, the removed one among them, became the selection.
    const ids = await jobs(PAGE * 3)
    const qc = new QueryClient()
    const transport = objectBridgeTransport({
      request: (req) => node.router.handle(req),
      onEvent: (listener) => node.ctx.bus.subscribe(listener)
    })
    onTestFinished(connectEvents(transport, qc))
    const told = new Set<string>()
    onTestFinished(onInboxChanges(qc, (changes) => changes.forEach((_, id) => told.add(id))))
    // The newest ones are read first (the top, then the first page).
    const [removed, hidden, renamed] = [ids.at(-1)!, ids.at(-2)!, ids.at(-3)!].map(inbox) as [string, string, string]
    let changed = false
    const { rows: selection, brokeSince } = (await selectEveryRow(
      qc,
      afterFirstPage(async () => {
        await node.post('/v2/remove_job', { job_id: ids.at(-1) })
        await node.post('/v2/update_job_hidden', { job_id: ids.at(-2), is_hidden: true })
        await node.post('/v2/update_smart_inbox_name', { inbox_name: renamed, custom_name: 'Renamed meanwhile' })
        // Told to the window before the reading goes on.
        await expect.poll(() => [removed, hidden, renamed].every((id) => told.has(id))).toBe(true)
        changed = true
      }),
      false,
      undefined,
      undefined,
      PAGE
    ))!
    expect(changed).toBe(true)
    expect(brokeSince).toBeUndefined()
    expect(selection.has(removed)).toBe(false)
    expect(selection.has(hidden)).toBe(false)
    expect(selection.get(renamed)?.name).toBe('Renamed meanwhile')
    expect(selection.size).toBe(PAGE * 3 - 2)
  })

  it('selects an inbox unhidden while it read, whose place the walk had passed (hidden ones not shown)', async () => {
    // Hidden, it was not in the list the walk read; unhidden once the walk was past its place, below the top read
    // again, it was read nowhere: Ctrl+A left it out of "all" though the list showed it.
    const ids: string[] = []
    for (let i = 0; i < PAGE * 3; i++) ids.push(await createJob(node, 'gpt'))
    // Newest first: the second page of the walk holds it, below the first page of the top read again.
    const job = ids[PAGE * 3 - PAGE - 10]!
    await node.post('/v2/update_job_hidden', { job_id: job, is_hidden: true })
    const qc = new QueryClient()
    const transport = objectBridgeTransport({
      request: (req) => node.router.handle(req),
      onEvent: (listener) => node.ctx.bus.subscribe(listener)
    })
    onTestFinished(connectEvents(transport, qc))
    const told = new Set<string>()
    onTestFinished(onInboxChanges(qc, (changes) => changes.forEach((_, id) => told.add(id))))
    let unhidden = false
    const all = (await selectEveryRow(
      qc,
      client(async (k) => {
        // Request 1 is the top alone, 2 and 3 the walk's first two pages: its place is passed.
        if (k !== 3) return
        await node.post('/v2/update_job_hidden', { job_id: job, is_hidden: false })
        await expect.poll(() => told.has(inbox(job))).toBe(true)
        unhidden = true
      }),
      false,
      undefined,
      undefined,
      PAGE
    ))!
    expect(unhidden).toBe(true)
    expect(all.rows.get(inbox(job))).toMatchObject({ inboxId: inbox(job), isHidden: false })
    expect(all.rows.size).toBe(PAGE * 3)
  })

  it('answers a break in the node’s events while it read (the changes then were not told: the list asks after them)', async () => {
    for (let i = 0; i < PAGE * 2; i++) await createJob(node, 'gpt')
    const qc = new QueryClient()
    const all = (await selectEveryRow(
      qc,
      afterFirstPage(() => listsReadAfterBreak(qc, 1234)),
      false,
      undefined,
      undefined,
      PAGE
    ))!
    expect(all.rows.size).toBe(PAGE * 2)
    expect(all.brokeSince).toBe(1234)
  })
})
