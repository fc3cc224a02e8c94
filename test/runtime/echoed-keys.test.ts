import { describe, expect, it } from 'vitest'
import { runAnswerCall } from '../../src/main/runtime/answer-call'
import { jobWithKey, messages, recordEvents, storedText, streamedText, waitForAnswers, waitForMessages } from '../support/answers'
import type { NodeEvent } from '../../src/shared/contract/events'
import { useFakeLlm, useTestNode } from '../support/node'

/*
 * A provider server that echoes the key it was sent inside its answer (an echo server, a
 * misconfigured proxy), split across the pieces of a stream as a tokenizer splits it: the key must
 * reach neither the window (the streamed events), nor the database, nor the log. The answer keeps
 * all the rest, a start of the key left when the stream ends included. Over the real path: a
 * loopback server speaking each protocol, the provider thread, the node's API.
 */

const KEY = 'sk-test-KEY-0123456789'
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 }, rateLimitRetries: 0 } })
const fake = useFakeLlm()

/** The key is nowhere the node keeps or shows: the inbox as the API reads it, the events, the database, the log. */
async function expectNoKey(inboxId: string, events: NodeEvent[]) {
  expect(JSON.stringify(await messages(node, inboxId))).not.toContain(KEY)
  expect(JSON.stringify(events)).not.toContain(KEY)
  expect(storedText(node)).not.toContain(KEY)
  expect(node.log.lines.join('\n')).not.toContain(KEY)
}

describe.each(['OpenAI', 'Claude', 'Gemini', 'Ollama'])('%s', (kind) => {
  it('an answer echoing the key, split across the chunks of the stream, is stored and streamed with [redacted] in its place', async () => {
    const events = recordEvents(node)
    const { jobId, inboxId } = await jobWithKey(node, kind, fake.url, KEY)
    // Split in two, then a character a chunk, then whole beside a start of it that goes another way.
    const chunks = ['Your key is sk-test-', 'KEY-0123456789', '. Again: ', ...KEY, `, ${KEY}sk-test-K`, 'ind regards']
    fake.behaviour = { type: 'reply', chunks }
    await node.post('/v2/job_message', { job_id: jobId, content: 'What is my key?' })
    const [, answer] = await waitForAnswers(node, inboxId, 1)
    const redacted = 'Your key is [redacted]. Again: [redacted], [redacted]sk-test-Kind regards'
    expect(answer!.job_message.error).toBeUndefined()
    expect(answer!.job_message.content).toBe(redacted)
    expect(streamedText(events)).toBe(redacted)
    await expectNoKey(inboxId, events)
  })
})

describe('OpenAI', () => {
  it.each(['cut', 'error', 'close'] as const)(
    'an answer that breaks off (%s) in the middle of the key keeps no part of it',
    async (ending) => {
      const events = recordEvents(node)
      const { jobId, inboxId } = await jobWithKey(node, 'OpenAI', fake.url, KEY)
      fake.behaviour = { type: 'break', chunks: ['Key: sk-test-KEY', '-0123456789', ', then sk-test-KEY'], ending, delayMs: 5 }
      await node.post('/v2/job_message', { job_id: jobId, content: 'What is my key?' })
      const [, note] = await waitForAnswers(node, inboxId, 1)
      expect(note!.job_message.error).toBeDefined()
      expect(note!.job_message.content.startsWith('Key: [redacted], then [redacted]\n\n⚠ ')).toBe(true)
      expect(streamedText(events)).toBe('Key: [redacted], then [redacted]')
      await expectNoKey(inboxId, events)
    }
  )

  it('an answer stopped by the operator keeps what streamed, the key redacted, and most of a key it ended on redacted too', async () => {
    const events = recordEvents(node)
    const { jobId, inboxId } = await jobWithKey(node, 'OpenAI', fake.url, KEY)
    fake.behaviour = { type: 'stall', chunks: ['Partial ', 'sk-test-', 'KEY-0123456789', ' and sk-test-'] }
    await node.post('/v2/job_message', { job_id: jobId, content: 'What is my key?' })
    await waitForMessages(node, inboxId, () => streamedText(events).includes(' and '))
    expect(await node.post('/v2/stop_llm', { inbox_name: inboxId })).toEqual({ status: 200, body: 'Successfully stopped' })
    const [, answer] = await waitForAnswers(node, inboxId, 1)
    expect(answer!.job_message).toMatchObject({ content: 'Partial [redacted] and [redacted]', stopped: true })
    await expectNoKey(inboxId, events)
  })

  it('an answer echoing the key with streaming off is stored with [redacted] in its place', async () => {
    const events = recordEvents(node)
    const { jobId, inboxId } = await jobWithKey(node, 'OpenAI', fake.url, KEY, false)
    fake.behaviour = { type: 'reply', chunks: [`Your key is ${KEY}, and ${KEY}.`] }
    await node.post('/v2/job_message', { job_id: jobId, content: 'What is my key?' })
    const [, answer] = await waitForAnswers(node, inboxId, 1)
    expect(answer!.job_message.content).toBe('Your key is [redacted], and [redacted].')
    expect(streamedText(events)).toBe('Your key is [redacted], and [redacted].')
    await expectNoKey(inboxId, events)
  })

  it("an answer cut at the node's size limit in the middle of the key keeps no part of it", async () => {
    fake.behaviour = { type: 'reply', chunks: ['Answer: sk-test-', 'KEY-0123456789', ' and more'] }
    const deltas: string[] = []
    const result = await runAnswerCall(
      {
        target: { kind: 'OpenAI', model: 'model-a', baseUrl: `${fake.url}/v1`, apiKey: KEY },
        options: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'What is my key?' }] }] },
        stream: true,
        timeouts: { firstChunkMs: 3000, idleMs: 3000 },
        // The limit falls 4 bytes into the key: the key is taken out before the cut.
        maxTextBytes: 'Answer: sk-t'.length,
        wireLimit: 1 << 20
      },
      fetch,
      new AbortController().signal,
      (text) => deltas.push(text)
    )
    expect(result).toEqual({ kind: 'truncated', text: 'Answer: [red' })
    expect(deltas.join('')).toBe('Answer: [red')
  })
})
