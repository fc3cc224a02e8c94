import { describe, expect, it } from 'vitest'
import { jobWithKey, messages, recordEvents, storedText, streamedText, waitForAnswers } from '../support/answers'
import { useFakeLlm, useTestNode } from '../support/node'

/*
 * A server that echoes the key it was sent inside a successful answer, encoded as a URL, a JSON writer
 * or a Basic credential writes it (percent-encoded, JSON-escaped, base64): those forms were taken out
 * of error texts and logs, but went into the streamed answer, the stored message and the events whole.
 * Each is split across two chunks of the stream, as a tokenizer splits it. Over the real path: a
 * loopback server speaking each protocol, the provider thread, the node's API.
 */

const KEY = 'ABSKQmVkcm9ja0FQSUtleS1/bW9ja2tleQ+abc123XYZ789=='
const percent = encodeURIComponent(KEY)
const ENCODED = {
  'percent-encoded': percent,
  'percent-encoded in lower-case hex': percent.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
  'JSON-escaped with \\/': JSON.stringify(KEY).slice(1, -1).replaceAll('/', '\\/'),
  'JSON-escaped with \\u002B': JSON.stringify(KEY).slice(1, -1).replaceAll('+', '\\u002B'),
  base64: Buffer.from(KEY).toString('base64').replace(/=+$/, ''),
  base64url: Buffer.from(KEY).toString('base64url')
}
/** The parts of the key between its + / = (none may be left anywhere), and each encoded form whole. */
const PARTS = [...KEY.split(/[+/=]/).filter((p) => p.length >= 6), ...Object.values(ENCODED)]

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 }, rateLimitRetries: 0 } })
const fake = useFakeLlm()

function expectNoPart(text: string) {
  for (const part of PARTS) expect(text).not.toContain(part)
}

/** Each encoded form split in two near its middle, in words of their own: "Form 1: <form>." */
const forms = Object.values(ENCODED)
const chunks = forms.flatMap((form, i) => {
  const half = Math.floor(form.length / 2)
  return [`Form ${i}: ${form.slice(0, half)}`, `${form.slice(half)}.`]
})
const redacted = forms.map((_f, i) => `Form ${i}: [redacted].`).join('')

describe.each(['OpenAI', 'Claude', 'Gemini', 'Ollama'])('%s', (kind) => {
  it('an answer echoing the key encoded, each form split across two chunks of the stream, is streamed and stored with [redacted] in its place', async () => {
    const events = recordEvents(node)
    const { jobId, inboxId } = await jobWithKey(node, kind, fake.url, KEY, true)
    fake.behaviour = { type: 'reply', chunks }
    await node.post('/v2/job_message', { job_id: jobId, content: 'What is my key?' })
    const [, answer] = await waitForAnswers(node, inboxId, 1)
    expect(answer!.job_message.error).toBeUndefined()
    expect(answer!.job_message.content).toBe(redacted)
    expect(streamedText(events)).toBe(redacted)
    expectNoPart(JSON.stringify(await messages(node, inboxId)))
    expectNoPart(JSON.stringify(events))
    expectNoPart(storedText(node))
    expectNoPart(node.log.lines.join('\n'))
  })
})

describe('OpenAI, streaming off', () => {
  it('an answer echoing the key encoded is stored with [redacted] in its place', async () => {
    const events = recordEvents(node)
    const { jobId, inboxId } = await jobWithKey(node, 'OpenAI', fake.url, KEY, false)
    fake.behaviour = { type: 'reply', chunks: [chunks.join('')] }
    await node.post('/v2/job_message', { job_id: jobId, content: 'What is my key?' })
    const [, answer] = await waitForAnswers(node, inboxId, 1)
    expect(answer!.job_message.content).toBe(redacted)
    expectNoPart(JSON.stringify(events))
    expectNoPart(storedText(node))
  })
})
