// @vitest-environment happy-dom
import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient, type Client } from '../../src/renderer/src/api/client'
import { connectEvents, EVENT_BATCH_MS } from '../../src/renderer/src/api/events'
import { fetchInboxPage, inboxPageKeys, inboxPagesQuery, patchPages, type InboxPages } from '../../src/renderer/src/api/inbox-pages'
import type { Transport } from '../../src/renderer/src/api/transport'
import { InboxView } from '../../src/renderer/src/features/inboxes/InboxView'
import { inboxQuery } from '../../src/renderer/src/api/queries'
import type { Inbox } from '../../src/shared/contract/inbox'
import { addProvider, createJob, useTestNode } from '../support/node'
import { renderWithApp } from './render'

/*
 * The window's paged inbox list against a real node (router and event bus in process): a real
 * QueryClient, connectEvents, and a transport that counts the requests the window sends.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let qc: QueryClient
let client: Client
let requests: string[]
let disconnect: () => void
/** Run before the node handles a request the window sends (set by a test). */
let beforeNodeHandles: ((req: Parameters<Transport['request']>[0]) => Promise<void>) | undefined
/** The event stream breaks (no event reaches the window) until `resume()`, which reports it back. */
let breakEvents: () => void
let resumeEvents: () => void

beforeEach(() => {
  requests = []
  beforeNodeHandles = undefined
  const transport: Transport = {
    kind: 'ipc',
    request: async (req) => {
      requests.push(req.path)
      await beforeNodeHandles?.(req)
      return node.router.handle(req)
    },
    onEvent: (listener, onResumed) => {
      let off = node.ctx.bus.subscribe(listener)
      breakEvents = () => off()
      resumeEvents = () => {
        off = node.ctx.bus.subscribe(listener)
        onResumed?.()
      }
      return () => off()
    }
  }
  client = createClient(transport)
  qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  disconnect = connectEvents(transport, qc)
})
afterEach(() => {
  cleanup()
  disconnect()
  qc.clear()
})

/**
 * `n` new jobs, their inbox_changed events applied when it returns: that batch's timer was set
 * before this one's and fires first, however slow the machine. Else the batch could land on a list
 * read after the creations (a slow run): new inboxes past its loaded rows leave its count uncertain,
 * and the count read half a second later came in the middle of a later step.
 */
async function jobs(n: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < n; i++) ids.push(await createJob(node, 'gpt'))
  await new Promise((r) => setTimeout(r, EVENT_BATCH_MS))
  return ids
}
const inboxOf = (jobId: string) => `job_inbox::${jobId}::false`

/** The unpinned list (or the pinned section) as the inbox page keeps it, its first page loaded. */
async function openList(pinned = false) {
  const observer = new InfiniteQueryObserver(qc, inboxPagesQuery(client, { showHidden: false, pinned }))
  const stop = observer.subscribe(() => {})
  await expect.poll(() => observer.getCurrentResult().isSuccess).toBe(true)
  const ids = () => observer.getCurrentResult().data!.pages.flatMap((p) => p.inboxes.map((i) => i.inbox_id))
  const total = () => observer.getCurrentResult().data!.pages[0]!.total_count
  return { observer, stop, ids, total }
}

