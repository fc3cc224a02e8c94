import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { DB_FILE_NAME } from '../../src/main/store'
import { largeText } from '../support/large-text'
import { tempDir } from '../support/node'
import { killAll, serveOn, uploadText, type ServeProcess } from '../support/serve-process'

/*
 * `npm run serve` killed (SIGKILL) while it stores the passages of a large upload, then started
 * again on the same folder: the half-stored file is never visible, the next start removes its rows
 * and its stored copy, and a file whose upload was answered before the kill is whole.
 */

let dir: string
let cleanup: () => void
const running: ServeProcess[] = []
beforeEach(() => {
  ;({ dir, cleanup } = tempDir('nodedesk-killed-upload-'))
})
afterEach(async () => {
  await killAll(running)
  cleanup()
})

const serve = () => serveOn(dir, running)

it('SIGKILL mid-upload: the half-stored file is never listed or found, the next start removes it; an answered upload is whole', async () => {
  const first = await serve()
  expect((await uploadText(first.p, '/', 'kept.txt', 'The kestrel nests on the tower.')).status).toBe(200)
  const text = largeText(24)
  const sha = createHash('sha256').update(text).digest('hex')
  const copy = join(dir, 'files', sha.slice(0, 2), sha)

  const peek = new Database(join(dir, DB_FILE_NAME), { readonly: true })
  const count = (sql: string) => peek.prepare<[], number>(sql).pluck().get()!
  // Files outside the tree (in the staging folder: a folder other than the root with no parent), and their passages.
  const unplaced = `SELECT id FROM vfs_entries WHERE is_folder = 0 AND parent_id IN (SELECT id FROM vfs_entries WHERE parent_id IS NULL AND id <> 1)`
  const unplacedPassages = () => count(`SELECT count(*) FROM vfs_passages WHERE item_id IN (${unplaced})`)
  try {
    void uploadText(first.p, '/', 'ledger.txt', text).catch(() => undefined)
    await expect.poll(unplacedPassages, { timeout: 30_000, interval: 2 }).toBeGreaterThan(0)
    first.p.child.kill('SIGKILL')
    expect(await first.p.exited).toBe('SIGKILL')
    expect(unplacedPassages(), 'the kill came while passages were being stored').toBeGreaterThan(0)
    expect(existsSync(copy)).toBe(true)

    const second = await serve()
    const list = (await second.call('GET', '/v2/retrieve_path_simplified', undefined, { path: '/' })).body as { name: string }[]
    expect(list.map((f) => f.name)).toEqual(['kept.txt'])
    expect((await second.call('POST', '/v2/search_items', { search: 'ledger depot7' })).body).toEqual([])
    // The start removes what the upload left: rows, passages and the stored copy.
    await expect.poll(unplacedPassages, { timeout: 30_000, interval: 50 }).toBe(0)
    await expect.poll(() => count(`SELECT count(*) FROM (${unplaced})`), { timeout: 5_000 }).toBe(0)
    await expect.poll(() => existsSync(copy), { timeout: 5_000 }).toBe(false)
    // The file answered before the kill is whole, and the name of the cut one is free again.
    const found = (await second.call('POST', '/v2/search_items', { search: 'kestrel' })).body as { path: string }[]
    expect(found.map((r) => r.path)).toEqual(['/kept.txt'])
    expect((await uploadText(second.p, '/', 'ledger.txt', 'A short ledger.')).status).toBe(200)
    second.p.child.kill('SIGTERM')
    expect(await second.p.exited).toBe(0)
  } finally {
    peek.close()
  }
}, 120_000)
