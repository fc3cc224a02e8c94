import type { JobConfig } from '../../../../shared/contract/job'
import type { JobScope } from '../../../../shared/contract/scope'

/**
 * A dialog edits a copy of the job taken when it opened; another window may have saved the job since.
 * Saving the whole copy undid that window's change (a lost write). These apply only what this dialog
 * changed (`edited` against `base`) to the job as it is now (`latest`).
 */

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** Each config field this dialog changed, over the latest config; the others as the latest has them. */
export function mergeConfigEdit(base: JobConfig, edited: JobConfig, latest: JobConfig): JobConfig {
  const out: Record<string, unknown> = { ...latest }
  for (const key of new Set([...Object.keys(base), ...Object.keys(edited)])) {
    if (!same(base[key], edited[key])) {
      if (key in edited) out[key] = edited[key]
      else delete out[key]
    }
  }
  return out as JobConfig
}

const SECTIONS = ['local_vrkai', 'local_vrpack', 'network_folders', 'vector_fs_folders', 'vector_fs_items'] as const

/** Per kind of entry: the latest entries less those this dialog removed, then those it added. */
export function mergeScopeEdit(base: JobScope, edited: JobScope, latest: JobScope): JobScope {
  const out = { ...latest } as Record<(typeof SECTIONS)[number], unknown[]>
  for (const section of SECTIONS) {
    const key = (e: unknown) => JSON.stringify(e)
    const before = new Set((base[section] as unknown[]).map(key))
    const after = new Set((edited[section] as unknown[]).map(key))
    const removed = new Set([...before].filter((k) => !after.has(k)))
    const kept = (latest[section] as unknown[]).filter((e) => !removed.has(key(e)))
    const present = new Set(kept.map(key))
    const added = (edited[section] as unknown[]).filter((e) => !before.has(key(e)) && !present.has(key(e)))
    out[section] = [...kept, ...added]
  }
  return out as unknown as JobScope
}