describe('the paged inbox list follows the node without refetching', () => {
  it('a new message moves a loaded inbox to the top, a rename updates it in place, a removal drops it: no request', async () => {
    const ids = await jobs(60)
    const list = await openList()
    expect(list.ids()).toHaveLength(50)
    expect(list.total()).toBe(60)
    const third = inboxOf(ids[57]!) // newest first: the third row
    expect(list.ids()[2]).toBe(third)
    const before = requests.length

    await node.post('/v2/job_message', { job_id: ids[57], content: 'Move me up' })
    await expect.poll(() => list.ids()[0]).toBe(third)
    expect(list.ids()).toHaveLength(50)

    const fifth = list.ids()[4]!
    await node.post('/v2/update_smart_inbox_name', { inbox_name: fifth, custom_name: 'Renamed elsewhere' })
    await expect.poll(() => list.observer.getCurrentResult().data!.pages[0]!.inboxes[4]!.custom_name).toBe('Renamed elsewhere')

    await node.post('/v2/remove_job', { job_id: ids[59] })
    await expect.poll(() => list.ids().includes(inboxOf(ids[59]!))).toBe(false)
    expect(list.total()).toBe(59)
    expect(requests.slice(before)).toEqual([])
    list.stop()
  })

  it('a count read while a removal is told counts it once: the removal made on the node just before the count, its event applied after', async () => {
    const ids = await jobs(60)
    const list = await openList()
    expect(list.total()).toBe(60)
    // Another window removes a loaded job just as this one reads its count again: the node counts
    // without it, and the removal's event, made before the count, is applied after the answer.
    let removed = false
    beforeNodeHandles = async (req) => {
      if (req.path !== '/v2/all_inboxes_paginated' || req.query?.limit !== '1' || removed) return
      removed = true
      expect((await node.post('/v2/remove_job', { job_id: ids[59] })).status).toBe(200)
    }
    // A rename of an inbox past the loaded rows leaves the count uncertain: it is read again.
    await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxOf(ids[0]!), custom_name: 'Far down' })
    await expect.poll(() => removed, { timeout: 5000 }).toBe(true)
    await expect.poll(() => list.ids().includes(inboxOf(ids[59]!))).toBe(false)
    // The count is the node's (it was 58: the count read without the removed job, then its removal applied again).
    await expect.poll(() => list.total()).toBe(59)
    list.stop()
  })

  it('an inbox past the loaded rows that leaves the list (hidden, pinned: from a search result) is counted out', async () => {
    const ids = await jobs(60)
    const list = await openList()
    expect(list.ids()).not.toContain(inboxOf(ids[0]!)) // the oldest: not among the 50 loaded
    expect(list.total()).toBe(60)
    await node.post('/v2/update_job_hidden', { job_id: ids[0], is_hidden: true })
    await expect.poll(() => list.total(), { timeout: 3000 }).toBe(59)
    await node.post('/v2/update_inbox_pinned', { inbox_name: inboxOf(ids[1]!), pinned: true })
    await expect.poll(() => list.total(), { timeout: 3000 }).toBe(58)
    list.stop()
  })

  it('a list shown again (back from a conversation, or beside one) is not read again: events keep it current', async () => {
    // Queries are stale at once by default here (the window's default: after 5 s), so only the list's own freshness keeps it.
    qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } })
    disconnect()
    disconnect = connectEvents({ kind: 'ipc', request: (req) => node.router.handle(req), onEvent: (l) => node.ctx.bus.subscribe(l) }, qc)
    const ids = await jobs(120)
    const list = await openList()
    await list.observer.fetchNextPage()
    await list.observer.fetchNextPage()
    expect(list.ids()).toHaveLength(120)
    await node.post('/v2/job_message', { job_id: ids[0], content: 'Still moves it up' })
    await expect.poll(() => list.ids()[0]).toBe(inboxOf(ids[0]!))
    list.stop()
    const before = requests.length
    const again = await openList()
    await new Promise((r) => setTimeout(r, 100))
    expect(requests.slice(before)).toEqual([])
    expect(again.ids()).toEqual(list.ids())
    again.stop()
  })

  it('a burst of 500 changes causes at most a handful of requests, and the list ends right', async () => {
    const ids = await jobs(100)
    const list = await openList()
    const before = requests.length
    // 500 changes as fast as the node takes them: new messages in 100 inboxes, then 400 renames.
    await Promise.all(ids.map((id) => node.post('/v2/job_message', { job_id: id, content: 'burst' })))
    await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        node.post('/v2/update_smart_inbox_name', { inbox_name: inboxOf(ids[i % 100]!), custom_name: `name ${i}` })
      )
    )
    // Let every batch and the count check settle.
    await new Promise((r) => setTimeout(r, 1200))
    expect(requests.length - before).toBeLessThanOrEqual(5)
    expect(requests.slice(before).every((p) => p === '/v2/all_inboxes_paginated')).toBe(true)
    expect(list.total()).toBe(100)
    // The top of the list is what the node says it is.
    const fresh = (await node.get('/v2/all_inboxes_paginated', { limit: '50', pinned: 'false' })).body as { inboxes: Inbox[] }
    expect(new Set(list.ids().slice(0, 50))).toEqual(new Set(fresh.inboxes.map((i) => i.inbox_id)))
    list.stop()
  })
})

