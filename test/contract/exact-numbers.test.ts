import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { DEFAULT_JOB_CONFIG } from '../../src/shared/contract/job'
import { createJobBody, fullScope, provider } from '../support/fixtures'
import { useTestNode } from '../support/node'

/*
 * "Kept as given, nothing lost": a whole number past 2^53 in a scope's free-form objects or a job's
 * other_model_params came back rounded (JSON.parse read 12345678901234567890 as 12345678901234567000).
 * Over real HTTP on 127.0.0.1, the answers' own text compared, digit for digit.
 */

const TOKEN = 'exact-numbers'
const node = useTestNode()
let server: HttpServer

beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
})
afterEach(async () => {
  await server.close()
})

async function send(method: string, path: string, body?: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body
  })
  return { status: res.status, text: await res.text() }
}

const BIG = '12345678901234567890'
const NEGATIVE = '-98765432109876543210987'

/** JSON text of `value` with the strings "BIG" and "NEGATIVE" written as those numbers. */
const withBigNumbers = (value: unknown) => JSON.stringify(value).replace('"BIG"', BIG).replace('"NEGATIVE"', NEGATIVE)

async function newJob(scopeMetadata: Record<string, unknown>) {
  expect((await send('POST', '/v2/add_llm_provider', JSON.stringify(provider('gpt')))).status).toBe(200)
  const scope = fullScope()
  scope.local_vrkai[0]!.vrkai.metadata = scopeMetadata
  const created = await send('POST', '/v2/create_job', withBigNumbers(createJobBody('gpt', scope)))
  expect(created.status, created.text).toBe(200)
  return (JSON.parse(created.text) as { job_id: string }).job_id
}

describe('whole numbers past 2^53 where the contract keeps what was given', () => {
  it("a scope's metadata keeps them digit for digit, in get_job_scope and all_inboxes", async () => {
    const jobId = await newJob({ ticket: 'BIG', offset: 'NEGATIVE', small: 42 })
    const scope = await send('GET', `/v2/get_job_scope?job_id=${jobId}`)
    expect(scope.text).toContain(`"metadata":{"ticket":${BIG},"offset":${NEGATIVE},"small":42}`)
    const inboxes = await send('GET', '/v2/all_inboxes')
    expect(inboxes.text).toContain(`"ticket":${BIG},"offset":${NEGATIVE}`)
  })

  it("a job's other_model_params keeps them too", async () => {
    const jobId = await newJob({})
    const config = { ...DEFAULT_JOB_CONFIG, other_model_params: { logit_seed: 'BIG' } }
    const updated = await send('POST', '/v2/update_job_config', withBigNumbers({ job_id: jobId, config }))
    expect(updated.status, updated.text).toBe(200)
    const inbox = await send('GET', `/v2/get_inbox?inbox_name=${encodeURIComponent(`job_inbox::${jobId}::false`)}`)
    expect(inbox.text).toContain(`"other_model_params":{"logit_seed":${BIG}}`)
  })

  it('a field that takes a number refuses one it cannot keep exactly, naming the field and the number', async () => {
    const jobId = await newJob({})
    const inbox_name = `job_inbox::${jobId}::false`
    const refused = await send('POST', '/v2/last_messages', `{"inbox_name":${JSON.stringify(inbox_name)},"limit":${BIG}}`)
    expect(refused.status).toBe(400)
    expect(JSON.parse(refused.text)).toEqual({
      code: 400,
      error: 'Bad Request',
      message: `limit: must be within ±9007199254740991 (got ${BIG}, which cannot be kept exactly)`
    })
    // Sixteen digits that a number holds exactly are read as before: too many messages asked for.
    const large = await send('POST', '/v2/last_messages', `{"inbox_name":${JSON.stringify(inbox_name)},"limit":1234567890123456}`)
    expect(JSON.parse(large.text)).toMatchObject({ code: 400, message: 'limit: must be at most 500' })
  })

  it('where an object or a string is asked for, such a number is refused as the number it is, and nothing is stored', async () => {
    expect((await send('POST', '/v2/add_llm_provider', JSON.stringify(provider('gpt')))).status).toBe(200)
    const scope = fullScope()
    ;(scope.local_vrkai[0]!.vrkai as { metadata: unknown }).metadata = 'BIG'
    const created = await send('POST', '/v2/create_job', withBigNumbers(createJobBody('gpt', scope)))
    expect(created.status, created.text).toBe(400)
    expect((JSON.parse(created.text) as { message: string }).message).toBe(
      'job_creation_info.scope.local_vrkai[0].vrkai.metadata: expected object'
    )
    expect(JSON.parse((await send('GET', '/v2/all_inboxes')).text)).toEqual([])

    const model = await send('POST', '/v2/add_llm_provider', withBigNumbers({ ...provider('other'), model: 'BIG' }))
    expect(model.status, model.text).toBe(400)
    expect((JSON.parse(model.text) as { message: string }).message).toMatch(/^model: expected /)
    expect((JSON.parse(model.text) as { message: string }).message).not.toContain('rawJSON')
    const providers = JSON.parse((await send('GET', '/v2/available_llm_providers')).text) as { id: string }[]
    expect(providers.map((p) => p.id)).toEqual(['gpt'])
  })

  it('a string field given such a number says it got a number, not that it is out of range', async () => {
    const refused = await send('POST', '/v2/last_messages', `{"inbox_name":${BIG},"limit":5}`)
    expect(refused.status).toBe(400)
    expect((JSON.parse(refused.text) as { message: string }).message).toBe(`inbox_name: expected string, got the number ${BIG}`)
  })

  it('digits inside a string are text: a message holding long numbers is stored as written', async () => {
    const jobId = await newJob({})
    const inbox = `job_inbox::${jobId}::false`
    const content = `{"id":${BIG},"ids":[${BIG},${NEGATIVE}]} and \\"quoted\\":${BIG},`
    const sent = await send('POST', '/v2/job_message', JSON.stringify({ job_id: jobId, content }))
    expect(sent.status, sent.text).toBe(200)
    const last = await send('POST', '/v2/last_messages', JSON.stringify({ inbox_name: inbox, limit: 5 }))
    const messages = JSON.parse(last.text) as { job_message: { content: string } }[]
    expect(messages.map((m) => m.job_message.content)).toContain(content)
  })

  it('a body nested far deeper than allowed, holding such a number, is refused for its depth (it was called "not valid JSON")', async () => {
    const deep = `{"inbox_name":"x","limit":${'['.repeat(12_000)}${BIG}${']'.repeat(12_000)}}`
    const refused = await send('POST', '/v2/last_messages', deep)
    expect(refused.status).toBe(400)
    expect((JSON.parse(refused.text) as { message: string }).message).toMatch(/nested deeper than 256 levels/)
  })
})
