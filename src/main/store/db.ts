import Database from 'better-sqlite3'
import { closeSync, constants, existsSync, fchmodSync, fstatSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import * as sqliteVec from 'sqlite-vec'
import { makePrivateFile, NO_FOLLOW, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, SymlinkRefusedError } from '../private-files'
import { LATEST_VERSION, MIGRATIONS, type Migration } from './migrations'
import { keepPlans } from './stable-plans'
import { SEARCH_FOLD_SQL, searchIndexForm } from '../../shared/search-fold'

export type Db = Database.Database

export interface OpenDbOptions {
  /** Migrations to apply; tests pass a prefix to build an older schema. */
  readonly migrations?: readonly Migration[]
}

/**
 * Opens (creating if needed) the node's SQLite file: WAL, foreign keys, synchronous=FULL so an
 * acknowledged write survives a crash of the process and of the machine, then migrates. Before
 * migrating a database that already holds data, a copy is written beside it
 * (`<file>.v<old>.bak`), so an upgrade can never cost the user their data.
 */
/** In a packaged app native files sit beside the ASAR archive (asarUnpack), where dlopen can read them. */
export function unpackedPath(path: string): string {
  return path.replace(/app\.asar(?=[\\/])/, 'app.asar.unpacked')
}

export function openDb(file: string, options: OpenDbOptions = {}): Db {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE })
    createPrivately(file)
    // Before SQLite opens them: a link in their place made it fail with "unable to open database file", saying nothing of why.
    for (const f of [`${file}-wal`, `${file}-shm`]) makePrivateFile(f)
  }
  const db = keepPlans(new Database(file))
  try {
    // vec0 (the document library's vector index) must be readable on every connection to this file.
    db.loadExtension(unpackedPath(sqliteVec.getLoadablePath()))
    db.pragma('journal_mode = WAL')
    // SQLite gives -wal and -shm the database file's mode; these fix files an older version left 0644.
    if (file !== ':memory:') for (const f of [`${file}-wal`, `${file}-shm`]) makePrivateFile(f)
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    // all_inboxes reads every inbox's stored JSON: keep up to 64 MiB of pages warm (default 2 MiB).
    db.pragma('cache_size = -65536')
    registerSqlFunctions(db)
    migrate(db, file, options.migrations ?? MIGRATIONS)
    return db
  } catch (err) {
    db.close()
    throw err
  }
}

/**
 * The functions the schema's triggers call (the inbox search index's, on every write of a message or
 * an inbox name): every connection that writes those tables needs them, openDb's and any other.
 */
export function registerSqlFunctions(db: Db): void {
  db.function(SEARCH_FOLD_SQL, { deterministic: true }, (text: unknown) => (typeof text === 'string' ? searchIndexForm(text) : text))
}

/**
 * Creates the database file 0600 (or sets an existing one to 0600) before SQLite opens it, and
 * refuses a symlink in its place: the conversations must not be readable by other local users.
 */
function createPrivately(file: string): void {
  let fd: number
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_CREAT | NO_FOLLOW, PRIVATE_FILE_MODE)
  } catch (err) {
    if (['ELOOP', 'EMLINK'].includes((err as NodeJS.ErrnoException).code ?? '')) throw new SymlinkRefusedError(file)
    throw err
  }
  try {
    if ((fstatSync(fd).mode & 0o777) !== PRIVATE_FILE_MODE) fchmodSync(fd, PRIVATE_FILE_MODE)
  } finally {
    closeSync(fd)
  }
}

function migrate(db: Db, file: string, migrations: readonly Migration[]): void {
  const current = db.pragma('user_version', { simple: true }) as number
  const latest = migrations.length ? migrations[migrations.length - 1]!.version : 0
  if (current > LATEST_VERSION) {
    throw new Error(`database ${file} has schema version ${current}, newer than this app's ${LATEST_VERSION}`)
  }
  const pending = migrations.filter((m) => m.version > current)
  if (pending.length === 0) return
  if (current > 0 && file !== ':memory:') {
    const backup = `${file}.v${current}.bak`
    if (!existsSync(backup)) {
      // Written under another name, flushed, then renamed whole: a copy cut short (a full disk, a
      // crash) is never found under the backup's name and taken for it by the next start.
      const partial = `${backup}.partial`
      rmSync(partial, { force: true })
      try {
        db.exec(`VACUUM INTO '${partial.replaceAll("'", "''")}'`)
        makePrivateFile(partial)
        const fd = openSync(partial, constants.O_RDONLY | NO_FOLLOW)
        try {
          fsyncSync(fd)
        } finally {
          closeSync(fd)
        }
        renameSync(partial, backup)
      } catch (err) {
        rmSync(partial, { force: true })
        throw err
      }
    }
  }
  for (const m of pending) {
    db.transaction(() => {
      m.up(db)
      db.pragma(`user_version = ${m.version}`)
    }).immediate()
  }
  if (latest < current) throw new Error('migrations out of order')
}
