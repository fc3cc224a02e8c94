import { join } from 'node:path'
import { openDb, type Db } from './db'
import { keepPlans } from './stable-plans'
import Database from 'better-sqlite3'
import { inboxSearchRepo } from './inbox-search'
import { inboxesRepo } from './inboxes'
import { jobRemovalsRepo } from './job-removals'
export type { ListPosition, PageFilter } from './inboxes'
export type { ProviderRow } from './providers'
import { jobsRepo } from './jobs'
import { messagesRepo } from './messages'
import { providersRepo } from './providers'
import type { SecretBox } from './secret-box'
import { writeBatcher, type WriteBatcher } from './write-batcher'

export interface Store {
  readonly db: Db
  readonly file: string
  readonly secrets: SecretBox
  readonly providers: ReturnType<typeof providersRepo>
  readonly jobs: ReturnType<typeof jobsRepo>
  readonly inboxes: ReturnType<typeof inboxesRepo>
  readonly messages: ReturnType<typeof messagesRepo>
  readonly search: ReturnType<typeof inboxSearchRepo>
  /** Removing jobs in slices that leave the node free (see job-removals.ts). */
  readonly removals: ReturnType<typeof jobRemovalsRepo>
  /** Writes that share one commit with the others of the same event-loop turn (group commit). */
  readonly writes: WriteBatcher
  /**
   * A read-only connection of its own, for reading a large answer in pieces while other requests
   * write: it sees one snapshot for as long as its read transaction lasts. The caller closes it.
   */
  openReader(): Db
  close(): void
}

export const DB_FILE_NAME = 'nodedesk.sqlite'

export function openStore(dataDir: string, secrets: SecretBox): Store {
  const file = join(dataDir, DB_FILE_NAME)
  const db = openDb(file)
  const writes = writeBatcher(db)
  const removals = jobRemovalsRepo(db)
  return {
    db,
    file,
    secrets,
    providers: providersRepo(db),
    jobs: jobsRepo(db),
    inboxes: inboxesRepo(db),
    messages: messagesRepo(db),
    search: inboxSearchRepo(db),
    removals,
    writes,
    openReader: () => {
      const reader = keepPlans(new Database(file, { readonly: true, fileMustExist: true }))
      reader.pragma('busy_timeout = 5000')
      return reader
    },
    close: () => {
      if (!db.open) return
      removals.close()
      // Writes queued for the next commit are committed first, not refused by a closed database.
      writes.drain()
      db.close()
    }
  }
}
