import { DISK_ERROR_MESSAGE, DISK_FULL_MESSAGE, READ_ONLY_MESSAGE } from '../../shared/contract/disk-messages'

export { DISK_ERROR_MESSAGE, DISK_FULL_MESSAGE, READ_ONLY_MESSAGE }

/** SQLite's and the OS's words for "no space left": a full disk, or the user's quota. */
const DISK_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT'])

/** The error codes `err` (or an error it wraps) carries, outermost first. */
function* codesOf(err: unknown): Generator<string> {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') yield code
  }
}

/**
 * What the operator can do about a failure of the data folder's disk (full, read-only, an I/O error),
 * as a message; undefined for any other failure. SQLite's extended codes name the kind first
 * (SQLITE_READONLY_DBMOVED, SQLITE_IOERR_WRITE).
 */
export function storageProblem(err: unknown): string | undefined {
  for (const code of codesOf(err)) {
    if (DISK_FULL_CODES.has(code)) return DISK_FULL_MESSAGE
    if (code.startsWith('SQLITE_READONLY') || code === 'EROFS') return READ_ONLY_MESSAGE
    if (code.startsWith('SQLITE_IOERR') || code === 'EIO') return DISK_ERROR_MESSAGE
  }
  return undefined
}
