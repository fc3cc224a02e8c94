import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type UseQueryResult
} from '@tanstack/react-query'
import type { RouteBodyInput, RouteName } from '../../../shared/contract/routes'
import type { Inbox } from '../../../shared/contract/inbox'
import { jobInboxId } from '../../../shared/contract/inbox-id'
import { searchQueryWithin } from '../../../shared/contract/inbox-search-rules'
import { nameSearchText, nameSearchWords } from '../../../shared/contract/vector-fs-names'
import { FIND_QUERY_MAX_CHARS } from '../../../shared/contract/vector-fs-limits'
import type { LastMessage } from '../../../shared/contract/message'
import { joinPath } from '../../../shared/vfs-path'
import { useKeptWhileTyping } from './search-text'
import { ApiFailure, type Client } from './client'
import { forgetRemovedInbox } from '../stores/removed-inbox'
import { useClient } from './client-context'
import { hiddenCountQuery, inboxPageKeys, inboxPagesQuery, inboxPlaceQuery, type InboxFilter } from './inbox-pages'
import { cachedWithin, readable } from './vfs-leaving'
import { folderRefresher, type FolderRefresher } from './folder-refresh'

/** Query keys: one place, so mutations and events invalidate exactly what they change. */
export const keys = {
  health: ['health'] as const,
  providers: ['providers'] as const,
  messages: (inboxId: string) => ['messages', inboxId] as const,
  /** Everything read from the document library starts with this. */
  vfs: ['vfs'] as const,
  /** One folder's children (depth 0: lazily, one level at a time). */
  vfsFolder: (path: string) => ['vfs', 'folder', path] as const,
  /** Entries found by name anywhere in the library (the node searches; no window reads the whole tree). */
  vfsFind: (q: string, kind?: 'folder' | 'file') => ['vfs', 'find', q, kind ?? 'any'] as const,
  vfsFindAll: ['vfs', 'find'] as const,
  /** Files counted by embedding state (Settings' progress). */
  vfsFileStates: ['vfs', 'file-states'] as const,
  vfsResource: (path: string) => ['vfs', 'resource', path] as const,
  vfsSearch: ['vfs', 'search'] as const,
  /** Which of a scope's library entries are gone (`digest` stands for their paths). */
  vfsMissing: (digest: string) => ['vfs', 'missing', digest] as const,
  vfsMissingAll: ['vfs', 'missing'] as const,
  embeddingModel: ['embeddingModel'] as const
}

export function useHealth() {
  const client = useClient()
  return useQuery({ queryKey: keys.health, queryFn: () => client.call('health_check'), staleTime: 60_000 })
}

export function useProviders() {
  const client = useClient()
  return useQuery({ queryKey: keys.providers, queryFn: () => client.call('available_llm_providers') })
}

/** How many inboxes are hidden (see hiddenCountQuery), whether hidden ones are shown or not. */
export function useHiddenInboxCount() {
  const client = useClient()
  return useQuery(hiddenCountQuery(client))
}

/** The paged inbox list (see inbox-pages.ts): pages load as the list scrolls. */
export function useInboxPages(filter: InboxFilter, enabled = true) {
  const client = useClient()
  return useInfiniteQuery({ ...inboxPagesQuery(client, filter), enabled })
}

/** The blocks of a list read by place (see placeBlocks), each its rows once read. */
export function useInboxPlaces(filter: InboxFilter, blocks: readonly number[]) {
  const client = useClient()
  return useQueries({ queries: blocks.map((b) => inboxPlaceQuery(client, filter, b)), combine: combinePlaces })
}

/**
 * Each block's rows (in the order asked), and whether one shown was marked to be read again. A module
 * function: TanStack Query then hands back the same object until a block's state changes.
 */
function combinePlaces(results: readonly UseQueryResult<Inbox[]>[]) {
  return {
    rows: results.map((r) => r.data),
    refreshDue: results.some((r) => r.isSuccess && r.isStale && !r.isFetching)
  }
}

