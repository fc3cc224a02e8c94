import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createJobBody, provider } from '../support/fixtures'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { tempDir } from '../support/node'
import { killAll, serveOn, uploadText, type ServeProcess } from '../support/serve-process'
import { STOP_GRACE_MS } from '../../src/main/serve-stop'

/*
 * SIGTERM while a search and an answer wait on an embedding server that took their query and never
 * answers: the library's close did not end those lookups, so the stop waited for the lookup's
 * time-out (15 s; the HTTP server cut the search's connection after 10 s). Now the stop ends them
 * at once: the search answers with what keywords find (as after any failed lookup), the node exits
 * 0 within a few seconds, and every acknowledged write is there after a restart.
 * A real headless node (child process), real embedding and chat servers on loopback.
 */

let dir: string
let cleanup: () => void
let llm: FakeLlm
let embeddings: FakeEmbeddings
const running: ServeProcess[] = []
beforeEach(async () => {
  ;({ dir, cleanup } = tempDir('nodedesk-stop-lookup-'))
  llm = await startFakeLlm()
  embeddings = await startFakeEmbeddings(16)
})
afterEach(async () => {
  await killAll(running)
  await llm.close()
  await embeddings.close()
  cleanup()
})

const serve = () => serveOn(dir, running)

const NOTE = 'The orchard harvest of pears begins in late August.'
const scope = {
  local_vrkai: [],
  local_vrpack: [],
  network_folders: [],
  vector_fs_folders: [{ name: 'Notes', path: { path_ids: ['Notes'] } }],
  vector_fs_items: []
}

it('SIGTERM while a search and an answer wait on a silent embedding server: exit 0 at once, the search answers, every write kept', async () => {
  const node = await serve()
  expect((await node.post('/v2/add_llm_provider', provider('emb', { external_url: `${embeddings.url}/v1` }))).status).toBe(200)
  expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'nomic-embed-text' })).status).toBe(200)
  expect((await node.post('/v2/add_llm_provider', provider('gpt', { external_url: llm.url }))).status).toBe(200)
  expect((await node.post('/v2/create_folder', { path: '/', folder_name: 'Notes' })).status).toBe(200)
  expect((await uploadText(node.p, '/Notes', 'orchard.txt', NOTE)).status).toBe(200)
  await vi.waitFor(async () => expect(((await node.get('/v2/vector_fs_file_states')).body as { ready: number }).ready).toBe(1), {
    timeout: 10_000,
    interval: 50
  })
  const created = await node.post('/v2/create_job', createJobBody('gpt', scope))
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const { job_id } = created.body as { job_id: string }

  // The embedding server now takes each query and never answers.
  embeddings.behaviour = { type: 'hang' }
  const before = embeddings.requests.length
  const search = node.post('/v2/search_items', { search: 'orchard harvest', max_results: 5 })
  const asked = await node.post('/v2/job_message', { job_id, content: 'When does the pear harvest begin?' })
  expect(asked.status, JSON.stringify(asked.body)).toBe(200)
  await vi.waitFor(() => expect(embeddings.requests.length).toBe(before + 2), { timeout: 5000, interval: 20 })

  const stopped = performance.now()
  node.p.child.kill('SIGTERM')
  const found = await search
  expect(found.status).toBe(200)
  expect((found.body as { path: string }[]).map((r) => r.path)).toContain('/Notes/orchard.txt')
  expect(await node.p.exited).toBe(0)
  // Well before the grace a stop gives provider calls (5 s), which a lookup does not get.
  expect(performance.now() - stopped).toBeLessThan(STOP_GRACE_MS - 1000)

  // Every acknowledged write is there after a restart: the provider, the file and its vectors, the question.
  embeddings.behaviour = { type: 'ok' }
  const again = await serve()
  expect(((await again.get('/v2/vector_fs_file_states')).body as { files: number; ready: number }).ready).toBe(1)
  const inbox = (await again.post('/v2/last_messages', { inbox_name: `job_inbox::${job_id}::false`, limit: 50 })).body as {
    job_message: { content: string }
  }[]
  expect(inbox[0]!.job_message.content).toBe('When does the pear harvest begin?')
  again.p.child.kill('SIGTERM')
  expect(await again.p.exited).toBe(0)
})
