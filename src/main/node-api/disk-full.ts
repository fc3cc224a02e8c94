/** SQLite's and the OS's words for "no space left": a full disk, or the user's quota. */
const DISK_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT'])

export const DISK_FULL_MESSAGE =
  'disk: the disk holding the data folder is full, so nothing was saved; free some space and try again (reading still works)'

/** Whether `err` (or an error it wraps) says the disk is full. */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true
  }
  return false
}