/** One inbox (with its scope); `null` once it has been removed while open. */
export const inboxQuery = (client: Client, inboxId: string) =>
  queryOptions<Inbox | null>({
    queryKey: inboxPageKeys.one(inboxId),
    // Not on the node (removed while this window did not hear of it): its draft goes with it. One this
    // window had read is removed (null, as its event would have said: the view says it was deleted); read
    // again after a break in the events, its 404 left the conversation shown as it was, still writable.
    queryFn: ({ client: cache }) =>
      client.call('get_inbox', { query: { inbox_name: inboxId } }).catch((err: unknown) => {
        if (!(err instanceof ApiFailure && err.status === 404)) throw err
        forgetRemovedInbox(inboxId)
        if (cache.getQueryData(inboxPageKeys.one(inboxId))) return null
        throw err
      }),
    // Events patch it (and have it read again when its scope changed): opened again, it is not read again.
    staleTime: Infinity
  })

export function useInbox(inboxId: string) {
  const client = useClient()
  return useQuery(inboxQuery(client, inboxId))
}

/** The most matches a search shows (the node's own limit): more may match. */
export const SEARCH_LIMIT = 100

/** The node's search over inbox names and messages; each hit carries its matching snippet. */
export function useInboxSearch(q: string, showHidden: boolean) {
  const client = useClient()
  const kept = useKeptWhileTyping(q)
  return useQuery({
    queryKey: inboxPageKeys.search(q, showHidden),
    // A longer query (kept from an earlier window) is searched by its start: the node refuses more.
    queryFn: () =>
      client.call('search_inboxes', {
        query: { q: searchQueryWithin(q), limit: String(SEARCH_LIMIT), show_hidden: showHidden ? 'true' : 'false' }
      }),
    enabled: q.length > 0,
    // The results of the query before are kept while the next one is asked for (the list does not
    // empty at each key), not those of a search cleared since (see search-text).
    placeholderData: (prev, before) => (kept((before?.queryKey[2] as { q?: string } | undefined)?.q) ? prev : undefined)
  })
}

/**
 * A folder's children, one level: the only way a window reads the library's tree. A listing stays
 * fresh until the node says it changed (vector_fs_changed, or a mutation here, invalidates it; a
 * broken event stream invalidates everything when it is back), so a folder seen once is not read
 * again each time another view of it mounts.
 */
export const vfsFolderQuery = (client: Client, path: string) =>
  queryOptions({
    queryKey: keys.vfsFolder(path),
    queryFn: () => client.call('retrieve_path_simplified', { query: { path, depth: '0' } }),
    staleTime: Infinity,
    // Not read while this window deletes or moves it: the tree lets go of it once the node has answered.
    enabled: () => readable(path)
  })

/** A folder's children, one level (folders open lazily). */
export function useVfsFolder(path: string, enabled = true) {
  const client = useClient()
  return useQuery({ ...vfsFolderQuery(client, path), enabled: () => enabled && readable(path) })
}

/** The listings of several folders at once (one request each, shared with the tree's cache). */
export function useVfsFolders(paths: readonly string[]) {
  const client = useClient()
  return useQueries({ queries: paths.map((p) => vfsFolderQuery(client, p)) })
}

const listingRefreshers = new WeakMap<QueryClient, FolderRefresher>()

/**
 * Reads `folder`'s listing again, spaced by what its last read cost (see folderRefresher): a folder told
 * changed thousands of times while it fills is read a few times, the bigger the less often, and once after.
 */
export function refreshFolderListing(qc: QueryClient, folder: string, minMs = 0): void {
  // Not read yet (or let go of): nothing to read again, a view that opens it reads it then.
  if (!qc.getQueryCache().find({ queryKey: keys.vfsFolder(folder), exact: true })) return
  let refresh = listingRefreshers.get(qc)
  if (!refresh) {
    refresh = folderRefresher((f) => qc.invalidateQueries({ queryKey: keys.vfsFolder(f) }))
    listingRefreshers.set(qc, refresh)
  }
  refresh(folder, minMs)
}

