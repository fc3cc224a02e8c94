import type { TreeNodeData } from '@mantine/core'
import type { JobScope } from '../../../../shared/contract/scope'
import { SCOPE_SECTIONS, summarizeLocal } from '../jobs'

const pathText = (ids: readonly string[]) => (ids.length ? ids.join(' › ') : '/')

/** Said of an entry whose path the library no longer has (kept as stored, it finds nothing). */
export const MISSING_NOTE = 'missing: no longer in the library, finds nothing'

/**
 * The scope as a read-only tree: one branch per kind with its count, entries as leaves. `missing`
 * holds `<section>/<index>` of the library entries whose path is gone.
 */
export function scopeTree(scope: JobScope, missing: ReadonlySet<string> = new Set()): TreeNodeData[] {
  return SCOPE_SECTIONS.map(({ key, label }) => {
    const entries = scope[key] as unknown[]
    const children: TreeNodeData[] = entries.map((entry, i) => {
      const value = `${key}/${i}`
      switch (key) {
        case 'vector_fs_folders':
        case 'vector_fs_items': {
          // The path ends with the entry itself: said once, with the folder it is in.
          const e = entry as { name: string; path: { path_ids: string[] } }
          const folder = e.path.path_ids.slice(0, -1)
          const label = folder.length ? `${e.name} — in ${pathText(folder)}` : e.name
          return { value, label: missing.has(value) ? `${label} — ${MISSING_NOTE}` : label }
        }
        case 'network_folders': {
          const e = entry as { name: string; path: { path_ids: string[] } }
          return { value, label: `${e.name} — ${pathText(e.path.path_ids)}` }
        }
        default: {
          const s = summarizeLocal(entry as never)
          return { value, label: `${s.name} (${s.nodeCount} nodes)` }
        }
      }
    })
    return { value: key, label: `${label} (${entries.length})`, children }
  })
}
