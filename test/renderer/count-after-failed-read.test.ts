import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createClient, retryOnce } from '../../src/renderer/src/api/client'
import { connectEvents } from '../../src/renderer/src/api/events'
import {
  COUNT_READ_TRIES,
  hiddenCountQuery,
  INBOX_PAGE,
  inboxPageKeys,
  inboxPagesQuery,
  type InboxPages
} from '../../src/renderer/src/api/inbox-pages'
import type { Transport } from '../../src/renderer/src/api/transport'
import type { BridgeRequest } from '../../src/shared/bridge'
import { addProvider, createJob, useTestNode } from '../support/node'
import { seedInboxes } from '../../bench/seed'

/*
 * Every conversation selected and deleted at once (Ctrl+A, Delete, Confirm) on a node busy deleting: the
 * rows the window had loaded are counted out by their events, the others cannot be (not loaded), so the
 * window reads the count from the node once the events are over. That one read failed (a 503, a time-out:
 * the node busy), and nothing read it again: the list said "10 inboxes" (in the field: "1,900 inboxes")
 * a minute later, with none left, until a reload.
 *
 * A real node in-process; the window's transport, in this test only, refuses the count reads it is told to.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
const filter = { showHidden: false, pinned: false }
const JOBS = INBOX_PAGE + 10

let qc: QueryClient
let stops: (() => void)[] = []
/** Count reads (one-row pages) still to be refused with 503, as a busy node does. */
let refuseCountReads = 0
let countReads = 0
/** Events reach the window (false: the stream is broken, the events of the break are missed). */
let streamUp = true
/** Tells the window its stream is back after a break (what it missed is read again). */
let resume: () => void
/** Each next list read (a page, not a count) is answered by the node at once, its answer held this long (one entry a read). */
let heldPageAnswersMs: number[] = []
/** The window shows the list (its first page read). */
let openList: () => void
/** The list as the window shows it (its observer: the pages with the count it shows). */
let shownList: { getCurrentResult(): { data?: InboxPages }; fetchNextPage(): Promise<unknown> }
/** A read of the window other than the lists' (the providers), answered by the node. */
let readProviders: () => Promise<unknown>
/** The window shows the hidden count (beside the list's count while hidden ones are not listed); answers its reader. */
let showHiddenCount: () => () => number | undefined

const isCountRead = (req: BridgeRequest) => req.path === '/v2/all_inboxes_paginated' && req.query?.limit === '1'

beforeEach(() => {
  refuseCountReads = 0
  countReads = 0
  streamUp = true
  heldPageAnswersMs = []
  const transport: Transport = {
    kind: 'ipc',
    request: async (req) => {
      if (isCountRead(req)) {
        countReads++
        if (refuseCountReads > 0) {
          refuseCountReads--
          return { status: 503, body: { code: 503, error: 'Service Unavailable', message: 'the node is busy; try again' } }
        }
      }
      const held = req.path === '/v2/all_inboxes_paginated' && !isCountRead(req) ? heldPageAnswersMs.shift() : undefined
      const answer = await node.router.handle(req)
      if (held) await new Promise((r) => setTimeout(r, held))
      return answer
    },
    onEvent: (listener, onResumed) => {
      resume = () => onResumed?.()
      return node.ctx.bus.subscribe((event) => {
        if (streamUp) listener(event)
      })
    }
  }
  // The window's defaults (app-main.tsx): a failed read is tried once more.
  qc = new QueryClient({ defaultOptions: { queries: { retry: retryOnce, staleTime: Infinity } } })
  stops = [connectEvents(transport, qc)]
  openList = () => {
    const observer = new InfiniteQueryObserver(qc, inboxPagesQuery(createClient(transport), filter))
    stops.push(observer.subscribe(() => {}))
    shownList = observer
  }
  readProviders = () =>
    qc.fetchQuery({ queryKey: ['providers-read'], queryFn: () => createClient(transport).call('available_llm_providers') })
  showHiddenCount = () => {
    const observer = new QueryObserver(qc, hiddenCountQuery(createClient(transport)))
    stops.push(observer.subscribe(() => {}))
    return () => observer.getCurrentResult().data
  }
})
afterEach(() => {
  vi.useRealTimers()
  stops.forEach((stop) => stop())
  qc.clear()
})