/** What an upload into `folder` changes: that folder's listing, names found, file counts. */
export const invalidateAfterUpload = (qc: QueryClient, folder: string) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: keys.vfsFolder(folder) }),
    qc.invalidateQueries({ queryKey: keys.vfsFindAll }),
    qc.invalidateQueries({ queryKey: keys.vfsFileStates })
  ])

/**
 * invalidateAfterUpload for a stream of uploads: the first at once, then at most once per `ms` for
 * the folders uploaded into meanwhile (a drop of 2,000 files read the growing folder 2,000 times),
 * each folder's listing no sooner than its last read's cost allows (refreshFolderListing).
 */
export function uploadRefresher(qc: QueryClient, ms = 500): (folder: string) => void {
  const folders = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let last = 0
  const run = () => {
    timer = undefined
    last = Date.now()
    const batch = [...folders]
    folders.clear()
    for (const f of batch) refreshFolderListing(qc, f, ms)
    void qc.invalidateQueries({ queryKey: keys.vfsFindAll })
    void qc.invalidateQueries({ queryKey: keys.vfsFileStates })
  }
  return (folder) => {
    folders.add(folder)
    if (timer) return
    const wait = last + ms - Date.now()
    if (wait <= 0) run()
    else timer = setTimeout(run, wait)
  }
}

/** At most this many entries found by name are shown. */
export const FIND_LIMIT = 100

/** The first `max` UTF-16 units of `text` (as the node counts them), never half of a character. */
function startOf(text: string, max: number): string {
  if (text.length <= max) return text
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max
  return text.slice(0, end).trim()
}

/**
 * Folders and files anywhere whose name holds every word of `q`, and for a typed path (with `/`) those whose
 * path holds it (the node finds them); the last answer stays while typing.
 */
export function useVfsFind(q: string, kind?: 'folder' | 'file') {
  const client = useClient()
  // A typed path is sent as typed: the node finds the entries whose path holds it, and what lies under them.
  // A search longer than the node reads (a pasted sentence) looks for names by its start: sent whole, it
  // was refused, and the page showed the node's "must be at most 200 characters" above the passages found.
  const text = startOf(nameSearchText(q), FIND_QUERY_MAX_CHARS)
  const words = nameSearchWords(text)
  const kept = useKeptWhileTyping(words.length > 0 ? text : '')
  return useQuery({
    queryKey: keys.vfsFind(text, kind),
    queryFn: () => client.call('find_vector_fs_entries', { query: { q: text, kind, limit: String(FIND_LIMIT) } }),
    enabled: words.length > 0,
    // Not the results of a search cleared since (see search-text).
    placeholderData: (prev, before) => (kept(before?.queryKey[2]) ? prev : undefined)
  })
}

/** How many files are processing, ready and failed. */
/** How often the file states are read again while files are processing. */
export const FILE_STATES_REFRESH_MS = 5000

export function useVfsFileStates() {
  const client = useClient()
  return useQuery({
    queryKey: keys.vfsFileStates,
    queryFn: () => client.call('vector_fs_file_states'),
    // While files are processing the queue's state moves without a file changing (a failed try, the next one): read it again now and then.
    refetchInterval: (q) => (q.state.data?.processing ? FILE_STATES_REFRESH_MS : false)
  })
}

export function useEmbeddingModel() {
  const client = useClient()
  return useQuery({ queryKey: keys.embeddingModel, queryFn: () => client.call('get_default_embedding_model') })
}

export const MESSAGE_PAGE = 50

/**
 * The loaded messages of an inbox: `pages[0]` is the newest (page param null), each next page the
 * messages before the oldest of the previous one (its `offset_key`).
 */
export type MessagePages = InfiniteData<LastMessage[], string | null>

export const hashOf = (m: LastMessage) => m.node_api_data.node_message_hash

