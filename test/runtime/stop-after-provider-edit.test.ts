import { expect, it } from 'vitest'
import { startFakeEmbeddings } from '../support/fake-embeddings'
import { provider } from '../support/fixtures'
import { addProvider, useTestNode, useFakeLlm } from '../support/node'
import { waitForAnswers, type Msg } from '../support/answers'
import { embedFalconNote, notesJobInbox } from '../support/embedded-note'

/*
 * Editing a provider's key drops its calls not yet answering, to ask them again with the new key.
 * A Stop pressed after the edit, before the dropped call has ended, stops the question: it is not
 * asked again. Here the call is held before it starts, while the question's passages are looked up
 * (its embedding server has not answered yet).
 */

const llm = useFakeLlm()
const node = useTestNode({
  runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } },
  vectorFs: { queue: { batchSize: 16, backoffMs: 5, maxBackoffMs: 20 } },
  setup: (n) => addProvider(n, 'gpt', { external_url: llm.url, api_key: 'sk-old' })
})

const chats = () => llm.requests.filter((r) => r.method === 'POST')

it('a Stop after the provider was edited stops the question; it is not asked again with the new settings', async () => {
  const emb = await startFakeEmbeddings(64)
  try {
    await embedFalconNote(node, emb.url)
    const { jobId, inboxId } = await notesJobInbox(node, 'gpt')
    let answerQuery = () => {}
    emb.behaviour = { type: 'wait', until: new Promise<void>((r) => (answerQuery = r)) }
    const embedded = emb.requests.length
    expect((await node.post('/v2/job_message', { job_id: jobId, content: 'Who leads the Falcon project?' })).status).toBe(200)
    // The question's turn is looking its passages up: its call has not started.
    await expect.poll(() => emb.requests.length).toBeGreaterThan(embedded)
    const edited = await node.post('/v2/modify_llm_provider', provider('gpt', { external_url: llm.url, api_key: 'sk-new' }))
    expect(edited.status).toBe(200)
    expect(await node.post('/v2/stop_llm', { inbox_name: inboxId })).toEqual({ status: 200, body: 'Successfully stopped' })
    emb.behaviour = { type: 'ok' }
    answerQuery()
    const [, answer] = await waitForAnswers(node, inboxId, 1, 5000)
    expect((answer as Msg).job_message.stopped).toBe(true)
    await new Promise((r) => setTimeout(r, 300))
    expect(chats()).toHaveLength(0)
  } finally {
    await emb.close()
  }
})
