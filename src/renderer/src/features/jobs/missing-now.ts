import type { JobScope } from '../../../../shared/contract/scope'
import { MISSING_PATHS_MAX } from '../../../../shared/contract/vector-fs-limits'
import type { Client } from '../../api/client'
import { libraryEntriesOf, missingPathsBody, type MissingEntry } from './vfs-selection'

/**
 * The scope's library entries the node does not hold now, asked of it at once (not from the cache,
 * which only events keep fresh): the chosen paths alone are checked, 10,000 a request, never the
 * library's listing. In the scope's order, folders first.
 */
export async function missingEntriesNow(client: Client, scope: JobScope): Promise<MissingEntry[]> {
  const entries = libraryEntriesOf(scope)
  const missing: MissingEntry[] = []
  for (let i = 0; i < entries.length; i += MISSING_PATHS_MAX) {
    const part = entries.slice(i, i + MISSING_PATHS_MAX)
    const answer = await client.call('vector_fs_missing_paths', { body: missingPathsBody(part) })
    for (const at of answer.missing) {
      const e = part[at]
      if (e) missing.push({ section: e.section, index: e.index, name: e.name, path: e.path })
    }
  }
  return missing
}