describe('pin and unpin while the pinned section and the rest are open', () => {
  it('both counts are right at once, without asking the node (an unpinned inbox was not among the others)', async () => {
    const ids = await jobs(60)
    const others = await openList()
    const pinned = await openList(true)
    const inbox = inboxOf(ids[55]!) // loaded (the fifth row)
    const before = requests.length

    await node.post('/v2/update_inbox_pinned', { inbox_name: inbox, pinned: true })
    await expect.poll(() => pinned.total()).toBe(1)
    expect(others.total()).toBe(59)
    await node.post('/v2/update_inbox_pinned', { inbox_name: inbox, pinned: false })
    await expect.poll(() => pinned.total()).toBe(0)
    // In the same patch, not after a count request.
    expect(others.total()).toBe(60)
    expect(others.ids()).toContain(inbox)
    await new Promise((r) => setTimeout(r, 800))
    expect(requests.slice(before)).toEqual([])
    others.stop()
    pinned.stop()
  })
})

describe('a change told while a page of the list is being read', () => {
  it('the count is right once the page lands (the read puts back the pages as they were when it was asked for)', async () => {
    const ids = await jobs(120)
    const others = await openList()
    const pinned = await openList(true)
    const inbox = inboxOf(ids[115]!) // loaded (the fifth row)
    await node.post('/v2/update_inbox_pinned', { inbox_name: inbox, pinned: true })
    await expect.poll(() => others.total()).toBe(119)

    // The next page is asked for (the operator scrolled down) and held on its way to the node.
    let release = () => {}
    const held = new Promise<void>((r) => (release = r))
    beforeNodeHandles = async (req) => {
      if (req.path === '/v2/all_inboxes_paginated') await held
    }
    const next = others.observer.fetchNextPage()
    // Unpinned meanwhile (another window): counted back among the others at once.
    await node.post('/v2/update_inbox_pinned', { inbox_name: inbox, pinned: false })
    await expect.poll(() => others.total()).toBe(120)
    beforeNodeHandles = undefined
    release()
    await next
    // The 49 rows the first page kept when the inbox was pinned, the 50 after them, and the inbox back in its place.
    await expect.poll(() => others.ids()).toContain(inbox)
    expect(others.ids()).toHaveLength(49 + 50 + 1)
    expect(new Set(others.ids()).size).toBe(100)
    // The pages put back by the read carried the count from before the unpin; it does not stay so.
    await expect.poll(() => others.total(), { timeout: 5000 }).toBe(120)
    await new Promise((r) => setTimeout(r, 800))
    expect(others.total()).toBe(120)
    others.stop()
    pinned.stop()
  })
})

describe('an open search while another client keeps writing', () => {
  it('asks the node again at most twice a second, and ends with what the node finds', async () => {
    const ids = await jobs(20)
    const search = new QueryObserver(qc, {
      queryKey: inboxPageKeys.search('steady', false),
      queryFn: () => client.call('search_inboxes', { query: { q: 'steady', limit: '100', show_hidden: 'false' } })
    })
    const stop = search.subscribe(() => {})
    await expect.poll(() => search.getCurrentResult().isSuccess).toBe(true)
    expect(search.getCurrentResult().data).toEqual([])
    const before = requests.length
    // A script renaming an inbox every 10 ms for 2 s: about 40 event batches.
    const started = Date.now()
    for (let i = 0; Date.now() - started < 2000; i++) {
      await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxOf(ids[i % 20]!), custom_name: `steady ${i}` })
      await new Promise((r) => setTimeout(r, 10))
    }
    await new Promise((r) => setTimeout(r, 1000))
    const searches = requests.slice(before).filter((p) => p === '/v2/search_inboxes').length
    expect(searches).toBeGreaterThanOrEqual(1)
    expect(searches).toBeLessThanOrEqual(2 * 3 + 1)
    // The last renames are in the results: a change after the last refresh is not left out.
    await expect.poll(() => search.getCurrentResult().data?.length).toBe(20)
    stop()
  })
})

