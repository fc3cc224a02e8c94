import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { FileInfo, SearchResult } from '../../src/shared/contract/vector-fs'
import { type HttpServer } from '../../src/main/transports/http'
import { ROOT_ID } from '../../src/main/vector-fs/tree'
import { largeText } from '../support/large-text'
import { callJson } from '../support/http-post'
import { serveUploadsOverHttp, useTestNode } from '../support/node'
import { longestHoldWhile } from '../support/event-loop-hold'

/*
 * A large text uploaded over real HTTP, with health checks one after another while it is stored.
 * All of a file's passages went in one transaction: 200 MB held the node 18 s (the app froze).
 * They now go in slices with the event loop turning between them, and the file stays out of every
 * list and search until its last slice is in. LARGE_UPLOAD_MB sets the size (the stall grows with it).
 */

// Slices are cut by time (UPLOAD_SLICE_MS), so the health checks answered while passages are stored
// scale with how long storing takes: 16 MB gave 3 here against the bound of 2, which a faster machine
// would not reach. 48 MB give about 10 (an upload of 3.3 s).
const MB = Number(process.env.LARGE_UPLOAD_MB ?? 48)
const TOKEN = 't'
const node = useTestNode()
let server: HttpServer
beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 256 * 1024 * 1024)
})
afterEach(() => server.close())

// Passages stored of a file not yet in its folder (none before the upload has stored any, none after it answers).
const storedUnplaced = () =>
  node.store.db
    .prepare<[], number>(`SELECT count(*) FROM vfs_passages p JOIN vfs_entries e ON e.id = p.item_id WHERE e.parent_id IS NOT ${ROOT_ID}`)
    .pluck()
    .get()!
const call = (method: 'GET' | 'POST', path: string, body?: unknown, query: Record<string, string> = {}) =>
  callJson(server.url, TOKEN, method, path, body, query)

it('stores a large text in slices: health checks are answered throughout, and the file appears whole once its upload answers', async () => {
  const text = largeText(MB)
  const form = new FormData()
  form.append('path', '/')
  form.append('filename', 'ledger.txt')
  form.append('file_data', new Blob([text], { type: 'text/plain' }), 'ledger.txt')

  let settled = false
  const started = performance.now()
  const upload = fetch(`${server.url}/v2/upload_file_to_folder`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}` },
    body: form
  })
    .then(async (res) => ({ status: res.status, body: (await res.json()) as FileInfo }))
    .finally(() => (settled = true))
  // The longest the node's thread was held while the upload ran (the node runs in this process).
  const watch = longestHoldWhile(() => settled)
  // While part of its passages are stored (before and after asking), the file is in no listing and no search.
  const seenMidway: string[] = []
  let midway = 0
  while (!settled) {
    expect((await call('GET', '/v2/health_check')).status).toBe(200)
    if (settled || storedUnplaced() === 0) continue
    midway++
    const list = await call('GET', '/v2/retrieve_path_simplified', undefined, { path: '/' })
    const found = await call('POST', '/v2/search_items', { search: 'depot7 ledger' })
    if (storedUnplaced() > 0) {
      if ((list.body as FileInfo[]).length > 0) seenMidway.push('listing')
      if ((found.body as SearchResult[]).length > 0) seenMidway.push('search')
    }
  }
  const { status, body } = await upload
  const took = performance.now() - started
  const longest = await watch
  console.log(`${MB} MB: upload ${Math.round(took)} ms, longest hold ${Math.round(longest)} ms`)
  expect(status).toBe(200)
  expect(body).toMatchObject({ path: '/ledger.txt', status: 'ready' })
  expect(midway, 'health checks answered while passages were being stored').toBeGreaterThanOrEqual(2)
  expect(seenMidway).toEqual([])
  // Storing its passages in one transaction held the node for most of the upload (cutting the text, a third of it).
  expect(longest, `longest hold ${Math.round(longest)} ms of an upload of ${Math.round(took)} ms (${MB} MB)`).toBeLessThan(took / 6)

  // Whole once answered: its last passage is found, and nothing is left in the staging folder.
  const found = await call('POST', '/v2/search_items', { search: 'zanzibar' })
  expect((found.body as SearchResult[]).map((r) => r.path)).toEqual(['/ledger.txt'])
  expect(node.ctx.vectorFs.fileStateCounts().files).toBe(1)
  expect(node.store.db.prepare(`SELECT count(*) FROM vfs_entries WHERE parent_id IS NULL`).pluck().get()).toBe(2)
}, 120_000)

it('an upload refused at its end (the name was taken meanwhile) leaves nothing behind: no rows, no passages, no stored copy', async () => {
  const text = largeText(Math.min(MB, 4))
  const form = new FormData()
  form.append('path', '/')
  form.append('filename', 'twice.txt')
  form.append('file_data', new Blob([text], { type: 'text/plain' }), 'twice.txt')
  const upload = fetch(`${server.url}/v2/upload_file_to_folder`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}` },
    body: form
  })
  // The same name taken by a folder while the file's passages are stored. Taken between two of the upload's
  // slices, in the same turn that sees passages stored: a create_folder over HTTP took several turns of the
  // event loop (a slice each), and on a loaded machine the upload had placed its file by then (409 there).
  let taken = false
  await expect
    .poll(
      () => {
        if (!taken && storedUnplaced() > 0) {
          node.ctx.vectorFs.createFolder([], 'twice.txt')
          taken = true
        }
        return taken
      },
      { timeout: 30_000, interval: 1 }
    )
    .toBe(true)
  const res = await upload
  expect(res.status).toBe(409)
  expect(node.store.db.prepare(`SELECT count(*) FROM vfs_passages`).pluck().get()).toBe(0)
  expect(node.store.db.prepare(`SELECT count(*) FROM vfs_entries WHERE is_folder = 0`).pluck().get()).toBe(0)
  const sha = createHash('sha256').update(text).digest('hex')
  expect(existsSync(join(node.dir, 'files', sha.slice(0, 2), sha))).toBe(false)
}, 60_000)
