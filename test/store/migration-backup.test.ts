import { spawnSync } from 'node:child_process'
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, truncateSync, unlinkSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, expect, it } from 'vitest'
import { DB_FILE_NAME } from '../../src/main/store'
import { openDb } from '../../src/main/store/db'
import { LATEST_VERSION, MIGRATIONS } from '../../src/main/store/migrations'

/*
 * Before migrating, the database is copied beside itself (`<file>.v<old>.bak`), and a start that
 * finds that copy does not make it again. A copy that failed half-way (the disk filled while it was
 * written) was left behind as it was, 0 bytes here, and taken for the backup by the next start,
 * which then migrated with no real copy of the data. Written on a small tmpfs (a real full disk).
 */

// Mounting needs root; without it this test cannot run here, and says so.
const mountable = (() => {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return 'not root on Linux: a tmpfs cannot be mounted'
  const probe = mkdtempSync(join(tmpdir(), 'nodedesk-tmpfs-probe-'))
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe])
  if (r.status === 0) spawnSync('umount', [probe])
  rmSync(probe, { recursive: true, force: true })
  return r.status === 0 ? '' : `mount -t tmpfs failed: ${String(r.stderr).trim()}`
})()
if (mountable) console.log(`skipped: migration backup on a full disk (${mountable})`)

let mountPoint = ''
afterEach(() => {
  if (!mountPoint) return
  spawnSync('umount', [mountPoint])
  rmSync(mountPoint, { recursive: true, force: true })
  mountPoint = ''
})

const ROWS = 2_000

it.skipIf(mountable !== '')('a backup the full disk cut short is made again, whole, before the migration runs', () => {
  mountPoint = mkdtempSync(join(tmpdir(), 'nodedesk-tmpfs-'))
  expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', mountPoint]).status).toBe(0)
  const dir = join(mountPoint, 'data')
  mkdirSync(dir)
  const file = join(dir, DB_FILE_NAME)
  const older = LATEST_VERSION - 1
  const old = openDb(file, { migrations: MIGRATIONS.slice(0, older) })
  old.exec(`CREATE TABLE keepsake (v BLOB NOT NULL)`)
  const insert = old.prepare(`INSERT INTO keepsake (v) VALUES (randomblob(1000))`)
  old.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run()
  })()
  old.pragma('wal_checkpoint(TRUNCATE)')
  old.close()

  // Fill the disk, then leave less room than the copy needs.
  const filler = join(mountPoint, 'filler')
  const fd = openSync(filler, 'w')
  try {
    for (;;) writeSync(fd, Buffer.alloc(64 * 1024))
  } catch (err) {
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC')
  }
  closeSync(fd)
  // Room for the database's own files (its -wal and -shm), not for a 2 MB copy.
  truncateSync(filler, statSync(filler).size - 256 * 1024)
  expect(() => openDb(file)).toThrow(expect.objectContaining({ code: 'SQLITE_FULL' }))
  // The disk had room again; the next start migrates.
  unlinkSync(filler)
  openDb(file).close()

  const backup = new Database(`${file}.v${older}.bak`, { readonly: true })
  try {
    expect(backup.pragma('user_version', { simple: true })).toBe(older)
    expect(backup.prepare(`SELECT count(*) FROM keepsake`).pluck().get()).toBe(ROWS)
    expect(backup.pragma('integrity_check', { simple: true })).toBe('ok')
  } finally {
    backup.close()
  }
})