describe('an open search when a result is deleted or hidden elsewhere', () => {
  it('drops it at once, without waiting for the next search (searches are at most twice a second)', async () => {
    const ids = await jobs(3)
    for (const [i, id] of ids.entries())
      await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxOf(id), custom_name: `Ledger ${i}` })
    const search = new QueryObserver(qc, {
      queryKey: inboxPageKeys.search('ledger', false),
      queryFn: () => client.call('search_inboxes', { query: { q: 'ledger', limit: '100', show_hidden: 'false' } })
    })
    const stop = search.subscribe(() => {})
    await expect.poll(() => search.getCurrentResult().data?.length).toBe(3)
    await new Promise((r) => setTimeout(r, 600))
    const searches = () => requests.filter((p) => p === '/v2/search_inboxes').length
    // A rename asks again at once; a removal and a hide right after come within the same half second.
    await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxOf(ids[2]!), custom_name: 'Ledger two' })
    await expect.poll(() => search.getCurrentResult().data?.some((h) => h.inbox.custom_name === 'Ledger two')).toBe(true)
    const asked = searches()
    await node.post('/v2/remove_job', { job_id: ids[0] })
    await node.post('/v2/update_job_hidden', { job_id: ids[1], is_hidden: true })
    // No search came in between: the events alone took the two away. (A poll as long as a loaded
    // machine may need also gives the next search time to come, which this then tells apart.)
    await expect.poll(() => search.getCurrentResult().data?.map((h) => h.inbox.inbox_id), { timeout: 5000 }).toEqual([inboxOf(ids[2]!)])
    expect(searches()).toBe(asked)
    stop()
  })
})

describe('the next page when the last loaded inbox is gone before its event arrives', () => {
  it('continues where the node ended the page, though events moved that inbox and removed the one now last', async () => {
    const ids = await jobs(60) // newest first: ids[59] on top, the first page ends with ids[10]
    const list = await openList()
    expect(list.ids().at(-1)).toBe(inboxOf(ids[10]!))
    await node.post('/v2/job_message', { job_id: ids[10], content: 'to the top' })
    await expect.poll(() => list.ids()[0]).toBe(inboxOf(ids[10]!))
    expect(list.ids().at(-1)).toBe(inboxOf(ids[11]!))

    // Removed, and the next page asked for before the removal's event is applied.
    await node.post('/v2/remove_job', { job_id: ids[11] })
    await list.observer.fetchNextPage()
    expect(list.observer.getCurrentResult().isFetchNextPageError).toBe(false)
    await expect.poll(() => list.ids().includes(inboxOf(ids[11]!))).toBe(false)
    const all = ((await node.get('/v2/all_inboxes')).body as Inbox[]).map((i) => i.inbox_id)
    expect(list.ids()).toEqual(all)
    expect(list.observer.getCurrentResult().hasNextPage).toBe(false)
    list.stop()
  })

  it('after the node forgot where its pages ended (a restart), steps back to the last loaded inbox that still exists', async () => {
    const ids = await jobs(60)
    const list = await openList()
    node.reopen() // the window's events still come from the node it knew: these removals do not reach it
    await node.post('/v2/remove_job', { job_id: ids[10] })
    await node.post('/v2/remove_job', { job_id: ids[11] })
    const before = requests.length
    await list.observer.fetchNextPage()
    expect(list.observer.getCurrentResult().isFetchNextPageError).toBe(false)
    // The refused cursor (ids[10]), the refused row before it (ids[11]), then after ids[12].
    expect(requests.slice(before)).toEqual(Array(3).fill('/v2/all_inboxes_paginated'))
    const loaded = list.ids()
    expect(new Set(loaded).size).toBe(loaded.length)
    expect(loaded.slice(50)).toEqual(ids.slice(0, 10).reverse().map(inboxOf))
    list.stop()
  })

  it('the last loaded rows all gone at once (a bulk delete, its events not yet come): the list goes on from the start, not an error', async () => {
    const ids = await jobs(60) // newest first: the first page ends with ids[10]
    const list = await openList()
    node.reopen() // the removals' events do not reach the window, as while 2,000 of them are on their way
    for (const id of ids.slice(10, 20)) await node.post('/v2/remove_job', { job_id: id })
    await list.observer.fetchNextPage()
    expect(list.observer.getCurrentResult().isFetchNextPageError).toBe(false)
    // The rows left after the removed ones are listed (the start read again is shown once: repeats are dropped).
    expect(list.ids()).toEqual(expect.arrayContaining(ids.slice(0, 10).map(inboxOf)))
    list.stop()
  })

  it('a cursor refused and no loaded row left to step back to (the events took them all away): the list starts again from the top', async () => {
    const ids = await jobs(3)
    const page = await fetchInboxPage(client, { showHidden: false, pinned: false }, inboxOf(ids[0]!) + 'x', [])
    expect(page.inboxes.map((i) => i.inbox_id)).toEqual(ids.slice().reverse().map(inboxOf))
  })
})

