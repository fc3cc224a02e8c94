import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { disableDebugLog, enableDebugLog } from '../../src/main/platform/debug-log'
import { redactEachSecret } from '../../src/main/runtime/key-redactor'
import { useLoopbackServer } from '../support/loopback-server'
import { addProvider, useTestNode, type TestNode } from '../support/node'
import { provider } from '../support/fixtures'

/*
 * A key with characters outside letters and digits (a base64 key's + / =, as AWS Bedrock's API keys
 * are), echoed by a server in its error as a URL or a JSON writer escapes it: `%2F`, `%2f`, `\/`,
 * `\u002B`. Only the key's start, up to its first such character, was taken out of the message: the
 * rest of the key went into the API's answer, the stored last check, the log and the debug log. Over the
 * real path: a loopback server, the node's API and its check.
 */

const KEY = 'ABSKQmVkcm9ja0FQSUtleS1/bW9ja2tleQ+abc123XYZ789=='
/** The parts of the key between its + / = (its start is taken out as a cut key anyway). */
const PARTS = KEY.split(/[+/=]/).filter((p) => p.length >= 6)

const percent = encodeURIComponent(KEY)
const echoes = {
  'percent-encoded': percent,
  'percent-encoded in lower-case hex': percent.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
  'JSON-escaped with \\/': JSON.stringify(KEY).slice(1, -1).replaceAll('/', '\\/'),
  'JSON-escaped with \\u002B': JSON.stringify(KEY).slice(1, -1).replaceAll('+', '\\u002B')
}

let echoed = ''
let asJson = false
/** A 401 quoting the key as `echoed`: as plain text, or as an OpenAI error's message (which the SDK's own error then carries). */
const server = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    const said = `Invalid API key: ${echoed}`
    res.writeHead(401, { 'Content-Type': asJson ? 'application/json' : 'text/plain' })
    res.end(asJson ? JSON.stringify({ error: { message: said, type: 'invalid_request_error' } }) : said)
  })
})
const node = useTestNode()
const debugLines: string[] = []
beforeAll(() => enableDebugLog({ redact: redactEachSecret, write: (line) => debugLines.push(line) }))
afterAll(() => disableDebugLog())

/** Every row of every table of the node's database, as text. */
function storedText(n: TestNode): string {
  const tables = n.store.db.prepare<[], string>(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all()
  return tables.map((name) => JSON.stringify(n.store.db.prepare(`SELECT * FROM "${name}"`).raw(true).all())).join('\n')
}

function expectNoPart(text: string) {
  for (const part of PARTS) expect(text).not.toContain(part)
}

const cases = Object.entries(echoes).flatMap(([how, echo]) => [
  [how, 'in plain text', echo, false] as const,
  [how, 'in a JSON error', echo, true] as const
])

describe.each(cases)('a key echoed %s, %s', (_how, _body, echo, json) => {
  it('is taken out of the test, check and model list answers, the stored last check and the logs', async () => {
    echoed = echo
    asJson = json
    debugLines.length = 0
    const settings = { model: { OpenAI: { model_type: 'm' } }, external_url: `${server.url}/v1`, api_key: KEY }
    const test = await node.post('/v2/test_llm_provider', provider('p1', settings))
    expect(test.status).toBe(502)
    expect(JSON.stringify(test.body)).toContain('Invalid API key: [redacted]')
    expectNoPart(JSON.stringify(test.body))

    await addProvider(node, 'p1', settings)
    const check = await node.post('/v2/check_llm_provider', { llm_provider_id: 'p1' })
    expect(check.status).toBe(502)
    expectNoPart(JSON.stringify(check.body))
    expectNoPart(JSON.stringify((await node.get('/v2/available_llm_providers')).body))
    expectNoPart(storedText(node))

    const models = await node.post('/v2/provider_models', { kind: 'OpenAI', external_url: `${server.url}/v1`, api_key: KEY })
    expect(models.status).toBe(502)
    expectNoPart(JSON.stringify(models.body))
    expectNoPart(node.log.lines.join('\n'))
    expect(debugLines.join('\n')).toContain('provider call failed')
    expectNoPart(debugLines.join('\n'))
  })
})
