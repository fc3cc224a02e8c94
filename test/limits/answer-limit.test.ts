import { describe, expect, it } from 'vitest'
import { truncationNote } from '../../src/main/runtime/answer-runtime'
import { messages, recordEvents, waitForAnswers } from '../support/answers'
import { useLoopbackServer } from '../support/loopback-server'
import { addProvider, createJob, useTestNode, useFakeLlm } from '../support/node'

/*
 * Issue 10, item 1: a provider's answer had no limit (100 MB stored whole). In process, with a
 * small limit so the cut is easy to see; test/limits/answer-limit.process.test.ts streams 20 MB
 * into a real `npm run serve` child at the default 1 MiB.
 */

const LIMIT = 2000
const fake = useFakeLlm()
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 }, maxAnswerBytes: LIMIT } })

async function ask(kind: string, stream: boolean) {
  await addProvider(node, 'p', { model: { [kind]: { model_type: 'm' } }, external_url: fake.url, api_key: 'sk-x' })
  const jobId = await createJob(node, 'p')
  const inbox = `job_inbox::${jobId}::false`
  if (!stream) {
    const cfg = { custom_prompt: '', temperature: 0.7, seed: 0, top_k: 40, top_p: 0.9, stream: false, other_model_params: null }
    expect((await node.post('/v2/update_job_config', { job_id: jobId, config: cfg })).status).toBe(200)
  }
  expect((await node.post('/v2/job_message', { job_id: jobId, content: 'Talk a lot' })).status).toBe(200)
  const [, answer] = await waitForAnswers(node, inbox, 1)
  return { answer: answer!, inbox }
}

describe.each([
  ['OpenAI', true],
  ['OpenAI', false],
  ['Claude', true],
  ['Ollama', true]
])('%s (stream %s)', (kind, stream) => {
  it('an answer stops growing at the limit: what came is stored, ending with a note, truncated: true', async () => {
    // 3-byte and 4-byte characters: the cut never splits one.
    const chunks = Array.from({ length: 400 }, (_, i) => (i % 2 ? '€uro ' : '😀 ok '))
    fake.behaviour = { type: 'reply', chunks }
    const events = recordEvents(node)
    const { answer } = await ask(kind, stream)
    const content = answer.job_message.content
    const note = truncationNote(LIMIT)
    expect(answer.job_message.truncated).toBe(true)
    expect(content.endsWith(note)).toBe(true)
    const kept = content.slice(0, -note.length)
    // What came up to the limit is all kept (less only the part of a character the limit split).
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(LIMIT)
    expect(Buffer.byteLength(kept)).toBeGreaterThan(LIMIT - 4)
    expect(chunks.join('').startsWith(kept)).toBe(true)
    expect(kept).not.toMatch(/\uFFFD|[\uD800-\uDBFF]$/)
    if (stream) {
      // What the window saw streaming is exactly what was kept.
      const streamed = events.flatMap((e) => (e.type === 'message_delta' ? [e.data.text] : [])).join('')
      expect(streamed).toBe(kept)
    }
  })
})

describe('answers within the limit', () => {
  it.each([LIMIT, LIMIT - 1])('of %i bytes are stored whole: they did not go past it', async (bytes) => {
    const text = 'x'.repeat(bytes)
    fake.behaviour = { type: 'reply', chunks: [text.slice(0, 1000), text.slice(1000)] }
    const { answer } = await ask('OpenAI', true)
    expect(answer.job_message.content).toBe(text)
    expect(answer.job_message).not.toHaveProperty('truncated')
  })

  // The model's own output limit (finish_reason "length") ends an answer of exactly our limit:
  // its note goes after the whole text, at the point where the answer did end.
  let lengthText = ''
  const endedByLength = useLoopbackServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const chunk = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
      res.writeHead(200, { 'Content-Type': 'text/event-stream' })
      res.write(chunk({ role: 'assistant', content: lengthText }, null))
      res.end(chunk({}, 'length') + 'data: [DONE]\n\n')
    })
  })

  it.each([LIMIT, LIMIT - 1])("of %i bytes ended by the model's output limit keep all their text, the note after it", async (bytes) => {
    lengthText = 'x'.repeat(bytes)
    await addProvider(node, 'p', { model: { OpenAI: { model_type: 'm' } }, external_url: `${endedByLength.url}/v1`, api_key: 'sk-x' })
    const jobId = await createJob(node, 'p')
    expect((await node.post('/v2/job_message', { job_id: jobId, content: 'Talk a lot' })).status).toBe(200)
    const [, answer] = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1)
    expect(answer!.job_message.content).toBe(
      `${lengthText}\n\n⚠ The OpenAI-compatible server at ${endedByLength.url}/v1 ended the answer here: model 'm' reached its limit of output tokens.`
    )
    expect(answer!.job_message).not.toHaveProperty('truncated')
  })

  it('are stored whole, without the note or the flag', async () => {
    fake.behaviour = { type: 'reply', chunks: ['short', ' answer'] }
    const { answer, inbox } = await ask('OpenAI', true)
    expect(answer.job_message.content).toBe('short answer')
    expect(answer.job_message).not.toHaveProperty('truncated')
    expect((await messages(node, inbox)).length).toBe(2)
  })
})

describe('truncationNote', () => {
  it('names the limit in MiB or bytes', () => {
    expect(truncationNote(1024 * 1024)).toMatch(/cut.*1 MiB/)
    expect(truncationNote(2000)).toMatch(/cut.*2,000 bytes/)
  })
})