describe('patchPages', () => {
  const at = (id: string, time: string, extra: Partial<Inbox> = {}) =>
    ({ inbox_id: id, datetime_created: time, last_message: null, is_hidden: false, is_pinned: false, ...extra }) as unknown as Inbox
  const pages = (rows: Inbox[][], more: boolean): InboxPages => ({
    pages: rows.map((inboxes, i) => ({ inboxes, hasNextPage: i < rows.length - 1 || more, total_count: 10 })),
    pageParams: rows.map(() => undefined)
  })
  const ids = (d: InboxPages) => d.pages.map((p) => p.inboxes.map((i) => i.inbox_id))

  it('places a changed inbox by activity among the loaded rows and leaves older ones to later pages', () => {
    const d = pages([[at('a', '2026-01-05'), at('b', '2026-01-03')], [at('c', '2026-01-02')]], true)
    expect(ids(patchPages(d, { showHidden: false }, 'c', at('c', '2026-01-04')).pages)).toEqual([['a', 'c', 'b'], []])
    const older = patchPages(d, { showHidden: false }, 'x', at('x', '2025-12-01'))
    expect(ids(older.pages)).toEqual([['a', 'b'], ['c']])
    expect(older.countUncertain).toBe(true)
  })

  it('drops an inbox the filter no longer holds and counts it out', () => {
    const d = pages([[at('a', '2026-01-05'), at('b', '2026-01-03')]], false)
    const hidden = patchPages(d, { showHidden: false }, 'a', at('a', '2026-01-05', { is_hidden: true }))
    expect(ids(hidden.pages)).toEqual([['b']])
    expect(hidden.pages.pages[0]!.total_count).toBe(9)
    const pinned = patchPages(d, { showHidden: true, pinned: false }, 'b', at('b', '2026-01-03', { is_pinned: true }))
    expect(ids(pinned.pages)).toEqual([['a']])
    const added = patchPages(d, { showHidden: false }, 'n', at('n', '2026-02-01'))
    expect(ids(added.pages)).toEqual([['n', 'a', 'b']])
    expect(added.pages.pages[0]!.total_count).toBe(11)
  })
})

