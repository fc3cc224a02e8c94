import { afterEach, beforeEach, expect, it } from 'vitest'
import type { SearchResult } from '../../src/shared/contract/vector-fs'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { provider } from '../support/fixtures'
import { addProvider, useTestNode, useFakeLlm } from '../support/node'
import { waitForAnswers, type Msg } from '../support/answers'
import { embedFalconNote, notesJobInbox } from '../support/embedded-note'

/*
 * A question whose scope holds library files is embedded before it is answered. Its embedding
 * server takes the request and never answers; the operator mends the embedding provider (another
 * address). The lookup used to wait out its whole time-out (15 s) on the old server, then answer
 * on keywords alone and keep searches on keywords for a while, though the provider had been mended.
 * Now the edit drops the waiting lookup and the question is embedded again at once with the new
 * settings, as an edit already does for chat calls. Real node, real embedding and chat servers.
 */

const llm = useFakeLlm()
const node = useTestNode({
  runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } },
  vectorFs: { queue: { batchSize: 16, backoffMs: 5, maxBackoffMs: 20 } },
  setup: (n) => addProvider(n, 'gpt', { external_url: llm.url, api_key: 'sk-chat' })
})
let first: FakeEmbeddings
let second: FakeEmbeddings
beforeEach(async () => {
  first = await startFakeEmbeddings(64)
  second = await startFakeEmbeddings(64)
  await embedFalconNote(node, first.url)
})
afterEach(async () => {
  await first.close()
  await second.close()
})

const moveEmbeddingProvider = async () => {
  const edited = await node.post('/v2/modify_llm_provider', provider('emb', { external_url: `${second.url}/v1`, api_key: 'sk-emb-2' }))
  expect(edited.status, JSON.stringify(edited.body)).toBe(200)
}

it('an answer whose question waits on a silent embedding server is embedded again at once when the embedding provider is moved', async () => {
  const { jobId, inboxId } = await notesJobInbox(node, 'gpt')
  first.behaviour = { type: 'hang' }
  const asked = first.nextRequest()
  expect((await node.post('/v2/job_message', { job_id: jobId, content: 'Who leads the Falcon project?' })).status).toBe(200)
  expect((await asked).input).toEqual(['Who leads the Falcon project?'])
  const started = Date.now()
  await moveEmbeddingProvider()
  const [, answer] = await waitForAnswers(node, inboxId, 1, 5000)
  expect((answer as Msg).job_message.error).toBeUndefined()
  expect(Date.now() - started).toBeLessThan(5000)
  // Asked of the new server, with its key.
  const query = second.requests.find((r) => r.input[0] === 'Who leads the Falcon project?')
  expect(query?.headers.authorization).toBe('Bearer sk-emb-2')
})

it('a library search waiting on a silent embedding server is embedded again at once with the new settings, and finds by meaning', async () => {
  first.behaviour = { type: 'hang' }
  const asked = first.nextRequest()
  const search = node.post('/v2/search_items', { search: 'Who leads the Falcon project?' })
  await asked
  const started = Date.now()
  await moveEmbeddingProvider()
  const res = await search
  expect(Date.now() - started).toBeLessThan(5000)
  expect((res.body as SearchResult[])[0]?.path).toBe('/Notes/falcon.md')
  expect(second.requests.some((r) => r.input[0] === 'Who leads the Falcon project?')).toBe(true)
  // The dropped lookup did not count as the server failing: the next search asks the server again.
  const calls = second.requests.length
  await node.post('/v2/search_items', { search: 'What is Maria working on?' })
  expect(second.requests.length).toBe(calls + 1)
})
