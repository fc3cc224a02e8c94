import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { JobScope } from '../../../../shared/contract/scope'
import { MISSING_PATHS_MAX } from '../../../../shared/contract/vector-fs-limits'
import { useClient } from '../../api/client-context'
import { keys } from '../../api/queries'
import { libraryEntriesOf, missingPathsBody, type MissingEntry } from './vfs-selection'

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
    return out.map((part) => ({
      part,
      digest: digest(part.map((e) => (e.section === 'vector_fs_folders' ? 'd' : 'f') + e.path).join('\n'))
    }))
  }, [entries])
  // One query for every part, so that the answer about the scope as it was is kept (as the paths
  // found missing, not their places) while the scope as it is now is checked: an entry removed from
  // the scope (a missing one, say) made every other missing entry go until the node answered, and the
  // focus, meant for the next one's Remove button, fell on the section's first button (Unselect all).
  const answer = useQuery({
    queryKey: keys.vfsMissing(parts.map((p) => p.digest).join(' ')),
    queryFn: async () => {
      const found = await Promise.all(
        parts.map(async ({ part }) => {
          const { missing } = await client.call('vector_fs_missing_paths', { body: missingPathsBody(part) })
          return missing.flatMap((at) => (part[at] ? [part[at].path] : []))
        })
      )
      return found.flat()
    },
    enabled: parts.length > 0,
    // Library changes (events, this window's calls) mark it stale.
    staleTime: Infinity,
    placeholderData: keepPreviousData
  })
  return useMemo(() => {
    const missing = new Set(parts.length > 0 ? (answer.data ?? []) : [])
    return missing.size === 0 ? [] : entries.filter((e) => missing.has(e.path))
  }, [answer.data, entries, parts.length])
}
