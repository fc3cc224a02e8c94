import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { runAnswerCall } from '../../src/main/runtime/answer-call'
import type { CallTimeouts } from '../../src/main/runtime/model-call'
import { chatCompletion } from '../support/completions'

/*
 * A job with streaming off gets its answer in one piece, after the model has written all of it:
 * a long answer from a local model takes minutes before its first byte. The wait for the first
 * chunk of a stream (a cold model load) is not a limit on writing a whole answer.
 */

const WRITING_MS = 1200
let silent = false
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    if (silent) return // accepts and never answers
    setTimeout(() => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(chatCompletion('A long answer, written in full.')))
    }, WRITING_MS)
  })
})

const ask = (timeouts: CallTimeouts) =>
  runAnswerCall(
    {
      target: { kind: 'OpenAI', model: 'm', baseUrl: `${local.url}/v1`, apiKey: 'sk-test-key-123456' },
      options: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Write at length.' }] }] },
      stream: false,
      timeouts,
      maxTextBytes: 1 << 20,
      wireLimit: 8 << 20
    },
    fetch,
    new AbortController().signal,
    () => {}
  )

describe('an answer with streaming off', () => {
  it('may take longer than the first-chunk wait of a stream to be written', async () => {
    silent = false
    const result = await ask({ firstChunkMs: 400, idleMs: 400, unstreamedMs: 5000 })
    expect(result).toEqual({ kind: 'done', text: 'A long answer, written in full.' })
  })

  it('still has a limit, and its message says that streaming is off', async () => {
    silent = true
    const result = await ask({ firstChunkMs: 400, idleMs: 400, unstreamedMs: 800 })
    expect(result.kind).toBe('failed')
    expect(result.kind === 'failed' && result.failure).toEqual({
      kind: 'timeout',
      message: `The OpenAI-compatible server at ${`${local.url}/v1`} did not send its answer within 1 s. Streaming is off for this job, so the whole answer is written before any of it is sent: turn streaming on in the job's config for long answers, or check that the server is running.`
    })
  })
})
