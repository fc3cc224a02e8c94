import { jobIdOfInbox } from '../../shared/contract/inbox-id'
import { OPEN_GATE, type CommitGate } from './commit-gate'
import type { Db } from './db'
import { withoutFlush } from './without-flush'

/**
 * How long one slice of a removal may hold the node's thread before it commits and lets requests
 * through. Deleting a message costs 10-30 µs, most of it taking its words out of the search index.
 */
export const SLICE_MS = 10
/**
 * The most messages deleted per statement. A message's cost grows with its text (one of 1 MiB
 * takes 50-100 ms to leave the search index: 50 of them held the node 4.7 s in one statement), so
 * each statement takes as many as the last ones' cost fits in half a slice, from one up to this.
 */
const BATCH = 50

/**
 * Removing jobs without freezing the node. The job and its inbox rows go in one short transaction,
 * so the inbox leaves every list, count, search and lookup at once; its messages (and their
 * search-index rows) are deleted afterwards in slices of about SLICE_MS, the event loop turning
 * between them, and its scope in the last of them: deleting a scope of megabytes reads all its
 * pages (40 scopes of 13 MB held the node 300 ms in the first transaction). A scope left so is
 * never read, since every read of a scope goes through its job. The inboxes whose messages are
 * still being deleted are kept in `inbox_removals`, in the same transaction, so a removal cut short
 * by a crash is finished by `resume()` at the next start. Messages whose inbox is gone are never read: every read of
 * messages goes through their inbox, and no message can be written into it (the foreign key).
 */
