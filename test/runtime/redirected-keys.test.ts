import type { IncomingHttpHeaders } from 'node:http'
import { useLoopbackServer } from '../support/loopback-server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { waitForAnswers } from '../support/answers'
import { provider } from '../support/fixtures'
import { addProvider, createJob, useTestNode } from '../support/node'

/*
 * A provider's URL answering with a redirect to another host must not get the key sent there.
 * fetch drops Authorization on such a redirect, but not Anthropic's x-api-key nor Gemini's
 * x-goog-api-key: every call site, for every way of sending a key, is checked here against two
 * loopback servers on different ports (different origins).
 */
const KEY = 'sk-redirect-KEY-0123456789'
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 1500, idleMs: 800 }, rateLimitRetries: 0 } })
let elsewhere: FakeLlm
const redirected: string[] = []

beforeEach(async () => {
  elsewhere = await startFakeLlm(['model-a'])
  redirected.length = 0
})
afterEach(async () => {
  await elsewhere.close()
})
// Registered after the hooks above, so that it starts after elsewhere and closes before it, as it did.
const redirector = useLoopbackServer(
  (req, res) => {
    redirected.push(`${req.method} ${req.url}`)
    req.resume()
    res.writeHead(307, { Location: `${elsewhere.url}${req.url}` }).end()
  },
  { perTest: true }
)

const carriesKey = (h: IncomingHttpHeaders) => JSON.stringify(h).includes(KEY)

describe.each([
  ['OpenAI', '/v1'],
  ['Claude', '/v1'],
  ['Gemini', '/v1beta']
])('%s: a redirect from the provider URL', (kind, base) => {
  const settings = () => ({ model: { [kind]: { model_type: 'model-a' } }, external_url: `${redirector.url}${base}`, api_key: KEY })
  const add = () => addProvider(node, 'p1', settings())

  it('in an answer: the key is not sent on, and the answer says why it stopped', async () => {
    await add()
    const jobId = await createJob(node, 'p1')
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
    const [, note] = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1)
    expect(note!.job_message.content).toMatch(/answered with a redirect, which is not followed so that the key is sent nowhere else/)
    expect(redirected.length).toBeGreaterThan(0)
    expect(elsewhere.requests).toEqual([])
  })

  it('in a check, a test before saving and a model listing: the key is not sent on', async () => {
    await add()
    const check = await node.post('/v2/check_llm_provider', { llm_provider_id: 'p1' })
    const test = await node.post('/v2/test_llm_provider', provider('p2', settings()))
    const models = await node.get('/v2/provider_models', { llm_provider_id: 'p1' })
    expect([check.status, test.status, models.status]).toEqual([502, 502, 502])
    expect(redirected.length).toBeGreaterThanOrEqual(3)
    expect(elsewhere.requests.filter((r) => carriesKey(r.headers))).toEqual([])
    expect(elsewhere.requests).toEqual([])
  })
})
