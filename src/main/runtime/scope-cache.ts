import type { JobScope } from '../../shared/contract/scope'
import type { Store } from '../store'
import { scopePassages, type Passage } from './scope-passages'

/** Characters of passages kept parsed across all jobs (about twice that in bytes). */
const CACHE_CHARS = 32 * 1024 * 1024

/**
 * The local passages of each job's scope, parsed once per scope version: an answer in a job whose
 * scope holds 13 MB of documents reads one integer, not 13 MB of JSON. Least recently used jobs
 * are dropped beyond CACHE_CHARS.
 */
export function scopePassageCache(store: Store, maxChars = CACHE_CHARS) {
  const entries = new Map<string, { version: number; passages: Passage[]; chars: number }>()
  let chars = 0
  const drop = (jobId: string) => {
    const e = entries.get(jobId)
    if (!e) return
    chars -= e.chars
    entries.delete(jobId)
  }
  return {
    /** The passages of the job's scope as stored now ([] when the job is gone). */
    passages(jobId: string): readonly Passage[] {
      const version = store.jobs.scopeVersion(jobId)
      if (version === undefined) {
        drop(jobId)
        return []
      }
      const hit = entries.get(jobId)
      if (hit && hit.version === version) {
        entries.delete(jobId)
        entries.set(jobId, hit)
        return hit.passages
      }
      drop(jobId)
      const row = store.jobs.scope(jobId)
      if (!row) return []
      const passages = scopePassages(JSON.parse(row.scope_json) as JobScope)
      const size = passages.reduce((n, p) => n + p.text.length, 0)
      if (size <= maxChars) {
        entries.set(jobId, { version: row.version, passages, chars: size })
        chars += size
        for (const key of entries.keys()) {
          if (chars <= maxChars) break
          drop(key)
        }
      }
      return passages
    }
  }
}
