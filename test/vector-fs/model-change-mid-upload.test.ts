import { afterEach, beforeEach, expect, it } from 'vitest'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { ROOT_ID } from '../../src/main/vector-fs/tree'
import { largeText } from '../support/large-text'
import { addProvider, useTestNode } from '../support/node'

/*
 * The embedding model chosen while a large upload stores its passages in slices. The upload read the
 * model once, before its first slice: the slices after the change were stored as needing no
 * embedding, and the queue, which skips files still being uploaded, was not woken once the file was
 * placed, so the file stayed 'processing' (or, woken by another file, was marked embedded with part
 * of its passages never embedded).
 */

let fake: FakeEmbeddings
beforeEach(async () => {
  fake = await startFakeEmbeddings(16)
})
afterEach(() => fake.close())
const node = useTestNode({ vectorFs: { queue: { batchSize: 512 } } })

const count = (sql: string) => node.store.db.prepare<[], number>(sql).pluck().get()!
/** Passages of files not yet placed in a folder (in the staging folder). */
const stagedPassages = () =>
  count(
    `SELECT count(*) FROM vfs_passages WHERE item_id IN (SELECT id FROM vfs_entries WHERE parent_id = (SELECT id FROM vfs_entries WHERE parent_id IS NULL AND id <> ${ROOT_ID}))`
  )

it('a model chosen mid-upload embeds every passage of the file', async () => {
  await addProvider(node, 'emb', { api_key: 'sk-embed-secret', external_url: `${fake.url}/v1` })
  const upload = node.post('/v2/upload_file_to_folder', {
    path: '/',
    filename: 'ledger.txt',
    file_data: new TextEncoder().encode(largeText(8))
  })
  await expect.poll(stagedPassages, { timeout: 60_000, interval: 1 }).toBeGreaterThan(0)
  const set = await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' })
  expect(set.status).toBe(200)
  // The change came while the file was still being stored (else this test shows nothing).
  expect(stagedPassages()).toBeGreaterThan(0)
  expect((await upload).status).toBe(200)

  await expect
    .poll(async () => ((await node.get('/v2/retrieve_path_simplified', { path: '/' })).body as FileInfo[])[0]?.status, { timeout: 30_000 })
    .toBe('ready')
  const passages = count(`SELECT count(*) FROM vfs_passages`)
  expect(count(`SELECT count(*) FROM vfs_passages WHERE pending_embedding = 1`)).toBe(0)
  expect(fake.requests.reduce((n, r) => n + r.input.length, 0)).toBe(passages)
}, 120_000)