const count = () => qc.getQueryData<InboxPages>(inboxPageKeys.pages(filter))?.pages[0]?.total_count
const loadedRows = () => qc.getQueryData<InboxPages>(inboxPageKeys.pages(filter))?.pages.flatMap((p) => p.inboxes).length

async function listOfJobs(): Promise<string[]> {
  // Written through the store in one transaction (bench/seed), the oldest first: no creation is told
  // to the window, so no count read is on its way once the list is shown (made through the API, their
  // events asked for one, waited out for a second), and the reads counted below are those after the removals.
  seedInboxes(node.store, { inboxes: JOBS, providerId: 'gpt', messagesPerInbox: 0 })
  const ids = Array.from({ length: JOBS }, (_, i) => `jobid_seed_${i}`)
  // The list as the window first shows it: one page loaded, the count of every inbox.
  openList()
  await expect.poll(count).toBe(JOBS)
  expect(loadedRows()).toBe(INBOX_PAGE)
  countReads = 0
  return ids
}

/** Moves the faked clock on by 20 ms steps until `done` holds or `ms` have passed; whether it held. */
async function advanceUntil(done: () => boolean, ms: number): Promise<boolean> {
  for (let waited = 0; !done() && waited < ms; waited += 20) await vi.advanceTimersByTimeAsync(20)
  return done()
}

describe('the list count after every conversation is deleted, the count read failing', () => {
  it('says none are left within seconds, though the first count read after the removals failed', async () => {
    const ids = await listOfJobs()
    refuseCountReads = 1
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const res = await node.post('/v2/remove_jobs', { job_ids: ids })
    expect(res.status).toBe(200)
    expect(await advanceUntil(() => countReads > 0, 3000)).toBe(true)
    expect(await advanceUntil(() => count() === 0, 5000)).toBe(true)
  })

  it('is read again while the node refuses, each wait longer than the one before, and written once it answers', async () => {
    const ids = await listOfJobs()
    refuseCountReads = 1_000
    // The window's waits (the events' batch, the count reads' backoff) on a clock the test moves.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await node.post('/v2/remove_jobs', { job_ids: ids.slice(0, 20) }) // ten of them not loaded
    expect(await advanceUntil(() => countReads > 0, 3000)).toBe(true)
    expect(countReads).toBe(1)
    // Read again, but not every half second for as long as the node refuses (1 s, then 2 s, then 4 s).
    expect(await advanceUntil(() => countReads > 1, 3000)).toBe(true)
    const reads = countReads
    await vi.advanceTimersByTimeAsync(3000)
    expect(countReads - reads).toBeLessThanOrEqual(3)
    // The node answers again: the next read is written.
    refuseCountReads = 0
    expect(await advanceUntil(() => count() === JOBS - 20, 10_000)).toBe(true)
    expect(count()).toBe(JOBS - 20)
  })

  it('stops reading after a bound while the node keeps refusing (about a minute), not every half second for good', async () => {
    const ids = await listOfJobs()
    refuseCountReads = Infinity
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await node.post('/v2/remove_jobs', { job_ids: ids.slice(0, 20) })
    await vi.advanceTimersByTimeAsync(50_000)
    expect(countReads).toBeGreaterThan(5)
    expect(countReads).toBeLessThan(COUNT_READ_TRIES)
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(countReads).toBe(COUNT_READ_TRIES)
    expect(count()).toBe(JOBS - 10) // the loaded rows removed are counted out all the same
  })

  it('says none are left when the stream broke during the removals, more came while the lists were read again, and the count read failed', async () => {
    const ids = await listOfJobs()
    // The stream breaks: these removals are never told (the last 50 created are the rows loaded).
    streamUp = false
    await node.post('/v2/remove_jobs', { job_ids: ids.slice(JOBS - 5) })
    // Back: the list is read again; the node answers it at once (55 left, 50 rows) and the answer takes a second to come.
    streamUp = true
    heldPageAnswersMs = [1000]
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    resume()
    await vi.advanceTimersByTimeAsync(200)
    // Meanwhile the rest is deleted, told on the new stream; the node, busy, refuses the count reads that
    // follow (the one these removals ask for, the one the read landing with them asks for).
    refuseCountReads = 2
    await node.post('/v2/remove_jobs', { job_ids: ids.slice(0, JOBS - 5) })
    expect(await advanceUntil(() => countReads > 0, 4000)).toBe(true)
    expect(await advanceUntil(() => count() === 0, 10_000)).toBe(true)
    expect(loadedRows()).toBe(0)
  })
})