describe('the open inbox', () => {
  // happy-dom has no document.fonts, which the composer's auto-sizing textarea listens to.
  beforeEach(() => {
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
  })

  it('removed while open (here or elsewhere), the view says so and offers the way back, without a crash', async () => {
    const [jobId] = await jobs(1)
    await node.post('/v2/job_message', { job_id: jobId, content: 'A question' })
    renderWithApp(<InboxView inboxId={inboxOf(jobId!)} />, undefined, { queryClient: qc, client })
    expect((await screen.findAllByText('A question')).length).toBeGreaterThan(0)
    const box = screen.getByRole('textbox', { name: 'Message' })
    act(() => box.focus())
    const before = requests.length
    await node.post('/v2/remove_job', { job_id: jobId })
    expect(await screen.findByText('This conversation was deleted')).toBeTruthy()
    const back = screen.getByRole('link', { name: 'Back to the inboxes' })
    expect(back.getAttribute('href')).toBe('#/inboxes')
    // The message box went with the conversation: the focus is on the way back, not on the page.
    await waitFor(() => expect(document.activeElement).toBe(back))
    // Nothing of it is asked for again (its messages read again were a 404, a failed request in the window).
    await new Promise((r) => setTimeout(r, 200))
    expect(requests.slice(before).filter((path) => path !== '/v2/all_inboxes_paginated')).toEqual([])
  })

  it('removed elsewhere while the event stream was broken: once it is back, the view says the conversation was deleted', async () => {
    const [jobId] = await jobs(1)
    await node.post('/v2/job_message', { job_id: jobId, content: 'A question' })
    renderWithApp(<InboxView inboxId={inboxOf(jobId!)} />, undefined, { queryClient: qc, client })
    expect((await screen.findAllByText('A question')).length).toBeGreaterThan(0)
    breakEvents()
    await node.post('/v2/remove_job', { job_id: jobId })
    await new Promise((r) => setTimeout(r, EVENT_BATCH_MS * 2))
    expect(screen.queryByText('This conversation was deleted')).toBeNull()
    act(() => resumeEvents())
    expect(await screen.findByText('This conversation was deleted')).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull()
  })

  it('an address naming an inbox the node never had says there is no such inbox (not that it was deleted)', async () => {
    renderWithApp(<InboxView inboxId="job_inbox::jobid_nothing::false" />, undefined, { queryClient: qc, client })
    expect(await screen.findByText('No such inbox')).toBeTruthy()
    expect(screen.queryByText('This conversation was deleted')).toBeNull()
  })

  it('opened again, it is not read again (its scope can be megabytes): events keep it current', async () => {
    qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } })
    const [jobId] = await jobs(1)
    const open = async () => {
      const observer = new QueryObserver(qc, inboxQuery(client, inboxOf(jobId!)))
      const stop = observer.subscribe(() => {})
      await expect.poll(() => observer.getCurrentResult().isSuccess).toBe(true)
      return stop
    }
    ;(await open())()
    const before = requests.length
    ;(await open())()
    expect(requests.slice(before)).toEqual([])
  })

  it('a scope drawn from 1,000 library folders is checked for gone entries in one request, not one per folder', async () => {
    const item = (i: number) => ({
      name: `doc ${i}.txt`,
      path: { path_ids: [`Folder ${i}`, `doc ${i}.txt`] },
      source: {
        Standard: {
          FileRef: { file_name: `doc ${i}`, file_type: { Document: 'Txt' }, original_creation_datetime: null, text_chunking_strategy: 'V1' }
        }
      }
    })
    const scope = {
      local_vrkai: [],
      local_vrpack: [],
      network_folders: [],
      vector_fs_folders: [],
      vector_fs_items: Array.from({ length: 1000 }, (_, i) => item(i))
    }
    const created = await node.post('/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope } })
    const jobId = (created.body as { job_id: string }).job_id
    renderWithApp(<InboxView inboxId={inboxOf(jobId)} />, undefined, { queryClient: qc, client })
    expect(await screen.findByText('1,000 entries, all missing', {}, { timeout: 5000 })).toBeTruthy()
    // Said in the conversation too, from the same check.
    expect(screen.getByTestId('scope-missing-notice').textContent).toMatch(
      /^All 1,000 entries of this job's scope are no longer in the library \(deleted or renamed\): answers draw on no documents\./
    )
    expect(requests.filter((p) => p === '/v2/retrieve_path_simplified')).toEqual([])
    expect(requests.filter((p) => p === '/v2/vector_fs_missing_paths')).toHaveLength(1)
  })

  it('a scope with some entries gone from the library says so in the conversation, and says nothing once none is', async () => {
    const file = (name: string) => ({
      name,
      path: { path_ids: [name] },
      source: {
        Standard: {
          FileRef: { file_name: name, file_type: { Document: 'Txt' }, original_creation_datetime: null, text_chunking_strategy: 'V1' }
        }
      }
    })
    const upload = await node.post('/v2/upload_file_to_folder', {
      path: '/',
      filename: 'kept.txt',
      file_data: new TextEncoder().encode('Kept.')
    })
    expect(upload.status).toBe(200)
    const scope = {
      local_vrkai: [],
      local_vrpack: [],
      network_folders: [],
      vector_fs_folders: [],
      vector_fs_items: [file('kept.txt'), file('gone.txt'), file('old.txt')]
    }
    const created = await node.post('/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope } })
    const jobId = (created.body as { job_id: string }).job_id
    renderWithApp(<InboxView inboxId={inboxOf(jobId)} />, undefined, { queryClient: qc, client })
    const notice = await screen.findByTestId('scope-missing-notice', {}, { timeout: 5000 })
    expect(notice.textContent).toMatch(
      /^2 of the 3 entries of this job's scope are no longer in the library \(deleted or renamed\): answers draw only on the rest\./
    )
    // Below the widest windows the scope is in a drawer, which the notice opens.
    await userEvent.click(within(notice).getByRole('button', { name: 'Show the scope' }))
    const drawer = await screen.findByRole('dialog', { name: 'Job details' })
    expect(await within(drawer).findByText('3 entries, 2 of them missing')).toBeTruthy()
    cleanup()

    const whole = { ...scope, vector_fs_items: [file('kept.txt')] }
    const other = await node.post('/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: whole } })
    renderWithApp(<InboxView inboxId={inboxOf((other.body as { job_id: string }).job_id)} />, undefined, { queryClient: qc, client })
    expect(await screen.findByText('1 entry', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.queryByTestId('scope-missing-notice')).toBeNull()
  })

  it('an inbox that does not exist says so', async () => {
    renderWithApp(<InboxView inboxId="job_inbox::nope::false" />, undefined, { queryClient: qc, client })
    expect(await screen.findByText('No such inbox')).toBeTruthy()
  })
})
