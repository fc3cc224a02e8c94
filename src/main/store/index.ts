import { join } from 'node:path'
import { openDb, type Db } from './db'
import { inboxesRepo } from './inboxes'
import { jobsRepo } from './jobs'
import { messagesRepo } from './messages'
import { providersRepo } from './providers'
import type { SecretBox } from './secret-box'

export interface Store {
  readonly db: Db
  readonly file: string
  readonly secrets: SecretBox
  readonly providers: ReturnType<typeof providersRepo>
  readonly jobs: ReturnType<typeof jobsRepo>
  readonly inboxes: ReturnType<typeof inboxesRepo>
  readonly messages: ReturnType<typeof messagesRepo>
  close(): void
}

export const DB_FILE_NAME = 'nodedesk.sqlite'

export function openStore(dataDir: string, secrets: SecretBox): Store {
  const file = join(dataDir, DB_FILE_NAME)
  const db = openDb(file)
  return {
    db,
    file,
    secrets,
    providers: providersRepo(db),
    jobs: jobsRepo(db),
    inboxes: inboxesRepo(db),
    messages: messagesRepo(db),
    close: () => {
      if (db.open) db.close()
    }
  }
}
