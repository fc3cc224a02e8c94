import { gzipSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { useLoopbackServer } from '../support/loopback-server'
import { waitForAnswers } from '../support/answers'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * A provider's address answers a question with a reply past the node's wire limit that holds no
 * answer text at all: a small gzip body expanding to 100 MiB of JSON that is not a completion (what
 * a wrong address, a proxy, or a hostile server may send). The node stopped reading at its limit, as
 * it should, but then stored an empty answer saying "The answer was cut here: it reached the node's
 * limit of 1 MiB for one answer": the operator saw an answer the model never gave, cut for a length
 * it never had. Now it is an error note saying the reply was not a chat answer. Real node, real HTTP.
 */

const MIB = 1024 * 1024
const bomb = gzipSync(Buffer.concat([Buffer.from('{"data":[0.1'), Buffer.alloc(100 * MIB, ',0.1'), Buffer.from(']}')]))
const server = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }).end(bomb))
})
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 5000, idleMs: 5000, unstreamedMs: 10_000 }, rateLimitRetries: 0 } })

it.each([
  ['OpenAI', '/v1'],
  ['Claude', '/v1'],
  ['Gemini', '/v1beta'],
  ['Ollama', '']
])('%s, unstreamed: a wordless reply past the wire limit is an error note, not an empty answer cut at the limit', async (kind, path) => {
  await addProvider(node, 'p', { model: { [kind]: { model_type: 'model-a' } }, external_url: `${server.url}${path}`, api_key: 'k-123456' })
  const jobId = await createJob(node, 'p')
  const config = { custom_prompt: '', temperature: 0.7, seed: 0, top_k: 40, top_p: 0.9, stream: false }
  expect((await node.post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
  expect((await node.post('/v2/job_message', { job_id: jobId, content: 'Hello' })).status).toBe(200)
  const [, note] = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, 15_000)
  expect(note!.job_message.content).not.toMatch(/answer was cut/)
  expect(note!.job_message.content).toMatch(/^⚠ .* sent a reply that is not a chat answer \(it is larger than \d+ MiB\)/)
  expect(note!.job_message.error?.kind).toBeDefined()
})
