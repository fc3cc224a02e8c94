import type { Query, QueryClient, QueryKey } from '@tanstack/react-query'

/** Whether the read under way is of a further page of a paged query (fetchNextPage), not a read of what it holds. */
const readingMore = (query: Query) => (query.state.fetchMeta as { fetchMore?: unknown } | null)?.fetchMore !== undefined

/**
 * Reads what a change made stale (the cached queries under `queryKey`) again, and resolves once they
 * have been read: for a change the node told of (an event), whose data a read under way may not hold.
 *
 * A read under way is neither cancelled nor taken for the new one. Cancelled (what an invalidation
 * does to a query holding data), a steady stream of changes cancelled each read before it landed,
 * and the open conversation stood still until the changes stopped. Taken for it (what an invalidation
 * does to a query still on its first read), the change was lost: begun before it, that read did not
 * hold it, and nothing read again. Instead one more read follows the one under way, however many
 * changes come meanwhile.
 *
 * A read of older messages under way (a page further back, asked for as the reader scrolled up) is
 * cancelled, as before: the newest messages are not kept waiting on it, and the ask for older ones
 * reads it again once they are in (older-messages.ts).
 */
export function readAgainAfterReads(qc: QueryClient) {
  /** The read that follows the one under way, by query. */
  const following = new Map<string, Promise<void>>()
  const readAgain = (queryKey: QueryKey): Promise<void> =>
    Promise.all(
      qc
        .getQueryCache()
        .findAll({ queryKey })
        .map((query) => {
          const reading = query.state.fetchStatus === 'fetching' && !readingMore(query) ? query.promise : undefined
          if (!reading) return qc.invalidateQueries({ queryKey: query.queryKey, exact: true })
          const queued = following.get(query.queryHash)
          if (queued) return queued
          const next = reading
            .then(
              () => {},
              () => {}
            )
            .then(() => {
              following.delete(query.queryHash)
              return readAgain(query.queryKey)
            })
          following.set(query.queryHash, next)
          return next
        })
    ).then(() => {})
  return readAgain
}
