import type { Db } from './db'

interface Pending {
  readonly work: () => unknown
  readonly done: (value: unknown) => void
  readonly fail: (err: unknown) => void
}

export interface WriteBatcher {
  /**
   * Runs `work` in a transaction that commits together with the other writes queued in the same
   * turn of the event loop, and resolves once that commit is durable. Each write is a savepoint of
   * its own: one that throws is rolled back alone and rejects alone.
   */
  run<T>(work: () => T): Promise<T>
}

/**
 * Group commit. With synchronous=FULL every commit waits for the disk, and better-sqlite3 waits on
 * the event loop: one commit per write caps a node at one write per disk flush. Writes that arrive
 * while a flush is under way wait for the next turn and then share one commit, so many clients
 * (and the answers written for them) cost one flush per batch instead of one each.
 */
export function writeBatcher(db: Db): WriteBatcher {
  let queue: Pending[] = []
  let scheduled = false

  const flush = () => {
    scheduled = false
    const batch = queue
    queue = []
    const outcomes: ({ ok: true; value: unknown } | { ok: false; err: unknown })[] = []
    try {
      db.transaction(() => {
        for (const p of batch) {
          try {
            outcomes.push({ ok: true, value: db.transaction(p.work)() })
          } catch (err) {
            outcomes.push({ ok: false, err })
          }
        }
      }).immediate()
    } catch (err) {
      // The commit itself failed: nothing of the batch was stored.
      for (const p of batch) p.fail(err)
      return
    }
    batch.forEach((p, i) => {
      const o = outcomes[i]!
      if (o.ok) p.done(o.value)
      else p.fail(o.err)
    })
  }

  return {
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((done, fail) => {
        queue.push({ work, done: done as (v: unknown) => void, fail })
        if (!scheduled) {
          scheduled = true
          setImmediate(flush)
        }
      })
    }
  }
}
