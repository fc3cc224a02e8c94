import { chmodSync, closeSync, constants, fchmodSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** Other local users must not read the conversations, keys or token a data folder holds. */
export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** O_NOFOLLOW where the platform has it (not on Windows, where symlinks need privileges to create). */
export const NO_FOLLOW = constants.O_NOFOLLOW ?? 0

/** Thrown when a file the node keeps private is a symbolic link. */
export class SymlinkRefusedError extends Error {
  constructor(readonly file: string) {
    super(`${file} is a symbolic link; Nodedesk does not follow links for its private files (replace it with the file itself)`)
    this.name = 'SymlinkRefusedError'
  }
}

const isLinkError = (err: unknown) => ['ELOOP', 'EMLINK'].includes((err as NodeJS.ErrnoException).code ?? '')

/** Creates the folder if needed and sets it to 0700 (also on folders an older version made 0755). */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  if ((lstatSync(dir).mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(dir, PRIVATE_DIR_MODE)
}

/**
 * Sets an existing regular file to 0600 without following a symlink in its place (fchmod on an
 * O_NOFOLLOW descriptor). Returns false when the file does not exist; throws SymlinkRefusedError on a link.
 */
export function makePrivateFile(file: string): boolean {
  let fd: number
  try {
    fd = openSync(file, constants.O_RDONLY | NO_FOLLOW)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false
    if (isLinkError(err)) throw new SymlinkRefusedError(file)
    throw err
  }
  try {
    const stat = fstatSync(fd)
    if (stat.isFile() && (stat.mode & 0o777) !== PRIVATE_FILE_MODE) fchmodSync(fd, PRIVATE_FILE_MODE)
  } finally {
    closeSync(fd)
  }
  return true
}

/**
 * The node's own files in a data folder: the database with its -wal/-shm, migration backups and their
 * partial copies (nodedesk.sqlite*), the key, the token, the lock, logs. The names are those of
 * store/index.ts, electron-secret-box.ts, transports/api-token.ts and data-dir-lock.ts.
 */
const NODE_FILE = /^(nodedesk\.sqlite.*|secret\.key|api-token|node\.lock|nodedesk.*\.log)$/

/**
 * Start-up sweep of a data folder: the folder 0700, the node's own files in it 0600. Only those: a
 * folder given by `--data-dir .` or `~` holds the user's files too, and every regular file was made
 * 0600 (a script lost its execute bit, a shared file its readers). Links are left alone here; the code
 * that reads each private file refuses a link itself.
 */
export function securePrivateDataDir(dir: string): void {
  makePrivateDir(dir)
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !NODE_FILE.test(entry.name)) continue
    try {
      makePrivateFile(join(dir, entry.name))
    } catch (err) {
      // Swapped for a link or removed between the listing and the open: not ours to fix here.
      if (!(err instanceof SymlinkRefusedError) && (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    }
  }
}