/** Every message of `pages` once, oldest first, whatever the pages' order or overlap. */
export function mergeMessagePages(pages: readonly (readonly LastMessage[])[]): LastMessage[] {
  const byHash = new Map<string, LastMessage>()
  for (const page of pages) for (const m of page) byHash.set(hashOf(m), m)
  // node_timestamp strictly increases within an inbox.
  return [...byHash.values()].sort((a, b) => {
    const ta = a.node_api_data.node_timestamp
    const tb = b.node_api_data.node_timestamp
    return ta < tb ? -1 : ta > tb ? 1 : 0
  })
}

/** The messages a cached messages query holds, oldest first. */
export const loadedMessages = (data: MessagePages | undefined): LastMessage[] => mergeMessagePages(data?.pages ?? [])

/**
 * One page of the messages query. An older page (keyed by its offset_key) never changes once
 * fetched, so a refetch (after an event) serves it from the cache; the newest page is fetched
 * again and merged with the cached one, which keeps its oldest message and so the older pages' keys.
 * One request at most: when more than a page arrived since, the pages do not meet, the newest page
 * stands alone and the refetch reads the older ones along their new keys (no more than were loaded).
 */
async function fetchMessagePage(client: Client, inboxId: string, offsetKey: string | null, cached: MessagePages | undefined) {
  if (offsetKey !== null) {
    const i = cached?.pageParams.indexOf(offsetKey) ?? -1
    if (i >= 0) return cached!.pages[i]!
  }
  const fresh = await client.call('last_messages', {
    body: { inbox_name: inboxId, limit: MESSAGE_PAGE, ...(offsetKey === null ? {} : { offset_key: offsetKey }) }
  })
  const prev = cached?.pages[0]
  if (offsetKey !== null || !prev?.length) return fresh
  const known = new Set(prev.map(hashOf))
  return fresh.some((m) => known.has(hashOf(m))) ? mergeMessagePages([prev, fresh]) : fresh
}

/**
 * The cached pages with the newest page read again (`fresh`): merged into the first page when the
 * two meet, so every older page stays; when more than a page was missed (they do not meet), the
 * list starts again from `fresh` alone and the messages before it load as the reader scrolls up.
 */
export function catchUpPages(data: MessagePages, fresh: LastMessage[]): MessagePages {
  const first = data.pages[0] ?? []
  const known = new Set(first.map(hashOf))
  if (first.length && fresh.some((m) => known.has(hashOf(m)))) {
    return { pages: [mergeMessagePages([first, fresh]), ...data.pages.slice(1)], pageParams: data.pageParams }
  }
  return { pages: [fresh], pageParams: [null] }
}

/** The messages query of one inbox: the newest page first, older pages as the reader scrolls up. */
export const messagesQuery = (client: Client, qc: QueryClient, inboxId: string) =>
  infiniteQueryOptions({
    queryKey: keys.messages(inboxId),
    initialPageParam: null as string | null,
    getNextPageParam: (last: LastMessage[]) => (last.length < MESSAGE_PAGE ? undefined : hashOf(last[0]!)),
    queryFn: ({ pageParam }) => fetchMessagePage(client, inboxId, pageParam, qc.getQueryData<MessagePages>(keys.messages(inboxId)))
  })

export function useMessages(inboxId: string, enabled = true) {
  const client = useClient()
  const qc = useQueryClient()
  return useInfiniteQuery({ ...messagesQuery(client, qc, inboxId), enabled })
}

/**
 * What each mutation changes, for invalidation. Inbox lists are not here: the node's inbox_changed
 * event patches them in place (see events.ts), for this window's changes as for any other's.
 */
