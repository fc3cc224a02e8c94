import type { Database } from 'better-sqlite3'

/**
 * Runs `work` with commits that do not wait for the disk (synchronous=NORMAL: in WAL mode the
 * database stays consistent, only the newest commits can be lost to a power cut), which saves a
 * flush per commit. For the slices of a long write whose progress is recorded, so that a slice lost
 * so is written again or cleaned up; the next FULL commit flushes these with it.
 */
export function withoutFlush<T>(db: Database, work: () => T): T {
  const level = db.pragma('synchronous', { simple: true }) as number
  db.pragma('synchronous = NORMAL')
  try {
    return work()
  } finally {
    db.pragma(`synchronous = ${level}`)
  }
}
