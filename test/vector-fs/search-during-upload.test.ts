import { afterEach, beforeEach, expect, it } from 'vitest'
import type { FileInfo, SearchResult } from '../../src/shared/contract/vector-fs'
import { ROOT_ID } from '../../src/main/vector-fs/tree'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { largeText } from '../support/large-text'
import { addProvider, useTestNode } from '../support/node'

/*
 * A search of the whole library whose query is being embedded when a large upload starts storing
 * its passages. The search chose "the whole index" before waiting for the query's embedding, when no
 * upload was staged, and searched the keywords after it: the half-stored file was found, under a
 * path no folder has ('/uploads in progress/<id>').
 */

let fake: FakeEmbeddings
beforeEach(async () => {
  fake = await startFakeEmbeddings(16)
})
afterEach(() => fake.close())
const node = useTestNode({ vectorFs: { queue: { batchSize: 512 } } })

const stagedPassages = () =>
  node.store.db
    .prepare<[], number>(
      `SELECT count(*) FROM vfs_passages WHERE item_id IN (SELECT id FROM vfs_entries WHERE parent_id = (SELECT id FROM vfs_entries WHERE parent_id IS NULL AND id <> ${ROOT_ID}))`
    )
    .pluck()
    .get()!

it('a search whose query is embedded while an upload begins finds nothing of the half-stored file', async () => {
  await addProvider(node, 'emb', { api_key: 'sk-embed-secret', external_url: `${fake.url}/v1` })
  expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' })).status).toBe(200)
  const kept = await node.post('/v2/upload_file_to_folder', {
    path: '/',
    filename: 'kept.txt',
    file_data: new TextEncoder().encode('The kestrel nests.')
  })
  expect(kept.status).toBe(200)
  await expect
    .poll(async () => ((await node.get('/v2/retrieve_path_simplified', { path: '/' })).body as FileInfo[])[0]?.has_embeddings, {
      timeout: 30_000
    })
    .toBe(true)

  let release = () => {}
  fake.behaviour = { type: 'wait', until: new Promise<void>((r) => (release = r)) }
  const queried = fake.nextRequest()
  const search = node.post('/v2/search_items', { search: 'depot7 ledger' })
  await queried
  const upload = node.post('/v2/upload_file_to_folder', {
    path: '/',
    filename: 'ledger.txt',
    file_data: new TextEncoder().encode(largeText(8))
  })
  await expect.poll(stagedPassages, { timeout: 60_000, interval: 1 }).toBeGreaterThan(0)
  fake.behaviour = { type: 'ok' }
  release()
  const found = await search
  // The search ran while the file was still being stored (else this test shows nothing).
  expect(stagedPassages()).toBeGreaterThan(0)
  expect(found.status).toBe(200)
  expect((found.body as SearchResult[]).map((r) => r.path).filter((p) => p !== '/kept.txt')).toEqual([])
  expect((await upload).status).toBe(200)
}, 120_000)
