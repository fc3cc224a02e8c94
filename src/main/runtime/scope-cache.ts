import type { JobScope } from '../../shared/contract/scope'
import type { Store } from '../store'
import { scopePassages, scopeRefs, type Passage, type ScopeRefs } from './scope-passages'

/** Characters of passages kept parsed across all jobs (about twice that in bytes). */
const CACHE_CHARS = 32 * 1024 * 1024

/**
 * The local passages of each job's scope, parsed once per scope version: an answer in a job whose
 * scope holds 13 MB of documents reads one integer, not 13 MB of JSON. Least recently used jobs
 * are dropped beyond CACHE_CHARS.
 */
export function scopePassageCache(store: Store, maxChars = CACHE_CHARS) {
  const entries = new Map<string, { version: number; passages: Passage[]; refs: ScopeRefs; chars: number }>()
  let chars = 0
  const drop = (jobId: string) => {
    const e = entries.get(jobId)
    if (!e) return
    chars -= e.chars
    entries.delete(jobId)
  }
  const none = { passages: [] as Passage[], refs: { folders: [], items: [] } as ScopeRefs }
  function scope(jobId: string): { readonly passages: readonly Passage[]; readonly refs: ScopeRefs } {
    const version = store.jobs.scopeVersion(jobId)
    if (version === undefined) {
      drop(jobId)
      return none
    }
    const hit = entries.get(jobId)
    if (hit && hit.version === version) {
      entries.delete(jobId)
      entries.set(jobId, hit)
      return hit
    }
    drop(jobId)
    const row = store.jobs.scope(jobId)
    if (!row) return none
    const parsed = JSON.parse(row.scope_json) as JobScope
    const passages = scopePassages(parsed)
    const refs = scopeRefs(parsed)
    const size = passages.reduce((n, p) => n + p.text.length + (p.vector?.length ?? 0) * 2, 0)
    if (size <= maxChars) {
      entries.set(jobId, { version: row.version, passages, refs, chars: size })
      chars += size
      for (const key of entries.keys()) {
        if (chars <= maxChars) break
        drop(key)
      }
    }
    return { passages, refs }
  }
  return {
    /** The local passages and VectorFS entries of the job's scope as stored now (none when the job is gone). */
    scope,
    /** The local passages alone. */
    passages: (jobId: string): readonly Passage[] => scope(jobId).passages,
    /** The job is gone: its passages go now, not when other jobs' scopes push them out. */
    forget: drop,
    /** Whether the job's passages are kept. */
    has: (jobId: string): boolean => entries.has(jobId)
  }
}
