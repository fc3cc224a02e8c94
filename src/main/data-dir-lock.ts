import { closeSync, constants, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

export const LOCK_FILE_NAME = 'node.lock'

/** What a lock file says about its holder. */
export interface LockHolder {
  readonly pid: number
  readonly started: string
  readonly host: string
  readonly mode: string
}

/** Thrown when another live process holds the data folder; the message is the one line the user sees. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder
  ) {
    super(
      `Nodedesk: the data folder ${dataDir} is in use by another node (pid ${holder.pid}, ${holder.mode}, started ${holder.started}); stop that node first`
    )
    this.name = 'DataDirInUseError'
  }
}

export interface DataDirLock {
  readonly file: string
  /** Removes the lock file if it is still ours. */
  release(): void
}

/** Lock files this process holds, so a second node in the same process is refused too. */
const heldHere = new Set<string>()

/** Whether `pid` names a running process. EPERM means it exists but belongs to someone else. */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return false // a restart that got our old pid back (containers: pid 1)
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return undefined
    return {
      pid: parsed.pid,
      started: String(parsed.started ?? '?'),
      host: String(parsed.host ?? '?'),
      mode: String(parsed.mode ?? 'node')
    }
  } catch {
    return undefined
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/**
 * Takes the data folder for this process: `<dataDir>/node.lock` is created exclusively and kept
 * open with our pid and start time. A lock whose pid is dead is stale and taken over; a live one
 * throws DataDirInUseError naming it. Two nodes on one SQLite file lose writes to "database is
 * locked", answer twice and stall each other's queues, so this runs before the store opens.
 */
export function acquireDataDirLock(dataDir: string, mode: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const file = join(dataDir, LOCK_FILE_NAME)
  const me: LockHolder = { pid: process.pid, started: new Date().toISOString(), host: hostname(), mode }
  for (let attempt = 0; attempt < 20; attempt++) {
    let fd: number
    try {
      fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const holder = readHolder(file)
      if (!holder) {
        // Another starter may be between creating the file and writing its pid: give it a moment,
        // then treat a file that stays unreadable as stale.
        if (attempt < 5) {
          sleep(20)
          continue
        }
        takeOverStale(file, undefined)
        continue
      }
      // The pid is checked on this machine only: a container restarted under a new host name
      // must not find its own folder locked forever by its previous life.
      if (isAlive(holder.pid) || (holder.pid === process.pid && heldHere.has(file))) throw new DataDirInUseError(dataDir, holder)
      takeOverStale(file, holder.pid)
      continue
    }
    writeSync(fd, JSON.stringify(me) + '\n')
    heldHere.add(file)
    let released = false
    // Held open for the process's life: on Windows this also keeps the file from being deleted under us.
    return {
      file,
      release: () => {
        if (released) return
        released = true
        heldHere.delete(file)
        closeSync(fd)
        if (readHolder(file)?.pid === me.pid) {
          try {
            unlinkSync(file)
          } catch {
            /* gone already */
          }
        }
      }
    }
  }
  throw new Error(`Nodedesk: could not take the lock ${file}; another node keeps starting on this data folder`)
}

/**
 * Moves a stale lock aside atomically. If, between our read and the rename, another starter
 * already replaced it with its own live lock, that lock is put back (link fails rather than
 * overwrite if yet another one appeared) and the caller simply tries again.
 */
function takeOverStale(file: string, stalePid: number | undefined): void {
  const aside = `${file}.stale-${process.pid}-${Date.now()}`
  try {
    renameSync(file, aside)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
    throw err
  }
  const moved = readHolder(aside)
  if (moved && moved.pid !== stalePid && isAlive(moved.pid)) {
    try {
      linkSync(aside, file)
    } catch {
      /* a newer lock is in place; ours to compete with on the next attempt */
    }
  }
  try {
    unlinkSync(aside)
  } catch {
    /* already gone */
  }
}
