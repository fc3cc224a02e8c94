import type { JobScope } from '../../../../shared/contract/scope'
import type { FileInfo } from '../../../../shared/contract/vector-fs'
import { ApiFailure } from '../../api/client'
import { useVfsFolders } from '../../api/queries'
import { foldersToCheck, missingEntries } from './vfs-selection'

/**
 * Scope entries whose path the library no longer has: each is checked in its parent folder's
 * listing (read once per folder, shared with the tree), never against the whole tree.
 */
export function useMissingEntries(scope: JobScope) {
  const parents = foldersToCheck(scope)
  const listings = useVfsFolders(parents)
  const levels = new Map<string, readonly FileInfo[] | null>()
  parents.forEach((p, i) => {
    const q = listings[i]!
    if (q.data) levels.set(p, q.data)
    // 404: the folder is gone; 400: the path names a file, so nothing is under it.
    else if (q.error instanceof ApiFailure && (q.error.status === 404 || q.error.status === 400)) levels.set(p, null)
  })
  return missingEntries(scope, levels)
}
