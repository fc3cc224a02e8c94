import type { ServerResponse } from 'node:http'
import { useLoopbackServer } from '../support/loopback-server'
import { expect, it, vi } from 'vitest'
import { runAnswerCall } from '../../src/main/runtime/answer-call'
import { DEFAULT_TIMEOUTS } from '../../src/main/runtime/model-call'
import { collectGarbage } from '../support/garbage'

/*
 * An OpenAI-compatible server that streams events carrying nothing (empty deltas, a reasoning
 * model's `reasoning_content`) before the answer's first word. The OpenAI SDK holds every event
 * back until the first one with text (it looks for an error first), so each was kept: measured,
 * an endless stream of empty deltas took the call to 3 GB (an out-of-memory end at a 300 MB heap
 * after 12 s). Events that carry nothing the SDK uses are dropped on the way in (they still prove
 * the call alive), and the answer that follows them is whole.
 */

const MIB = 1024 * 1024
const SILENT_BYTES = 40 * MIB

/** Called by the servers every SAMPLE_EVERY bytes of silent events sent: the test looks at what the call holds then. */
let sample = () => {}
/**
 * Where the memory held is looked at: at fixed points of the stream (about 20 in all), not every 50 ms
 * of the clock, which made a full collection of the worker's heap 10-20 times a second for as long as
 * the stream took, and took more of them the slower the machine streamed.
 */
const SAMPLE_EVERY = 2 * MIB

const event = (o: object) => `data: ${JSON.stringify(o)}\n\n`
const chunk = (delta: object, finish: string | null = null) =>
  event({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

async function silentThenAnswer(res: ServerResponse) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' })
  res.write(chunk({ role: 'assistant', content: '' }))
  // Alternating empty deltas and thoughts, 64 KiB at a time.
  const silent = (chunk({}) + chunk({ reasoning_content: 'hmm' })).repeat(300)
  for (let sent = 0, sampled = 0; sent < SILENT_BYTES && !res.destroyed; sent += silent.length) {
    if (!res.write(silent)) await drainedOrClosed(res)
    if (sent - sampled >= SAMPLE_EVERY) {
      sampled = sent
      sample()
    }
  }
  sample()
  res.write(chunk({ content: 'The answer' }))
  res.write(chunk({ content: ', at last.' }))
  res.write(chunk({}, 'stop'))
  res.end('data: [DONE]\n\n')
}

const line = (o: object) => JSON.stringify({ model: 'm', created_at: '2025-01-01T00:00:00Z', ...o }) + '\n'

/** Ollama: lines with an empty message, and lines that are not JSON at all, then the answer. */
async function ollamaSilentThenAnswer(res: ServerResponse) {
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson' })
  const silent = (line({ message: { role: 'assistant', content: '' }, done: false }) + 'not json at all\n').repeat(300)
  for (let sent = 0, sampled = 0; sent < SILENT_BYTES && !res.destroyed; sent += silent.length) {
    if (!res.write(silent)) await drainedOrClosed(res)
    if (sent - sampled >= SAMPLE_EVERY) {
      sampled = sent
      sample()
    }
  }
  sample()
  res.write(line({ message: { role: 'assistant', content: 'The answer' }, done: false }))
  res.write(line({ message: { role: 'assistant', content: ', at last.' }, done: false }))
  res.end(line({ message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop', eval_count: 3, prompt_eval_count: 2 }))
}

const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => void (req.url === '/api/chat' ? ollamaSilentThenAnswer(res) : silentThenAnswer(res)))
})

it.each(['OpenAI', 'Ollama'] as const)(
  '%s: events that carry nothing before the first word are not held: memory stays flat and the answer is whole',
  { timeout: 60_000 },
  async (kind) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    // What the call holds, after a collection each time: what merely waits to be collected depends
    // on when V8 gets to it, which a loaded machine puts off (a CI run saw 100.7 MB of it once).
    const held = () => {
      collectGarbage()
      return process.memoryUsage().heapUsed
    }
    const before = held()
    let peak = before
    let samples = 0
    sample = () => {
      samples++
      peak = Math.max(peak, held())
    }
    const deltas: string[] = []
    try {
      const result = await runAnswerCall(
        {
          target:
            kind === 'OpenAI'
              ? { kind, model: 'm', baseUrl: `${local.url}/v1`, apiKey: 'sk-test-key-123456' }
              : { kind, model: 'm', baseUrl: local.url },
          options: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello?' }] }] },
          stream: true,
          // The node's own waits: a 20 s wait for the first word raced the 40 MB streamed before it
          // (Ollama's dropped lines do not restart it), and a loaded machine took longer to stream them.
          timeouts: DEFAULT_TIMEOUTS,
          maxTextBytes: MIB,
          wireLimit: 256 * MIB + MIB
        },
        fetch,
        new AbortController().signal,
        (text) => deltas.push(text)
      )
      expect(result).toEqual({ kind: 'done', text: 'The answer, at last.' })
      expect(deltas.join('')).toBe('The answer, at last.')
      // A line the SDK cannot read is a warning on the process's output: not one per line of a flood.
      expect(warn.mock.calls.length).toBeLessThan(10)
    } finally {
      sample = () => {}
      warn.mockRestore()
    }
    // Holding the events took hundreds of MB (each parsed chunk several hundred bytes of objects).
    console.log(`${kind}: at most ${((peak - before) / MIB).toFixed(1)} MB held while ${SILENT_BYTES / MIB} MB of silent events streamed`)
    expect(samples).toBeGreaterThan(SILENT_BYTES / SAMPLE_EVERY / 2)
    expect((peak - before) / MIB).toBeLessThan(30)
  }
)
