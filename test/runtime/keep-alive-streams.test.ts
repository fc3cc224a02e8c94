import { describe, expect, it } from 'vitest'
import type { ProviderKind } from '../../src/shared/contract/identity'
import { streamedCall } from '../support/answer-calls'
import { isAnswer } from '../../src/shared/message-role'
import { messages, waitForAnswers } from '../support/answers'
import { addProvider, createJob, useFakeLlm, useTestNode } from '../support/node'

/*
 * A server (or a proxy before it) that keeps a stream open with keep-alives alone: pings, empty
 * chunks, comment lines. They counted as signs of life, so no time-out ever fired: the call held
 * one of its server's call slots until the operator pressed Stop, and the questions behind it
 * waited. Keep-alives no longer move an answer on (text and thinking do), and a streamed answer has
 * a limit of time in all; either ends the call as an error note that keeps the text that came.
 */

const NO_PROGRESS_MS = 1500
const IDLE_MS = 800
const node = useTestNode({
  runtime: { timeouts: { firstChunkMs: 800, idleMs: IDLE_MS, noProgressMs: NO_PROGRESS_MS }, concurrency: { perServer: 1 } }
})
const fake = useFakeLlm()

const BASES: Record<string, string> = { OpenAI: '/v1', Ollama: '', Claude: '/v1', Gemini: '/v1beta' }

describe.each(['OpenAI', 'Claude', 'Gemini', 'Ollama'])('%s', (kind) => {
  it('a stream of keep-alives after part of the answer ends as an error note keeping that part, and frees the slot for the question behind it', async () => {
    await addProvider(node, 'p1', { model: { [kind]: { model_type: 'model-a' } }, external_url: fake.url + BASES[kind], api_key: 'k-1234' })
    const stuck = await createJob(node, 'p1')
    const behind = await createJob(node, 'p1')
    fake.queue = [{ type: 'keepalive', chunks: ['The first part'], everyMs: 100 }]
    fake.behaviour = { type: 'reply', chunks: ['Answered', ' at last'] }
    const started = Date.now()
    await node.post('/v2/job_message', { job_id: stuck, content: 'Tell me' })
    await node.post('/v2/job_message', { job_id: behind, content: 'And me' })

    // The wait fails when no time-out ever ends the call; how soon after its limit it ends depends
    // on the machine's load, so only the limit itself is a bound.
    const [, note] = await waitForAnswers(node, `job_inbox::${stuck}::false`, 1, 15_000)
    expect(Date.now() - started).toBeGreaterThanOrEqual(kind === 'Ollama' ? IDLE_MS : NO_PROGRESS_MS)
    expect(note!.job_message.error).toEqual({ kind: 'timeout' })
    expect(note!.job_message.content.startsWith('The first part\n\n⚠ ')).toBe(true)
    // Ollama's empty lines never reach the SDK (they are dropped as silent), so its idle time-out ends it first.
    if (kind !== 'Ollama') expect(note!.job_message.content).toMatch(/sent only keep-alive signals for 2 s, no more of the answer/)
    const [, answer] = await waitForAnswers(node, `job_inbox::${behind}::false`, 1, 10_000)
    expect(answer!.job_message.content).toBe('Answered at last')
    expect((await messages(node, `job_inbox::${stuck}::false`)).filter(isAnswer).length).toBe(1)
  })
})

const call = (kind: ProviderKind, timeouts: Record<string, number>) => streamedCall(kind, fake.url + BASES[kind], timeouts)

it.each(['OpenAI', 'Claude', 'Gemini'] as ProviderKind[])(
  '%s: keep-alives from the start, past the first-chunk wait, end the call saying none of the answer came',
  async (kind) => {
    fake.behaviour = { type: 'keepalive', chunks: [], everyMs: 100 }
    const result = await call(kind, { firstChunkMs: 500, noProgressMs: 1200 })
    expect(result).toMatchObject({ kind: 'failed', text: '', failure: { kind: 'timeout' } })
    if (result.kind !== 'failed') return
    expect(result.failure.message).toMatch(/sent only keep-alive signals for 1 s, none of the answer, so the node ended the call/)
  }
)

describe('the limit of time for one streamed answer', () => {
  it.each(['OpenAI', 'Claude', 'Gemini', 'Ollama'] as ProviderKind[])(
    '%s: an answer still dripping in when the limit comes ends there, its text kept',
    async (kind) => {
      fake.behaviour = { type: 'reply', chunks: Array.from({ length: 40 }, (_, i) => `w${i} `), delayMs: 100 }
      // Each word comes well within the other limits.
      const result = await call(kind, { noProgressMs: 1000, totalMs: 1200 })
      expect(result).toMatchObject({ kind: 'failed', failure: { kind: 'timeout' } })
      if (result.kind !== 'failed') return
      expect(result.text).toMatch(/^w0 w1 w2 /)
      expect(result.text.length).toBeLessThan(40 * 4)
      expect(result.failure.message).toMatch(/was still sending the answer after 1 s, the node's limit for one answer/)
    }
  )
})