const invalidates: Partial<Record<RouteName, (qc: QueryClient, body: never) => unknown[]>> = {
  add_llm_provider: (qc) => [qc.invalidateQueries({ queryKey: keys.providers })],
  // health_check gives the node's name, which the provider wizard proposes for new providers.
  change_node_name: (qc) => [qc.invalidateQueries({ queryKey: keys.health })],
  add_llm_providers: (qc) => [qc.invalidateQueries({ queryKey: keys.providers })],
  // The node forgets a removed provider, or one edited into a kind that cannot embed, as the embedding model.
  modify_llm_provider: (qc) => [
    qc.invalidateQueries({ queryKey: keys.providers }),
    qc.invalidateQueries({ queryKey: inboxPageKeys.all }),
    qc.invalidateQueries({ queryKey: keys.embeddingModel })
  ],
  remove_llm_provider: (qc) => [
    qc.invalidateQueries({ queryKey: keys.providers }),
    qc.invalidateQueries({ queryKey: keys.embeddingModel })
  ],
  // The node stores the scope as sent: the open inbox shows it at once. It is not read here, since the
  // save's inbox_changed event has every window read it once (a scope can be megabytes: not twice here).
  update_job_scope: (qc, body: { job_id: string; job_scope: Inbox['job_scope'] }) => {
    qc.setQueryData<Inbox | null>(inboxPageKeys.one(jobInboxId(body.job_id)), (inbox) => inbox && { ...inbox, job_scope: body.job_scope })
    return []
  },
  // What a new (empty) folder changes: its parent's listing, a listing cached at its path (a folder of
  // that name deleted earlier), the names found, and scope entries missing until now. Not the files'
  // passages nor searches: the dialog waited for the open preview's whole document to be read again.
  create_folder: (qc, body: { path: string; folder_name: string }) => [
    qc.invalidateQueries({ queryKey: keys.vfsFolder(body.path) }),
    qc.invalidateQueries({ queryKey: keys.vfsFolder(joinPath(body.path, body.folder_name)) }),
    qc.invalidateQueries({ queryKey: keys.vfsFindAll }),
    qc.invalidateQueries({ queryKey: keys.vfsMissingAll })
  ],
  move_item: (qc, body: { origin_path: string }) => invalidateLibraryWithout(qc, body.origin_path),
  move_folder: (qc, body: { origin_path: string }) => invalidateLibraryWithout(qc, body.origin_path),
  delete_item: (qc, body: { path: string }) => invalidateLibraryWithout(qc, body.path),
  delete_folder: (qc, body: { path: string }) => invalidateLibraryWithout(qc, body.path),
  retry_failed_embeddings: (qc) => [qc.invalidateQueries({ queryKey: keys.vfs })],
  update_default_embedding_model: (qc) => [
    qc.invalidateQueries({ queryKey: keys.embeddingModel }),
    qc.invalidateQueries({ queryKey: keys.vfs })
  ],
  job_message: (qc, body: { job_id: string }) => [qc.invalidateQueries({ queryKey: keys.messages(jobInboxId(body.job_id)) })],
  retry_message: (qc, body: { inbox_name: string }) => [qc.invalidateQueries({ queryKey: keys.messages(body.inbox_name) })]
}

/**
 * After this window moved or deleted `path`: the library is read again, except what it held at that
 * path, marked stale without a read. The page closes a preview or folder of it once the answer has
 * come; read again meanwhile, each was a 404, a failed request in the window.
 */
export const invalidateLibraryWithout = (qc: QueryClient, path: string) => [
  qc.invalidateQueries({ queryKey: keys.vfs, predicate: (q) => !cachedWithin(q, path) }),
  qc.invalidateQueries({ queryKey: keys.vfs, predicate: (q) => cachedWithin(q, path), refetchType: 'none' })
]

/** Invalidates what a successful call of `name` with `body` changed; resolves when refetches are done. */
export function invalidateAfter<K extends RouteName>(qc: QueryClient, name: K, body: RouteBodyInput<K>): Promise<unknown> {
  return Promise.all(invalidates[name]?.(qc, body as never) ?? [])
}

/** A mutation of one route, invalidating what it changes. */
export function useRouteMutation<K extends RouteName>(name: K) {
  const client = useClient()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: RouteBodyInput<K>) => client.call(name, { body }),
    onSuccess: (_data, body) => invalidateAfter(qc, name, body)
  })
}
