import { useQueries } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { JobScope } from '../../../../shared/contract/scope'
import { MISSING_PATHS_MAX } from '../../../../shared/contract/vector-fs-limits'
import { useClient } from '../../api/client-context'
import { keys } from '../../api/queries'
import { libraryEntriesOf, type MissingEntry } from './vfs-selection'

/** A short stand-in for a long list of paths in a query key (the key is hashed on every render). */
function digest(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return `${text.length}:${(h >>> 0).toString(36)}`
}

/**
 * Scope entries whose path the library no longer has: the node checks them all in one request
 * (vector_fs_missing_paths, 10,000 paths a request); reading each entry's folder was a request per
 * folder, thousands for a scope drawn from many folders.
 */
export function useMissingEntries(scope: JobScope): MissingEntry[] {
  const client = useClient()
  const entries = useMemo(() => libraryEntriesOf(scope), [scope])
  const parts = useMemo(() => {
    const out: (typeof entries)[] = []
    for (let i = 0; i < entries.length; i += MISSING_PATHS_MAX) out.push(entries.slice(i, i + MISSING_PATHS_MAX))
    return out.map((part) => ({ part, digest: digest(part.map((e) => e.path).join('\n')) }))
  }, [entries])
  const answers = useQueries({
    queries: parts.map(({ part, digest }) => ({
      queryKey: keys.vfsMissing(digest),
      queryFn: () => client.call('vector_fs_missing_paths', { body: { path_ids: part.map((e) => [...e.pathIds]) } }),
      // Library changes (events, this window's calls) mark it stale.
      staleTime: Infinity
    }))
  })
  return parts.flatMap(({ part }, i) => (answers[i]?.data?.missing ?? []).flatMap((at) => (part[at] ? [part[at]] : [])))
}