describe('the list count while the node refuses count reads', () => {
  it('shows no more than the list holds once a next page says it ends, though no count read went through', async () => {
    const ids = await listOfJobs()
    refuseCountReads = Infinity
    // Everything deleted: the loaded rows are counted out by their events; the ten never loaded are not.
    await node.post('/v2/remove_jobs', { job_ids: ids })
    await expect.poll(loadedRows, { timeout: 3000, interval: 20 }).toBe(0)
    expect(shownList.getCurrentResult().data?.pages[0]?.total_count).toBe(JOBS - INBOX_PAGE)
    // The list, at its loaded end, reads its next page: none left, and the count the node has.
    await shownList.fetchNextPage()
    const shown = shownList.getCurrentResult().data!
    expect(shown.pages[shown.pages.length - 1]!.hasNextPage).toBe(false)
    // The header and the placeholder rows go by the count shown: "0 inboxes", not "10 inboxes" and ten placeholders.
    expect(shown.pages.map((p) => p.total_count)).toEqual(shown.pages.map(() => 0))
  })

  it('is read again once the node answers a read after it refused the count reads for over a minute', async () => {
    const ids = await listOfJobs()
    refuseCountReads = Infinity
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await node.post('/v2/remove_jobs', { job_ids: ids.slice(0, 20) }) // ten of them not loaded
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(countReads).toBe(COUNT_READ_TRIES)
    expect(count()).toBe(JOBS - 10)
    // The node answers again (over IPC the stream never broke, nor does a change come): a read of the
    // window is answered, and the count still in doubt is read again.
    refuseCountReads = 0
    await readProviders()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(countReads).toBe(COUNT_READ_TRIES + 1)
    expect(count()).toBe(JOBS - 20)
    // Answered, it is not read again at the next answer.
    await qc.invalidateQueries({ queryKey: ['providers-read'] })
    await readProviders()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(countReads).toBe(COUNT_READ_TRIES + 1)
  })
})

describe('the hidden count after the hidden conversations are deleted, its reads failing', () => {
  it('says none are hidden within seconds, though the node refused its reads twice', async () => {
    const ids: string[] = []
    for (let i = 0; i < 40; i++) ids.push(await createJob(node, 'gpt'))
    const hidden = ids.slice(0, 20)
    for (const job_id of hidden) expect((await node.post('/v2/update_job_hidden', { job_id, is_hidden: true })).status).toBe(200)
    // The list of those not hidden (all 20 loaded), and the note beside its count: "20 hidden".
    openList()
    const hiddenCount = showHiddenCount()
    await expect.poll(hiddenCount).toBe(20)
    await expect.poll(count).toBe(20)
    await new Promise((r) => setTimeout(r, 1000))
    countReads = 0
    // Each read of the hidden count is two one-row reads: both refused, and both again when tried once more.
    refuseCountReads = 4
    expect((await node.post('/v2/remove_jobs', { job_ids: hidden })).status).toBe(200)
    await expect.poll(() => countReads, { timeout: 3000, interval: 20 }).toBeGreaterThan(0)
    await expect.poll(hiddenCount, { timeout: 10_000, interval: 100 }).toBe(0)
    expect(count()).toBe(20)
  }, 20_000)
})
