import { randomBytes } from 'node:crypto'
import { closeSync, constants, fchmodSync, fstatSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { makePrivateDir, NO_FOLLOW, PRIVATE_FILE_MODE, SymlinkRefusedError } from '../private-files'

export const API_TOKEN_FILE = 'api-token'

export interface ApiTokenOptions {
  /** Replace the kept token with a new one (`npm run serve -- --rotate-token`). */
  readonly rotate?: boolean
}

/**
 * Throws when `--rotate-token` is asked while the token comes from NODEDESK_API_TOKEN: that token is the
 * environment's, not ours to replace. Headless mode asks this before it touches the data folder.
 */
export function refuseRotationOfEnvToken(env: NodeJS.ProcessEnv, rotate: boolean | undefined): void {
  if (rotate && env.NODEDESK_API_TOKEN?.trim()) throw new Error('--rotate-token: the token comes from NODEDESK_API_TOKEN; change it there')
}

/**
 * The bearer token of headless mode: env NODEDESK_API_TOKEN when set, else the one kept in
 * `<dataDir>/api-token` (mode 0600, never read through a symlink), generated as 32 random bytes
 * in base64url the first time or when rotated.
 */
export function loadOrCreateApiToken(dataDir: string, env: NodeJS.ProcessEnv = process.env, options: ApiTokenOptions = {}): string {
  const fromEnv = env.NODEDESK_API_TOKEN?.trim()
  if (fromEnv) {
    refuseRotationOfEnvToken(env, options.rotate)
    return fromEnv
  }
  const file = join(dataDir, API_TOKEN_FILE)
  if (!options.rotate) {
    const kept = readKeptToken(file)
    if (kept) return kept
  }
  makePrivateDir(dataDir)
  const token = randomBytes(32).toString('base64url')
  // Written beside it and renamed over it: a reader never sees half a token, and a symlink put
  // in its place is replaced, not written through.
  const temp = `${file}.new-${process.pid}`
  rmSync(temp, { force: true })
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, PRIVATE_FILE_MODE)
  try {
    writeSync(fd, token)
    fchmodSync(fd, PRIVATE_FILE_MODE)
  } finally {
    closeSync(fd)
  }
  renameSync(temp, file)
  return token
}

function readKeptToken(file: string): string | undefined {
  let fd: number
  try {
    fd = openSync(file, constants.O_RDONLY | NO_FOLLOW)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return undefined
    if (code === 'ELOOP' || code === 'EMLINK') throw new SymlinkRefusedError(file)
    throw err
  }
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) throw new Error(`${file} is not a regular file`)
    if ((stat.mode & 0o777) !== PRIVATE_FILE_MODE) fchmodSync(fd, PRIVATE_FILE_MODE)
    return readFileSync(fd, 'utf8').trim() || undefined
  } finally {
    closeSync(fd)
  }
}
