import type { Query, QueryClient } from '@tanstack/react-query'
import { isWithin } from '../../../shared/vfs-path'

/**
 * Library entries this window is taking away from their path (deleting, or moving and renaming), or
 * has taken away while a view of them (a file's preview, an open folder's listing) is still on screen,
 * with how many deletes or moves of each are under way.
 *
 * The node tells every window of a delete or a move (vector_fs_changed, for a move both its old and its
 * new path) as it makes it, and the window reads the library again after a batch of such events
 * (events.ts): that read could come before the request's answer, while the page still showed the
 * entry at its old path, and read it once more at a path the node no longer has (a 404, a failed
 * request in the window; seen in CI). The library's queries are not enabled at these paths (see
 * `readable`), so no event, reconnection or re-render reads them until the views are gone (the page
 * closes them, or follows a moved entry to its new path, once the answer has come).
 */
const leaving = new Map<string, number>()

/** False while `path` is, or is inside, an entry this window is deleting or moving (or has just deleted or moved). */
export const readable = (path: string): boolean => ![...leaving.keys()].some((d) => isWithin(path, d))

/** A cached listing or preview of the entry at `path` or inside it. */
export const cachedWithin = (q: Query, path: string): boolean =>
  q.queryKey[0] === 'vfs' &&
  (q.queryKey[1] === 'folder' || q.queryKey[1] === 'resource') &&
  typeof q.queryKey[2] === 'string' &&
  isWithin(q.queryKey[2], path)

const release = (path: string) => {
  const left = (leaving.get(path) ?? 1) - 1
  if (left > 0) leaving.set(path, left)
  else leaving.delete(path)
}

/**
 * Called as this window asks the node to delete `path`, or to move it elsewhere, before the request is
 * sent: a read of it (or of anything inside it) under way is cancelled and none begins. The returned
 * function is called with the outcome. Gone from `path`, the entry's queries there are dropped once no
 * view holds them (the page closes them, or follows the entry to its new path, when the answer has
 * come), and the path may be read again (an entry made there later is a new one). Still there (the
 * request failed), what is cached of it is read again at once (an event may have marked it stale meanwhile).
 */
export function beginLeaving(qc: QueryClient, path: string): (left: boolean) => void {
  leaving.set(path, (leaving.get(path) ?? 0) + 1)
  void qc.cancelQueries({ predicate: (q) => cachedWithin(q, path) })
  return (left) => {
    if (!left) {
      release(path)
      void qc.invalidateQueries({ predicate: (q) => cachedWithin(q, path) })
      return
    }
    const cache = qc.getQueryCache()
    const viewed = () => cache.findAll({ predicate: (q) => cachedWithin(q, path) }).some((q) => q.getObserversCount() > 0)
    const finish = () => {
      qc.removeQueries({ predicate: (q) => cachedWithin(q, path) })
      release(path)
    }
    if (!viewed()) return finish()
    const off = cache.subscribe((event) => {
      if ((event.type === 'observerRemoved' || event.type === 'removed') && !viewed()) {
        off()
        finish()
      }
    })
  }
}
