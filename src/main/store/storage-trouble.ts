/** SQLite's and the OS's codes for a write the disk refused that may succeed later (space freed, a device back). */
const PASSING_CODES = /^(SQLITE_(FULL|IOERR|READONLY|BUSY|LOCKED|CANTOPEN)(_\w+)?|ENOSPC|EDQUOT|EIO|EROFS)$/

/**
 * The code of a storage failure anywhere in `err`'s cause chain: the disk is full, failing or
 * read-only, not that the write was wrong. Undefined for any other error (a constraint, a bug),
 * which would fail the same way again.
 */
export function storageTrouble(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && PASSING_CODES.test(code)) return code
  }
  return undefined
}
