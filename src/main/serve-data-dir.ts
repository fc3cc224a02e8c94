import { accessSync, constants, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { makePrivateDir } from './private-files'

/**
 * Makes `--data-dir` (0700) if it is missing and checks that this user may write in it, before anything
 * is opened there. What is wrong is said in one sentence naming the flag: the raw errors read
 * "ENOTDIR: not a directory, open '<dir>/secret.key'" or "EPERM: operation not permitted, mkdir".
 * `source` is where the folder came from (`--data-dir`, `NODEDESK_DATA_DIR`, the default).
 * Returns the sentence, or undefined when the folder is usable.
 */
export function dataDirProblem(dataDir: string, source = '--data-dir'): string | undefined {
  const stat = statOrUndefined(dataDir)
  if (stat && !stat.isDirectory())
    return `${source} ${dataDir} is a file, not a folder; give a folder (one that does not exist yet is made)`
  try {
    makePrivateDir(dataDir)
    accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ENOTDIR' || code === 'EEXIST')
      return `${source} ${dataDir} cannot be made: ${fileOnTheWay(dataDir)} is a file, not a folder`
    if (code === 'EROFS') return `${source} ${dataDir} is on a read-only disk; give a folder you may write in`
    if (code === 'EACCES' || code === 'EPERM') {
      return `${source} ${dataDir} cannot be ${stat ? 'written' : 'made'} by this user; give a folder you may write in`
    }
    if (code === 'ENOSPC') return `${source} ${dataDir} cannot be made: the disk is full`
    throw err
  }
  return undefined
}

function statOrUndefined(path: string) {
  try {
    return statSync(path)
  } catch {
    return undefined
  }
}

/** The nearest part of `dir`'s path that exists: the file that stopped mkdir. */
function fileOnTheWay(dir: string): string {
  for (let p = dirname(dir); p !== dirname(p); p = dirname(p)) {
    const stat = statOrUndefined(p)
    if (stat) return stat.isDirectory() ? 'a part of its path' : p
  }
  return 'a part of its path'
}
