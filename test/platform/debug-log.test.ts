import { afterEach, describe, expect, it } from 'vitest'
import { debugEvent, disableDebugLog, enableDebugLog } from '../../src/main/platform/debug-log'
import { APICallError } from '@ai-sdk/provider'
import { redactEachSecret } from '../../src/main/runtime/key-redactor'
import { describeFailure } from '../../src/main/runtime/provider-errors'

const KEY = 'sk-proj-unit-DEBUG-5b21c9e0aa'
const at = new Date('2026-03-04T05:06:07.089Z')

function capture() {
  const lines: string[] = []
  enableDebugLog({ redact: redactEachSecret, write: (l) => lines.push(l), now: () => at })
  return lines
}

afterEach(disableDebugLog)

describe('debugEvent', () => {
  it('off: writes nothing (and is not enabled by default)', () => {
    const lines: string[] = []
    debugEvent('an event', new Error('its cause'))
    enableDebugLog({ redact: redactEachSecret, write: (l) => lines.push(l) })
    disableDebugLog()
    debugEvent('an event', new Error('its cause'))
    expect(lines).toEqual([])
  })

  it('on: one line with the time, what happened and the cause chain, however many lines the cause had', () => {
    const lines = capture()
    const err = new Error('Invalid PDF structure.\n    at line 2', { cause: new TypeError('deeper') })
    err.name = 'InvalidPDFException'
    debugEvent('upload refused: file_data: a.pdf could not be read', err)
    expect(lines).toEqual([
      '2026-03-04T05:06:07.089Z debug: upload refused: file_data: a.pdf could not be read: InvalidPDFException: Invalid PDF structure. at line 2 <- TypeError: deeper'
    ])
  })

  it("takes the event's secrets out, whole or a good part of one cut off, and never an error's other fields", () => {
    const lines = capture()
    const err = Object.assign(new Error(`Incorrect API key provided: ${KEY} (also ${KEY.slice(0, 14)}`), {
      requestBodyValues: { messages: [{ content: 'the question asked' }] },
      responseHeaders: { authorization: `Bearer ${KEY}` }
    })
    debugEvent(`provider call failed at http://127.0.0.1/v1?key=${KEY}`, err, [KEY, undefined])
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toContain(KEY.slice(0, 12))
    expect(lines[0]).toContain('Incorrect API key provided: [redacted] (also [redacted]')
    expect(lines[0]).not.toContain('the question asked')
    expect(lines[0]).not.toContain('Bearer')
  })

  it('a cause that is neither an error nor a string (it may be request data) is left out', () => {
    const lines = capture()
    debugEvent('odd failure', { body: 'private text' })
    expect(lines).toEqual(['2026-03-04T05:06:07.089Z debug: odd failure'])
  })

  it("credentials an event does not name are taken out by their form: headers as text or JSON, in a cause chain, an address's key or password", () => {
    const lines = capture()
    const err = new Error('proxy refused {"Authorization":"Bearer tok-A1b2"}', {
      cause: new Error('upstream said x-api-key: kk-9z rejected; retry at http://gw.local/v1/chat?api-key=qs-77&api-version=2024-10-21')
    })
    debugEvent('provider call failed', err)
    debugEvent(
      'provider call failed',
      new TypeError('Request cannot be constructed from a URL that includes credentials: http://bob:hunter2@h.local/v1'),
      []
    )
    debugEvent('provider call failed', new Error('Authorization: Basic Ym9iOmh1bnRlcjI= was refused'))
    const all = lines.join('\n')
    for (const secret of ['tok-A1b2', 'kk-9z', 'qs-77', 'hunter2', 'Ym9iOmh1bnRlcjI=']) expect(all).not.toContain(secret)
    // What is no credential stays readable.
    expect(all).toContain('"Authorization":"Bearer [redacted]"')
    expect(all).toContain('x-api-key: [redacted] rejected')
    expect(all).toContain('api-version=2024-10-21')
    expect(all).toContain('http://bob:[redacted]@h.local/v1')
  })

  it("an error's code is no credential: it stays", () => {
    const lines = capture()
    debugEvent('provider call failed', new Error('{"error":{"code":"invalid_api_key","message":"no"}}'))
    expect(lines[0]).toContain('"code":"invalid_api_key"')
  })

  it('a key shorter or more word-like than messages take out is still taken out of the provider failure it logs, and a short credential of the query', () => {
    const lines = capture()
    for (const apiKey of ['mysecretkey', 'abc12']) {
      const err = new APICallError({
        message: `Unauthorized: key ${apiKey}`,
        url: 'http://127.0.0.1:9/v1/chat/completions',
        requestBodyValues: { messages: [{ role: 'user', content: 'the question asked' }] },
        statusCode: 401,
        responseBody: `{"error":"Invalid key ${apiKey}"}`
      })
      describeFailure(err, { kind: 'OpenAI', model: 'm', baseUrl: 'http://127.0.0.1:9/v1', apiKey, query: '?v=1&key=zz9' })
    }
    expect(lines).toHaveLength(2)
    const all = lines.join('\n')
    expect(all).not.toMatch(/mysecretkey|abc12/)
    expect(all).not.toContain('the question asked')
    expect(all).toContain('key [redacted]')
    // A short value of a name that is no credential (?v=1) is not taken out of every text.
    expect(all).toContain('HTTP 401')
  })

  it('an error quoting a long reply (one word of 200,000 letters) is logged at once, not in seconds', () => {
    // Each place of a long word read to the word's end took 6 s for 100,000 letters (25 s here): the
    // line is written on the thread that serves the API. Linear, it takes 50 ms or less; the bound is
    // generous for a loaded machine.
    const lines = capture()
    const started = performance.now()
    debugEvent('provider call failed', new Error(`Unexpected reply: ${'QUJD'.repeat(50_000)}`), [KEY])
    expect(performance.now() - started).toBeLessThan(2000)
    expect(lines).toHaveLength(1)
  })
})
