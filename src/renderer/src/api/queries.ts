import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { RouteBodyInput, RouteName } from '../../../shared/contract/routes'
import { jobInboxId, type Inbox } from '../../../shared/contract/inbox'
import type { LastMessage } from '../../../shared/contract/message'
import type { Client } from './client'
import { useClient } from './client-context'
import { inboxPageKeys, inboxPagesQuery, type InboxFilter } from './inbox-pages'

/** Query keys: one place, so mutations and events invalidate exactly what they change. */
export const keys = {
  health: ['health'] as const,
  providers: ['providers'] as const,
  messages: (inboxId: string) => ['messages', inboxId] as const,
  jobScope: (jobId: string) => ['jobScope', jobId] as const,
  /** Everything read from the document library starts with this. */
  vfs: ['vfs'] as const,
  /** One folder's children (depth 0: lazily, one level at a time). */
  vfsFolder: (path: string) => ['vfs', 'folder', path] as const,
  /** The whole tree (scope editor, settings counts). */
  vfsTree: ['vfs', 'tree'] as const,
  vfsResource: (path: string) => ['vfs', 'resource', path] as const,
  vfsSearch: ['vfs', 'search'] as const,
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

/** The paged inbox list (see inbox-pages.ts): pages load as the list scrolls. */
export function useInboxPages(filter: InboxFilter, enabled = true) {
  const client = useClient()
  return useInfiniteQuery({ ...inboxPagesQuery(client, filter), enabled })
}

/** One inbox (with its scope); `null` once it has been removed while open. */
export function useInbox(inboxId: string) {
  const client = useClient()
  return useQuery<Inbox | null>({
    queryKey: inboxPageKeys.one(inboxId),
    queryFn: () => client.call('get_inbox', { query: { inbox_name: inboxId } })
  })
}

/** The node's search over inbox names and messages; each hit carries its matching snippet. */
export function useInboxSearch(q: string, showHidden: boolean) {
  const client = useClient()
  return useQuery({
    queryKey: inboxPageKeys.search(q, showHidden),
    queryFn: () => client.call('search_inboxes', { query: { q, limit: '100', show_hidden: showHidden ? 'true' : 'false' } }),
    enabled: q.length > 0,
    placeholderData: (prev) => prev
  })
}

export function useJobScope(jobId: string) {
  const client = useClient()
  return useQuery({ queryKey: keys.jobScope(jobId), queryFn: () => client.call('get_job_scope', { query: { job_id: jobId } }) })
}

/** A folder's children, one level (folders open lazily). */
export function useVfsFolder(path: string, enabled = true) {
  const client = useClient()
  return useQuery({
    queryKey: keys.vfsFolder(path),
    queryFn: () => client.call('retrieve_path_simplified', { query: { path, depth: '0' } }),
    enabled
  })
}

/** The whole library, as deep as the node fills it (10 levels). */
export function useVfsTree() {
  const client = useClient()
  return useQuery({ queryKey: keys.vfsTree, queryFn: () => client.call('retrieve_path_simplified', { query: { path: '/', depth: '10' } }) })
}

export function useEmbeddingModel() {
  const client = useClient()
  return useQuery({ queryKey: keys.embeddingModel, queryFn: () => client.call('get_default_embedding_model') })
}

export const MESSAGE_PAGE = 50

/** The newest page of an inbox; older pages are fetched on demand by the view. */
export function useMessages(inboxId: string) {
  const client = useClient()
  return useQuery({
    queryKey: keys.messages(inboxId),
    queryFn: async () => (await client.call('last_messages', { body: { inbox_name: inboxId, limit: MESSAGE_PAGE } })) as LastMessage[]
  })
}

/**
 * What each mutation changes, for invalidation. Inbox lists are not here: the node's inbox_changed
 * event patches them in place (see events.ts), for this window's changes as for any other's.
 */
const invalidates: Partial<Record<RouteName, (qc: QueryClient, body: never) => unknown[]>> = {
  add_llm_provider: (qc) => [qc.invalidateQueries({ queryKey: keys.providers })],
  add_llm_providers: (qc) => [qc.invalidateQueries({ queryKey: keys.providers })],
  modify_llm_provider: (qc) => [qc.invalidateQueries({ queryKey: keys.providers }), qc.invalidateQueries({ queryKey: inboxPageKeys.all })],
  remove_llm_provider: (qc) => [qc.invalidateQueries({ queryKey: keys.providers })],
  update_job_scope: (qc, body: { job_id: string }) => [qc.invalidateQueries({ queryKey: keys.jobScope(body.job_id) })],
  create_folder: (qc) => [qc.invalidateQueries({ queryKey: keys.vfs })],
  move_item: (qc) => [qc.invalidateQueries({ queryKey: keys.vfs })],
  move_folder: (qc) => [qc.invalidateQueries({ queryKey: keys.vfs })],
  delete_item: (qc) => [qc.invalidateQueries({ queryKey: keys.vfs })],
  delete_folder: (qc) => [qc.invalidateQueries({ queryKey: keys.vfs })],
  update_default_embedding_model: (qc) => [
    qc.invalidateQueries({ queryKey: keys.embeddingModel }),
    qc.invalidateQueries({ queryKey: keys.vfs })
  ],
  job_message: (qc, body: { job_id: string }) => [qc.invalidateQueries({ queryKey: keys.messages(jobInboxId(body.job_id)) })],
  retry_message: (qc, body: { inbox_name: string }) => [qc.invalidateQueries({ queryKey: keys.messages(body.inbox_name) })]
}

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
