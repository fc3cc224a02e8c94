import { join } from 'node:path'
import { openDb, type Db } from './db'
import { keepPlans } from './stable-plans'
import Database from 'better-sqlite3'
import { inboxSearchRepo } from './inbox-search'
import { inboxesRepo } from './inboxes'
import { jobRemovalsRepo } from './job-removals'
export type { ListPosition, PageFilter } from './inboxes'
export type { ProviderRow } from './providers'
export type { ScopePaths } from './jobs'
import { jobsRepo } from './jobs'
import { messagesRepo } from './messages'
import { providersRepo } from './providers'
import { urlSecretSeal } from './url-secret-seal'
import type { SecretBox } from './secret-box'
import { writeBatcher, type WriteBatcher } from './write-batcher'
import {
  checkpointer,
  sourceCheckpointWorker,
  type CheckpointerOptions,
  type CheckpointStats,
  type CheckpointWorkerEntry
} from './checkpointer'
export type { CheckpointStats, CheckpointWorkerEntry } from './checkpointer'

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
  /** What the checkpoint worker has done (checkpointer.ts); undefined when SQLite checkpoints in the commits ('in-process'). */
  checkpoints(): CheckpointStats | undefined
  close(): void
}

export interface StoreOptions {
  /**
   * Where WAL checkpoints run: a worker thread (this entry: the bundled one in the app and in
   * headless mode; the sources through tsx by default), or 'in-process', in the commits that take
   * the WAL past 1,000 pages (SQLite's own way).
   */
  readonly checkpointWorker?: CheckpointWorkerEntry | 'in-process'
  readonly checkpointTuning?: CheckpointerOptions
}

export const DB_FILE_NAME = 'nodedesk.sqlite'

export function openStore(dataDir: string, secrets: SecretBox, options: StoreOptions = {}): Store {
  const file = join(dataDir, DB_FILE_NAME)
  const db = openDb(file)
  // Address secrets stored before they were sealed at rest are sealed now, once; then the WAL's pages,
  // which held them as typed, are written over the file's and the WAL emptied (before the checkpoint worker starts).
  const providers = providersRepo(db, urlSecretSeal(secrets))
  if (providers.sealUrlSecrets() > 0) db.pragma('wal_checkpoint(TRUNCATE)')
  const worker = options.checkpointWorker ?? sourceCheckpointWorker()
  const checkpoints = worker === 'in-process' ? undefined : checkpointer(db, file, worker, options.checkpointTuning)
  const gate = checkpoints?.gate
  const writes = writeBatcher(db, { gate })
  const removals = jobRemovalsRepo(db, gate)
  return {
    db,
    file,
    secrets,
    providers,
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
    checkpoints: () => checkpoints?.stats(),
    close: () => {
      if (!db.open) return
      removals.close()
      // Writes queued for the next commit are committed first, not refused by a closed database.
      writes.drain()
      // The worker's connection closes first: closing the last one, SQLite checkpoints and removes the WAL.
      checkpoints?.close()
      db.close()
    }
  }
}