export function jobRemovalsRepo(db: Db, gate: CommitGate = OPEN_GATE) {
  const inboxOf = db.prepare<[string], string>(`SELECT i.id FROM jobs j JOIN inboxes i ON i.job_id = j.id WHERE j.id = ?`).pluck()
  const mark = db.prepare(`INSERT INTO inbox_removals (inbox_id) VALUES (?)`)
  // Nothing of the inbox is answered any more, after a restart either.
  const unqueue = db.prepare(`UPDATE messages SET needs_answer = 0 WHERE inbox_id = ? AND needs_answer = 1`)
  const dropInbox = db.prepare(`DELETE FROM inboxes WHERE id = ?`)
  const dropScope = db.prepare(`DELETE FROM job_scopes WHERE job_id = ?`)
  const dropScopePaths = db.prepare(`DELETE FROM job_scope_refs WHERE job_id = ?`)
  const dropJob = db.prepare(`DELETE FROM jobs WHERE id = ?`)
  const next = db.prepare<[], string>(`SELECT inbox_id FROM inbox_removals ORDER BY seq LIMIT 1`).pluck()
  const marked = db.prepare<[string], number>(`SELECT 1 FROM inbox_removals WHERE inbox_id = ?`).pluck()
  // eslint-disable-next-line no-restricted-syntax -- the limit is fitted anew for nearly every slice: a statement per value would be prepared for each anyway
  const deleteSome = db.prepare(`DELETE FROM messages WHERE seq IN (SELECT seq FROM messages WHERE inbox_id = ? ORDER BY seq LIMIT ?)`)
  const unmark = db.prepare(`DELETE FROM inbox_removals WHERE inbox_id = ?`)

  const removeRows = db.transaction((jobIds: readonly string[]): { inboxIds: string[] } | { unknown: string } => {
    const found = new Map<string, string>()
    for (const jobId of jobIds) {
      if (found.has(jobId)) continue
      const inboxId = inboxOf.get(jobId)
      if (inboxId === undefined) return { unknown: jobId }
      found.set(jobId, inboxId)
    }
    for (const [jobId, inboxId] of found) {
      mark.run(inboxId)
      unqueue.run(inboxId)
      dropInbox.run(inboxId)
      dropScopePaths.run(jobId)
      dropJob.run(jobId)
    }
    return { inboxIds: [...found.values()] }
  })

  /** Messages the next statement deletes, fitted to the time the last one took per message. */
  let batch = 1
  /** Deletes messages of the inbox until `until`, then its job's scope; true when none is left (the removal is then finished). */
  const slice = db.transaction((inboxId: string, until: number): boolean => {
    do {
      const started = performance.now()
      const asked = batch
      const deleted = deleteSome.run(inboxId, asked).changes
      if (deleted > 0) {
        const perMessage = (performance.now() - started) / deleted
        batch = Math.max(1, Math.min(BATCH, 2 * asked, Math.floor(SLICE_MS / 2 / Math.max(perMessage, 1e-3))))
      }
      if (deleted < asked) {
        dropScope.run(jobIdOfInbox(inboxId))
        unmark.run(inboxId)
        return true
      }
    } while (performance.now() < until)
    return false
  })

  const waiting = new Map<string, { done: () => void; fail: (err: unknown) => void }[]>()
  const settle = (inboxId: string, err?: unknown) => {
    for (const w of waiting.get(inboxId) ?? []) {
      if (err === undefined) w.done()
      else w.fail(err)
    }
    waiting.delete(inboxId)
  }
  let sweeping = false
  let swept: Promise<void> = Promise.resolve()
  let closed = false

  /** Finishes every removal under way, one slice per turn of the event loop. */
  const sweep = async () => {
    try {
      while (!closed && db.open) {
        const inboxId = next.get()
        if (inboxId === undefined) break
        // While the checkpoint worker completes a checkpoint, the slices wait with the other commits.
        const held = gate.enter()
        if (held) {
          await held
          continue
        }
        let gone: boolean
        try {
          // A slice lost to a power cut is deleted again: its removal stays recorded until its last slice.
          gone = withoutFlush(db, () => slice.immediate(inboxId, performance.now() + SLICE_MS))
        } catch (err) {
          // A full disk, say: the removals stay recorded and are taken up again by the next removal or start.
          for (const id of [...waiting.keys()]) settle(id, err)
          throw err
        } finally {
          gate.leave()
        }
        if (gone) settle(inboxId)
        await new Promise<void>((resolve) => setImmediate(resolve))
      }
    } finally {
      // In the same turn as the last look at inbox_removals: a removal begun after it starts a new sweep.
      sweeping = false
    }
  }
  const startSweep = (): Promise<void> => {
    if (!sweeping) {
      sweeping = true
      swept = sweep()
    }
    return swept
  }

  return {
    /**
     * Removes the rows of every job of `jobIds` that lists and lookups read (job, scope, inbox), or
     * none: returns the first id that names no job, or the inboxes whose messages are left to delete.
     */
    begin(jobIds: readonly string[]): { inboxIds: string[] } | { unknown: string } {
      // The inbox's messages must outlive it for a while: no cascade now (a pragma that does nothing inside a transaction).
      if (db.inTransaction) throw new Error('job removal started inside a transaction')
      db.pragma('foreign_keys = OFF')
      try {
        return removeRows.immediate(jobIds)
      } finally {
        db.pragma('foreign_keys = ON')
      }
    },
    /** Resolves once every message of these inboxes is deleted (rejects if the disk refuses a slice). */
    finish(inboxIds: readonly string[]): Promise<void> {
      const gone = inboxIds.map(
        (inboxId) =>
          new Promise<void>((done, fail) => {
            if (!marked.get(inboxId)) return done()
            let list = waiting.get(inboxId)
            if (!list) waiting.set(inboxId, (list = []))
            list.push({ done, fail })
          })
      )
      // A failure reaches the callers through their promises.
      startSweep().catch(() => undefined)
      return Promise.all(gone).then(() => undefined)
    },
    /** Finishes the removals a stop or a crash cut short. */
    resume: (): Promise<void> => startSweep(),
    /** Stops between two slices (the database is about to close); what is left is finished at the next start. */
    close(): void {
      closed = true
      for (const id of [...waiting.keys()]) settle(id, new Error('the node stopped before the removal finished'))
    }
  }
}
export type JobRemovalsRepo = ReturnType<typeof jobRemovalsRepo>
