import { afterEach, beforeEach, expect, it } from 'vitest'
import type { FileInfo, SearchResult } from '../../src/shared/contract/vector-fs'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { addProvider, useTestNode } from '../support/node'
import { provider } from '../support/fixtures'

/*
 * The provider chosen as the library's embedding model is removed, or edited into a kind that
 * cannot embed: the library goes back to keywords (and says so through get_default_embedding_model),
 * instead of keeping a setting whose every embedding call fails.
 */
let fake: FakeEmbeddings
beforeEach(async () => {
  fake = await startFakeEmbeddings(16)
})
afterEach(() => fake.close())
const node = useTestNode({ vectorFs: { queue: { batchSize: 4, backoffMs: 5, maxBackoffMs: 20, maxAttempts: 2 } } })

beforeEach(async () => {
  await addProvider(node, 'emb', { api_key: 'sk-e', external_url: `${fake.url}/v1` })
  await addProvider(node, 'other', { api_key: 'sk-o', external_url: `${fake.url}/v1` })
  expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' })).status).toBe(200)
})

const model = async () => (await node.get('/v2/get_default_embedding_model')).body
const upload = async (filename: string, text: string) => {
  const res = await node.post('/v2/upload_file_to_folder', { path: '/', filename, file_data: new TextEncoder().encode(text) })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}
const settled = async (name: string) => {
  await expect
    .poll(
      async () => ((await node.get('/v2/retrieve_path_simplified', { path: '/' })).body as FileInfo[]).find((f) => f.name === name)?.status
    )
    .toBe('ready')
  return ((await node.get('/v2/retrieve_path_simplified', { path: '/' })).body as FileInfo[]).find((f) => f.name === name)!
}

it('removing the embedding provider leaves the library on keywords: no model, new files ready without calls, found by their words', async () => {
  expect((await node.post('/v2/remove_llm_provider', { llm_provider_id: 'emb' })).status).toBe(200)
  expect(await model()).toEqual({ provider_id: null, model: null })
  const calls = fake.requests.length
  await upload('notes.txt', 'The warehouse inventory is counted on Fridays.')
  const file = await settled('notes.txt')
  expect(file.has_embeddings).toBe(false)
  expect(fake.requests.length).toBe(calls)
  const hits = (await node.post('/v2/search_items', { search: 'warehouse' })).body as SearchResult[]
  expect(hits[0]?.path).toBe('/notes.txt')
})

it('removing another provider keeps the embedding model', async () => {
  expect((await node.post('/v2/remove_llm_provider', { llm_provider_id: 'other' })).status).toBe(200)
  expect(await model()).toEqual({ provider_id: 'emb', model: 'text-embedding-3-small' })
})

it('editing the embedding provider into a kind that cannot embed (Claude) clears the model; a new address of the same kind keeps it', async () => {
  const moved = await startFakeEmbeddings(16)
  try {
    const res = await node.post('/v2/modify_llm_provider', provider('emb', { api_key: 'sk-e', external_url: `${moved.url}/v1` }))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await model()).toEqual({ provider_id: 'emb', model: 'text-embedding-3-small' })
  } finally {
    await moved.close()
  }
  const claude = provider('emb', { api_key: 'sk-e', model: { Claude: { model_type: 'claude-x' } } })
  expect((await node.post('/v2/modify_llm_provider', claude)).status).toBe(200)
  expect(await model()).toEqual({ provider_id: null, model: null })
})
