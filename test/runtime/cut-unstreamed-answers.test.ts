import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { truncationNote } from '../../src/main/runtime/answer-runtime'
import { MIB } from '../../src/shared/contract/limits'
import { waitForAnswers } from '../support/answers'
import { provider } from '../support/fixtures'
import { addProvider, createJob, useTestNode } from '../support/node'
import { wholeReplyFor } from '../support/completions'

/*
 * A whole answer asked for without streaming (stream off in the job's config) that is larger than the
 * node takes on the wire (8 MiB + 1 MiB for a 1 MiB answer): the contract keeps what was received,
 * cut at 1 MiB, with the note that says so and `truncated: true`. The reply's JSON was never parsed,
 * so the answer stored was the note alone, none of the text that came.
 */

const PIECE = 'Ça va "bien"\n' // escapes and characters of two bytes, so the cut JSON has them everywhere
const TEXT = PIECE.repeat(Math.ceil((12 * MIB) / PIECE.length))
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify(wholeReplyFor(req.url ?? '', TEXT)))
  })
})

const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 5000, idleMs: 5000, unstreamedMs: 20_000 } } })
const config = { custom_prompt: '', temperature: 0.8, top_k: 40, top_p: 0.9, stream: false, other_model_params: null }

describe('a whole answer larger than the wire takes', () => {
  it.each([
    ['OpenAI', '/v1'],
    ['Ollama', ''],
    ['Claude', '/v1'],
    ['Gemini', '/v1beta']
  ])(
    '%s: stores the text that came up to 1 MiB, then the note, as truncated',
    async (kind, path) => {
      await addProvider(node, 'p1', {
        model: { [kind]: { model_type: 'm' } },
        external_url: local.url + path,
        api_key: 'sk-cut-whole-0123456789'
      })
      const jobId = await createJob(node, 'p1')
      expect((await node.post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
      await node.post('/v2/job_message', { job_id: jobId, content: 'Write at length.' })
      const answers = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 20_000)
      const answer = answers[answers.length - 1]!.job_message
      expect(answer.truncated).toBe(true)
      expect(answer.error).toBeUndefined()
      const note = truncationNote(MIB)
      expect(answer.content.endsWith(note)).toBe(true)
      const text = answer.content.slice(0, -note.length)
      expect(TEXT.startsWith(text)).toBe(true)
      // Up to the limit, less at most one character that did not fit whole.
      expect(Buffer.byteLength(text)).toBeGreaterThan(MIB - 4)
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MIB)
    },
    30_000
  )

  it.each([
    ['OpenAI', '/v1'],
    ['Ollama', ''],
    ['Claude', '/v1'],
    ['Gemini', '/v1beta']
  ])('%s: a provider check (1 MiB at most) reports the first words that came', async (kind, path) => {
    const settings = { model: { [kind]: { model_type: 'm' } }, external_url: local.url + path, api_key: 'sk-cut-whole-0123456789' }
    const res = await node.post('/v2/test_llm_provider', provider('p1', settings))
    expect(res.status).toBe(200)
    expect((res.body as { message: string }).message).toContain(`model 'm': "${TEXT.slice(0, 120)}"`)
  })
})
