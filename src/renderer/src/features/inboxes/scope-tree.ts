import type { TreeNodeData } from '@mantine/core'
import type { JobScope } from '../../../../shared/contract/scope'
import { countText } from '../../app/count-format'
import { SCOPE_SECTIONS, summarizeLocal } from '../jobs'

const pathText = (ids: readonly string[]) => (ids.length ? ids.join(' › ') : '/')

/** Said of an entry whose path the library no longer has (kept as stored, it finds nothing). */
export const MISSING_NOTE = 'missing: no longer in the library, finds nothing'

/**
 * Entries a branch draws at first, and adds with each "Show more". A scope of 5,000 files drew
 * 5,000 rows (11,000 elements) on opening its branch.
 */
export const SCOPE_ENTRIES_PER_PAGE = 100

/** The value of a branch's last row, "Show N more", when it has entries not drawn yet. */
export const moreValue = (section: string) => `${section}/more`

/** The section whose "Show more" row has this value, if it is one. */
export const sectionOfMore = (value: string | null | undefined): string | undefined =>
  value?.endsWith('/more') ? value.slice(0, -'/more'.length) : undefined

/**
 * The scope as a read-only tree: one branch per kind that has entries, with its count, entries as
 * leaves. An empty kind is left out ("Library files (0)" said nothing the operator needed), so an
 * empty scope is no tree at all (the panel says so in words). `missing`
 * holds `<section>/<index>` of the library entries whose path is gone; `shown` how many entries of
 * a section are drawn (SCOPE_ENTRIES_PER_PAGE unless given), the rest behind a "Show more" row.
 */
export function scopeTree(
  scope: JobScope,
  missing: ReadonlySet<string> = new Set(),
  shown: Readonly<Record<string, number>> = {}
): TreeNodeData[] {
  return SCOPE_SECTIONS.filter(({ key }) => (scope[key] as unknown[]).length > 0).map(({ key, label }) => {
    const entries = scope[key] as unknown[]
    const limit = shown[key] ?? SCOPE_ENTRIES_PER_PAGE
    const children: TreeNodeData[] = entries.slice(0, limit).map((entry, i) => {
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
          return { value, label: `${s.name} (${countText(s.nodeCount)} nodes)` }
        }
      }
    })
    const rest = entries.length - children.length
    if (rest > 0)
      children.push({ value: moreValue(key), label: `Show ${Math.min(rest, SCOPE_ENTRIES_PER_PAGE)} more (${countText(rest)} not shown)` })
    // Counts as the panel's other lines write them ("5,000 entries" beside "Library files (5000)").
    return { value: key, label: `${label} (${countText(entries.length)})`, children }
  })
}
