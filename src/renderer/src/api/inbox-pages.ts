import { hashKey, type InfiniteData, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { Inbox } from '../../../shared/contract/inbox'
import { ApiFailure, retryOnce, type Client } from './client'

/** Rows per page of the inbox list. */
export const INBOX_PAGE = 50

export interface InboxPage {
  readonly inboxes: Inbox[]
  readonly hasNextPage: boolean
  readonly total_count: number
  /**
   * The last inbox of the page as the node served it: the next page continues after it even once
   * events have moved or dropped it here (the node remembers where the pages it served ended).
   */
  readonly next?: string
}
export type InboxPages = InfiniteData<InboxPage, string | undefined>

/** Which inboxes a paged list holds: hidden ones or not; pinned only, unpinned only, or both. */
export interface InboxFilter {
  readonly showHidden: boolean
  readonly pinned?: boolean
}

export const inboxPageKeys = {
  all: ['inboxes'] as const,
  pages: (f: InboxFilter) => ['inboxes', 'pages', { showHidden: f.showHidden, pinned: f.pinned ?? null }] as const,
  one: (inboxId: string) => ['inboxes', 'one', inboxId] as const,
  places: ['inboxes', 'place'] as const,
  place: (f: InboxFilter, block: number) => ['inboxes', 'place', { showHidden: f.showHidden, pinned: f.pinned ?? null }, block] as const,
  search: (q: string, showHidden: boolean) => ['inboxes', 'search', { q, showHidden }] as const,
  hiddenCount: ['inboxes', 'hidden-count'] as const,
  searches: ['inboxes', 'search'] as const
}

export const pageQuery = (filter: InboxFilter, offset: string | undefined, limit = INBOX_PAGE) => ({
  limit: String(limit),
  offset,
  show_hidden: filter.showHidden ? 'true' : 'false',
  pinned: filter.pinned === undefined ? undefined : String(filter.pinned)
})

/** The lists of the first screen: pinned on top, then the rest (main.tsx sends them before the app loads, app-main.tsx prefetches them). */
export const firstScreenLists = (showHidden: boolean): InboxFilter[] => [
  { showHidden, pinned: true },
  { showHidden, pinned: false }
]

/**
 * The hidden count is read again at most this often: a script writing to inboxes far down a list of
 * 100,000 makes nearly every batch of events one that may alter it, and each read is two requests.
 */
export const HIDDEN_COUNT_REFRESH_MS = 500
const hiddenRecounts = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>()

/** Reads the hidden count again once the interval is over (the last change is never left out). */
function recountHidden(qc: QueryClient) {
  if (hiddenRecounts.has(qc)) return
  hiddenRecounts.set(
    qc,
    setTimeout(() => {
      hiddenRecounts.delete(qc)
      void qc.invalidateQueries({ queryKey: inboxPageKeys.hiddenCount })
    }, HIDDEN_COUNT_REFRESH_MS)
  )
}

/** A list's count, when changes left it uncertain, is read again at most this often (one row each time; see events.ts). */
export const COUNT_REFRESH_MS = 500
/**
 * A count read that failed (a node busy deleting 100,000 inboxes answers 503, or not in time) is tried
 * again, at most this many reads in all, each wait twice the one before, from COUNT_REFRESH_MS up to
 * COUNT_RETRY_MAX_MS: about a minute of a node that does not answer. After that the next change, or the
 * event stream back after a break (every list is read again), corrects it.
 */
export const COUNT_READ_TRIES = 10
export const COUNT_RETRY_MAX_MS = 8_000
/** The wait before a count read after `failures` failed ones in a row. */
export const countWait = (failures: number) => Math.min(COUNT_REFRESH_MS * 2 ** failures, COUNT_RETRY_MAX_MS)

/**
 * How many inboxes are hidden, for the list's count while they are not shown. The contract has no
 * count of hidden inboxes: it is every inbox's total_count less that of those not hidden, each read
 * with a one-row page (cheap at any size: nothing downloads the list).
 */
export const hiddenCountQuery = (client: Client) => ({
  queryKey: inboxPageKeys.hiddenCount,
  // Read again after failures as the lists' counts are (see COUNT_READ_TRIES): tried twice, the note said
  // "1,900 hidden" with none left after a flood of removals on a busy node, until the next change.
  retry: (failures: number, err: unknown) => failures < COUNT_READ_TRIES - 1 && retryOnce(0, err),
  retryDelay: (failures: number) => countWait(failures),
  queryFn: async () => {
    const totalOf = async (showHidden: boolean) =>
      (await client.call('all_inboxes_paginated', { query: pageQuery({ showHidden }, undefined, 1) })).total_count
    const [all, shown] = await Promise.all([totalOf(true), totalOf(false)])
    return Math.max(0, all - shown)
  }
})

/** How many loaded rows, from the end, a next page may start after when the node refuses its cursor. */
const FALLBACK_ROWS = 5

const isBadRequest = (err: unknown) => err instanceof ApiFailure && err.status === 400

/**
 * One page of a list. A next page continues after `cursor`; when the node answers 400 (that inbox
 * was removed and the node no longer knows where it was, e.g. after a restart), it continues after
 * the last loaded row that still exists (rows after it that are already loaded are gone as well).
 */
export async function fetchInboxPage(
  client: Client,
  filter: InboxFilter,
  cursor: string | undefined,
  loaded: readonly Inbox[]
): Promise<InboxPage> {
  const read = async (offset: string | undefined) => {
    const page = await client.call('all_inboxes_paginated', { query: pageQuery(filter, offset) })
    return { ...page, next: page.inboxes[page.inboxes.length - 1]?.inbox_id }
  }
  if (cursor === undefined) return read(undefined)
  try {
    return await read(cursor)
  } catch (err) {
    if (!isBadRequest(err)) throw err
  }
  // Each refused row is gone too (the node knows where every existing inbox is): step back over it.
  const ids = loaded.map((i) => i.inbox_id).filter((id) => id !== cursor)
  for (let k = 1; k <= Math.min(FALLBACK_ROWS, ids.length); k++) {
    try {
      return await read(ids[ids.length - k])
    } catch (err) {
      if (!isBadRequest(err)) throw err
    }
  }
  // Every row stepped back to is gone as well, or none is left (many deleted at once, their events taking
  // the rows away while the page was asked for): the list goes on from its start, rows already loaded
  // read again shown once (the list drops repeats). It said "The inboxes could not be loaded: no inbox
  // '…'" after 2,000 inboxes were deleted from the bar.
  return read(undefined)
}

/**
 * The pages as a list shows them, each carrying the count the list shows: once a page says the list
 * ends, the rows loaded (each once: a list read again from its start repeats some), else the count of
 * the newest page (read last). A count read the node refused left the first page's count as it was:
 * after a flood of removals the list said "1,900 inboxes" and drew 1,900 placeholder rows though a
 * next page had come back with none left and the lower count, until a count read went through.
 */
export function shownPages(data: InboxPages): InboxPages {
  const last = data.pages[data.pages.length - 1]
  if (!last) return data
  const total = last.hasNextPage ? last.total_count : new Set(data.pages.flatMap((p) => p.inboxes.map((i) => i.inbox_id))).size
  return data.pages.every((p) => p.total_count === total) ? data : { ...data, pages: data.pages.map((p) => ({ ...p, total_count: total })) }
}

/** The paged list as an infinite query: each page continues after the last inbox of the one before. */
export const inboxPagesQuery = (client: Client, filter: InboxFilter) => ({
  queryKey: inboxPageKeys.pages(filter),
  // The cache's QueryClient and key come with each call from TanStack Query: the loaded rows are the fallback's.
  queryFn: ({ pageParam, client: qc, queryKey }: { pageParam: string | undefined; client?: QueryClient; queryKey?: QueryKey }) =>
    fetchInboxPage(client, filter, pageParam, (queryKey && qc?.getQueryData<InboxPages>(queryKey)?.pages.flatMap((p) => p.inboxes)) ?? []),
  initialPageParam: undefined as string | undefined,
  // What the list shows and counts (the cache keeps what was read: events and count reads patch that).
  select: shownPages,
  getNextPageParam: (last: InboxPage) => (last.hasNextPage ? (last.next ?? last.inboxes[last.inboxes.length - 1]?.inbox_id) : undefined),
  // Events keep the loaded pages current (and a broken stream has them read again once it is back): a list
  // shown again (back from a conversation, beside one) is not read again, every loaded page one request after another.
  staleTime: Infinity
})

/** Rows per block of a list read by place: when the reader is far past the rows read in order (the scrollbar dragged, End). */
export const PLACE_BLOCK = 100
/** How far past the rows read in order the visible rows may start before they are read by place. */
export const NEAR_ROWS = 100

/**
 * The blocks (by place, PLACE_BLOCK rows each) the visible rows `first`…`last` of a list need when they
 * start far past the `loaded` rows read in order; none when they are near (the next page in order comes).
 */
export function placeBlocks(first: number, last: number, loaded: number): number[] {
  if (first <= loaded + NEAR_ROWS) return []
  const blocks: number[] = []
  for (let b = Math.floor(first / PLACE_BLOCK); b <= Math.floor(last / PLACE_BLOCK) && blocks.length < 4; b++) blocks.push(b)
  return blocks
}

/**
 * The rows of the blocks read by place (`blockRows[i]` read for `blocks[i]`), by their place in the list.
 * Blocks read at different moments may both hold an inbox that changed place in between: it is placed
 * once (one key), and not at all when its id is in `shown` (already among the rows read in order).
 */
export function rowsByPlace<T>(
  blocks: readonly number[],
  blockRows: readonly (readonly Inbox[] | undefined)[],
  toRow: (inbox: Inbox) => T,
  shown: Iterable<string> = []
): Map<number, T> {
  const byPlace = new Map<number, T>()
  const seen = new Set(shown)
  blocks.forEach((b, i) =>
    blockRows[i]?.forEach((inbox, j) => {
      if (seen.has(inbox.inbox_id)) return
      seen.add(inbox.inbox_id)
      byPlace.set(b * PLACE_BLOCK + j, toRow(inbox))
    })
  )
  return byPlace
}

/**
 * One block of a list read by place (the node's `position`, beside the contract): a jump to the end of
 * 100,000 inboxes is one request, not the 2,000 pages in order before it.
 */
export const inboxPlaceQuery = (client: Client, filter: InboxFilter, block: number) => ({
  queryKey: inboxPageKeys.place(filter, block),
  queryFn: async (): Promise<Inbox[]> =>
    (
      await client.call('all_inboxes_paginated', {
        query: { ...pageQuery(filter, undefined, PLACE_BLOCK), position: String(block * PLACE_BLOCK) }
      })
    ).inboxes,
  // Events keep a block current (they patch its rows, and mark it to be read again when places shift).
  staleTime: Infinity,
  gcTime: 30_000
})

/**
 * Where an inbox stood in a list's rows read by place, from the blocks still cached (a list shown
 * again after a conversation opened from far down: it is no longer among the rows that list reads).
 */
export function cachedPlace(qc: QueryClient, filter: InboxFilter, inboxId: string): number | undefined {
  for (const [key, rows] of qc.getQueriesData<Inbox[]>({
    queryKey: ['inboxes', 'place', { showHidden: filter.showHidden, pinned: filter.pinned ?? null }]
  })) {
    const j = rows?.findIndex((r) => r.inbox_id === inboxId) ?? -1
    if (j >= 0) return (key[3] as number) * PLACE_BLOCK + j
  }
  return undefined
}

/** The inbox at a place of a list's rows read by place, if the block holding it is cached (read or not shown now). */
export function cachedAtPlace(qc: QueryClient, filter: InboxFilter, place: number): Inbox | undefined {
  if (place < 0) return undefined
  return qc.getQueryData<Inbox[]>(inboxPageKeys.place(filter, Math.floor(place / PLACE_BLOCK)))?.[place % PLACE_BLOCK]
}

/**
 * Whether two copies of an inbox differ only in their scope, which lists do not carry: an inbox_changed
 * event that leaves every listed field as it was changed the scope (update_job_scope), the one change a
 * window cannot read from the event itself.
 */
export const sameButScope = (a: Inbox, b: Inbox) => hashKey([{ ...a, job_scope: null }]) === hashKey([{ ...b, job_scope: null }])

/** When an inbox last moved in the list: its last message, else its creation (the node orders by this). */
export const activityOf = (inbox: Inbox) => inbox.last_message?.node_api_data.node_timestamp ?? inbox.datetime_created

const matches = (inbox: Inbox, f: InboxFilter) =>
  (f.showHidden || !inbox.is_hidden) && (f.pinned === undefined || inbox.is_pinned === f.pinned)

export interface PatchResult {
  readonly pages: InboxPages
  /** The change may have altered the count in a way the loaded rows cannot tell (e.g. an unloaded inbox moved). */
  readonly countUncertain: boolean
}

/**
 * One inbox's change applied to a loaded list: dropped when removed or no longer matching the filter;
 * otherwise put where the node's order puts it (the top for new activity) when that place is among the
 * loaded rows, else left for the page that will hold it. `wasOutside`: the inbox was known not to be in
 * this list before the change (e.g. it was in the pinned list, and this one holds the unpinned).
 */
export function patchPages(data: InboxPages, filter: InboxFilter, inboxId: string, inbox: Inbox | null, wasOutside = false): PatchResult {
  let found = false
  const pages = data.pages.map((p) => {
    const i = p.inboxes.findIndex((x) => x.inbox_id === inboxId)
    if (i < 0) return p
    found = true
    return { ...p, inboxes: p.inboxes.filter((_, j) => j !== i) }
  })
  const complete = !pages[pages.length - 1]?.hasNextPage
  const keep = inbox !== null && matches(inbox, filter)
  let delta = 0
  let countUncertain = false
  if (found && !keep) delta = -1
  else if (!found && keep) {
    if (complete || wasOutside) delta = 1
    else countUncertain = true // new, or an unloaded inbox that moved: the node knows
  } else if (!found && !keep && !complete) {
    // Not among the loaded rows and not in the list now: it may have been in it among the rows not
    // loaded (hidden or pinned from a search result, a row far down or another window), so the count
    // may have lost one; only a change from the other pinned list is known to have been outside.
    countUncertain = !wasOutside
  }
  if (keep) {
    const at = activityOf(inbox)
    let placed = false
    for (let pi = 0; pi < pages.length && !placed; pi++) {
      const rows = pages[pi]!.inboxes
      const j = rows.findIndex((x) => activityOf(x) <= at)
      if (j >= 0) {
        pages[pi] = { ...pages[pi]!, inboxes: [...rows.slice(0, j), inbox, ...rows.slice(j)] }
        placed = true
      }
    }
    // Older than every loaded row: the end when everything is loaded or it was the last loaded row (it
    // stays where it was: activity only grows), else its place is in a later page.
    if (!placed && (complete || found) && pages.length) {
      const last = pages[pages.length - 1]!
      pages[pages.length - 1] = { ...last, inboxes: [...last.inboxes, inbox] }
    }
  }
  if (delta) for (let i = 0; i < pages.length; i++) pages[i] = { ...pages[i]!, total_count: Math.max(0, pages[i]!.total_count + delta) }
  return { pages: { ...data, pages }, countUncertain }
}

/** The filter a cached page query was made with, read back from its key. */
const filterOfKey = (key: readonly unknown[]): InboxFilter => {
  const f = key[2] as { showHidden: boolean; pinned: boolean | null }
  return f.pinned === null ? { showHidden: f.showHidden } : { showHidden: f.showHidden, pinned: f.pinned }
}

/** Listeners to something told about a query client's lists: `on` subscribes (and answers the unsubscribe), `tell` calls them. */
function listeners<T>() {
  const all = new WeakMap<QueryClient, Set<(value: T) => void>>()
  return {
    on: (qc: QueryClient, listener: (value: T) => void): (() => void) => {
      let set = all.get(qc)
      if (!set) all.set(qc, (set = new Set()))
      set.add(listener)
      return () => void set.delete(listener)
    },
    tell: (qc: QueryClient, value: T) => {
      for (const listener of all.get(qc) ?? []) listener(value)
    }
  }
}

const countDoubt = listeners<InboxFilter>()
/**
 * Calls `listener` with a list whose count may be wrong after a read landed with changes told
 * meanwhile applied again (see applyAgain); returns the unsubscribe.
 */
export const onCountInDoubt = countDoubt.on

const inboxChanges = listeners<ReadonlyMap<string, Inbox | null>>()
/** Calls `listener` with each batch of inbox changes applied to `qc`'s lists (after them); returns the unsubscribe. */
export const onInboxChanges = inboxChanges.on

const readAfterBreak = listeners<number>()
/**
 * Calls `listener` once the lists have been read again after a break in the node's events (with the time
 * the stream came back): the changes made meanwhile were not told (an inbox removed then is simply not in
 * them). Returns the unsubscribe.
 */
export const onListsReadAfterBreak = readAfterBreak.on
/** Tells onListsReadAfterBreak's listeners (events.ts, once the lists read again after the break at `since` are in). */
export const listsReadAfterBreak = (qc: QueryClient, since: number) => readAfterBreak.tell(qc, since)

/**
 * The inboxes in `qc`'s paged lists as read since `since` (the rows loaded so far): a list not read
 * again (not shown, or its read failed) still holds what it held before, inboxes removed since included.
 */
export function listedInboxIds(qc: QueryClient, since: number): Set<string> {
  const ids = new Set<string>()
  for (const query of qc.getQueryCache().findAll({ queryKey: ['inboxes', 'pages'] })) {
    if (query.state.dataUpdatedAt < since) continue
    for (const page of (query.state.data as InboxPages | undefined)?.pages ?? []) for (const inbox of page.inboxes) ids.add(inbox.inbox_id)
  }
  return ids
}

/**
 * The inbox as `qc`'s paged lists or its single-inbox cache hold it now, if any does. Its flags say
 * which lists it is counted in: a change that keeps them moves no list's count (a message arrived).
 */
export function cachedInbox(qc: QueryClient, inboxId: string): Inbox | undefined {
  const one = qc.getQueryData<Inbox | null>(inboxPageKeys.one(inboxId))
  if (one) return one
  for (const query of qc.getQueryCache().findAll({ queryKey: ['inboxes', 'pages'] }))
    for (const page of (query.state.data as InboxPages | undefined)?.pages ?? []) {
      const row = page.inboxes.find((x) => x.inbox_id === inboxId)
      if (row) return row
    }
  return undefined
}

/**
 * Applies a batch of inbox changes (the last one of each inbox wins) to every cached paged list and to
 * each cached single inbox. Returns the lists whose count the batch left uncertain. Search results are
 * the node's ranking, not patched here: the caller has an open search ask again (see events.ts).
 */
export function applyInboxChanges(qc: QueryClient, changes: ReadonlyMap<string, Inbox | null>): InboxFilter[] {
  const uncertain: InboxFilter[] = []
  const lists = qc
    .getQueryCache()
    .findAll({ queryKey: ['inboxes', 'pages'] })
    .flatMap((query) => {
      const data = query.state.data as InboxPages | undefined
      return data ? [{ query, data, filter: filterOfKey(query.queryKey) }] : []
    })
  // Where each changed inbox was before the change: a list that held it rules it out of the lists whose
  // pinned filter is the other one (an unpinned inbox was not among the pinned: their counts are known).
  const heldBy = new Map(
    [...changes.keys()].map((id) => [id, lists.filter((l) => l.data.pages.some((p) => p.inboxes.some((i) => i.inbox_id === id)))])
  )
  const disjoint = (a: InboxFilter, b: InboxFilter) => a.pinned !== undefined && b.pinned !== undefined && a.pinned !== b.pinned
  for (const { query, data, filter } of lists) {
    let next = data
    let unsure = false
    for (const [id, inbox] of changes) {
      const wasOutside = heldBy.get(id)!.some((l) => disjoint(l.filter, filter))
      const r = patchPages(next, filter, id, inbox, wasOutside)
      next = r.pages
      unsure ||= r.countUncertain
    }
    qc.setQueryData(query.queryKey, next)
    if (unsure) uncertain.push(filter)
  }
  // Open searches keep the node's ranking until they ask again (at most twice a second): meanwhile a
  // result deleted, or hidden where hidden ones are not shown, goes at once; one changed shows its change.
  for (const query of qc.getQueryCache().findAll({ queryKey: inboxPageKeys.searches })) {
    const hits = query.state.data as readonly { readonly inbox: Inbox; readonly snippet: string }[] | undefined
    if (!hits) continue
    const { showHidden } = query.queryKey[2] as { showHidden: boolean }
    const next = hits.flatMap((hit) => {
      if (!changes.has(hit.inbox.inbox_id)) return [hit]
      const inbox = changes.get(hit.inbox.inbox_id)!
      return inbox === null || (inbox.is_hidden && !showHidden) ? [] : [{ ...hit, inbox }]
    })
    if (next.length !== hits.length || next.some((h, i) => h !== hits[i])) qc.setQueryData(query.queryKey, next)
  }
  // Blocks read by place: a removed inbox, or one that left the list or moved (new activity takes it to
  // the top), leaves its block at once. When the batch may have shifted the places of a list's blocks,
  // they are marked to be read again (a shown one is, a moment later: see InboxesPage); a change the
  // loaded rows account for (an inbox among them that stays in the list: a new message in a conversation
  // near the top, a rename) shifts none past them, so a list being written to steadily is not read again
  // and again.
  const blocks = qc
    .getQueryCache()
    .findAll({ queryKey: inboxPageKeys.places })
    .flatMap((query) => {
      const rows = query.state.data as readonly Inbox[] | undefined
      return rows ? [{ query, rows, filter: filterOfKey(query.queryKey) }] : []
    })
  const same = (a: InboxFilter, b: InboxFilter) => a.showHidden === b.showHidden && a.pinned === b.pinned
  // The changed inboxes the blocks held, by list: `${filter} ${inbox_id}`.
  const inBlocks = new Map<string, Inbox>()
  for (const { rows, filter } of blocks)
    for (const r of rows) if (changes.has(r.inbox_id)) inBlocks.set(`${JSON.stringify(filter)} ${r.inbox_id}`, r)
  const shifts = (filter: InboxFilter) =>
    [...changes].some(([id, inbox]) => {
      const stays = inbox !== null && matches(inbox, filter)
      const held = heldBy.get(id)!
      if (held.some((l) => same(l.filter, filter))) return !stays
      if (held.some((l) => disjoint(l.filter, filter))) return stays
      const before = inBlocks.get(`${JSON.stringify(filter)} ${id}`)
      return !(before && stays && activityOf(inbox) === activityOf(before))
    })
  const shifted = new Map<string, boolean>()
  for (const { query, rows, filter } of blocks) {
    const key = JSON.stringify(filter)
    if (!shifted.has(key)) shifted.set(key, shifts(filter))
    const next = patchBlockRows(rows, filter, changes)
    if (next !== rows) qc.setQueryData(query.queryKey, next)
    if (shifted.get(key)) void qc.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' })
  }
  // The hidden count, asked again when a change may alter it: one of an inbox a loaded list held (it was
  // hidden or not, as that list has it) that hides, unhides or removes a hidden one; any change of an
  // inbox no list held (new, or far down). A new message in a loaded conversation does not ask, whether
  // hidden ones are listed or not.
  const before = (id: string): Inbox | undefined => {
    for (const l of heldBy.get(id)!)
      for (const p of l.data.pages) {
        const held = p.inboxes.find((i) => i.inbox_id === id)
        if (held) return held
      }
    return undefined
  }
  const altersHidden = (id: string, inbox: Inbox | null) => {
    const was = before(id)
    if (!was) return true
    return inbox === null ? was.is_hidden : was.is_hidden !== inbox.is_hidden
  }
  if ([...changes].some(([id, inbox]) => altersHidden(id, inbox))) recountHidden(qc)
  for (const [id, inbox] of changes) {
    const key = inboxPageKeys.one(id)
    if (qc.getQueryData(key) === undefined) continue
    qc.setQueryData<Inbox | null>(key, (prev) => patchOne(prev, inbox))
  }
  rememberWhileRead(qc, changes)
  inboxChanges.tell(qc, changes)
  return uncertain
}

/** A block's rows after a batch of changes: one removed, no longer in the list or moved (new activity) leaves; the same array when none applies. */
function patchBlockRows(rows: readonly Inbox[], filter: InboxFilter, changes: ReadonlyMap<string, Inbox | null>): readonly Inbox[] {
  const next = rows.flatMap((r) => {
    if (!changes.has(r.inbox_id)) return [r]
    const inbox = changes.get(r.inbox_id)!
    return inbox === null || !matches(inbox, filter) || activityOf(inbox) !== activityOf(r) ? [] : [inbox]
  })
  return next.length !== rows.length || next.some((r, i) => r !== rows[i]) ? next : rows
}

/** A single inbox after its change: events carry no scope, so the one already read is kept. */
const patchOne = (prev: Inbox | null | undefined, inbox: Inbox | null): Inbox | null =>
  inbox === null ? null : { ...inbox, job_scope: prev?.job_scope ?? null }

/**
 * Changes applied while a list, block or inbox was being read, by that read (its query). The read may
 * have been answered before the change was made, and its answer replaces the patched rows when it lands
 * (a next page is added to the pages as they were when it was asked for): the changes are applied again
 * to what it brought. Applying a change twice is harmless, so a read answered after it loses nothing.
 */
const changedDuringRead = new WeakMap<Query, Map<string, Inbox | null>>()
const watchedCaches = new WeakSet<QueryClient>()

function rememberWhileRead(qc: QueryClient, changes: ReadonlyMap<string, Inbox | null>) {
  const reading = qc
    .getQueryCache()
    .findAll({ queryKey: inboxPageKeys.all, fetchStatus: 'fetching' })
    .filter((q) => ['pages', 'place', 'one'].includes(q.queryKey[1] as string))
  if (!reading.length) return
  for (const query of reading) {
    const kept = changedDuringRead.get(query) ?? new Map<string, Inbox | null>()
    for (const [id, inbox] of changes) {
      kept.delete(id) // the latest change of each inbox last, as the events came
      kept.set(id, inbox)
    }
    changedDuringRead.set(query, kept)
  }
  if (watchedCaches.has(qc)) return
  watchedCaches.add(qc)
  qc.getQueryCache().subscribe((event) => {
    const query = event.query as Query
    if (event.type !== 'updated' || query.state.fetchStatus !== 'idle') return
    const kept = changedDuringRead.get(query)
    if (!kept) return
    // The read is over (answered, failed or cancelled): what it brought, or what was restored, gets the changes again.
    changedDuringRead.delete(query)
    applyAgain(qc, query, kept)
  })
}

function applyAgain(qc: QueryClient, query: Query, changes: ReadonlyMap<string, Inbox | null>) {
  const key = query.queryKey
  const data = query.state.data
  if (data === undefined) return
  if (key[1] === 'pages') {
    let next = data as InboxPages
    const filter = filterOfKey(key)
    for (const [id, inbox] of changes) next = patchPages(next, filter, id, inbox).pages
    qc.setQueryData(key, next)
    // The count came with the read (or with the pages as they were when a next page was asked for):
    // whether the changes moved an inbox into or out of the list is not known from these rows alone
    // (one from the other pinned list, one past the loaded rows), so the node is asked for it.
    countDoubt.tell(qc, filter)
  } else if (key[1] === 'place') {
    const rows = data as readonly Inbox[]
    const next = patchBlockRows(rows, filterOfKey(key), changes)
    if (next !== rows) qc.setQueryData(key, next)
  } else if (key[1] === 'one' && changes.has(key[2] as string)) {
    qc.setQueryData<Inbox | null>(key, (prev) => patchOne(prev, changes.get(key[2] as string)!))
  }
}

/** How a count read ended: written; not written, a change having come meanwhile; or not answered (the node busy or away). */
export type CountRead = 'written' | 'moved' | 'failed'

/**
 * Reads a list's total_count with a one-row page and writes it into the cached pages, if `current()`
 * still holds when the answer comes. The node's count already holds every change made before it
 * counted, and the cached count gets each change again when its event is applied: an answer that
 * came while a change was told, or waiting to be applied, would count that change twice (or lose it).
 * Answers 'moved' when the answer was not written for that reason, 'failed' when the node did not
 * answer (a 503 or a time-out while it deletes 100,000 inboxes): the caller reads it again later in
 * both cases, else the count stayed wrong until a reload.
 */
export async function refreshCount(
  qc: QueryClient,
  client: Client,
  filter: InboxFilter,
  current: () => boolean = () => true
): Promise<CountRead> {
  let total_count: number
  try {
    ;({ total_count } = await client.call('all_inboxes_paginated', { query: pageQuery(filter, undefined, 1) }))
  } catch {
    return 'failed'
  }
  if (!current()) return 'moved'
  qc.setQueryData<InboxPages>(inboxPageKeys.pages(filter), (d) => d && { ...d, pages: d.pages.map((p) => ({ ...p, total_count })) })
  return 'written'
}
