import { describe, expect, it } from 'vitest'
import { describeFailure, redactKey } from '../../src/main/runtime/provider-errors'

const ctx = { kind: 'OpenAI' as const, model: 'gpt-x', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-SECRET-123456' }
const apiError = (statusCode: number, responseBody: string) => Object.assign(new Error(`HTTP ${statusCode}`), { statusCode, responseBody })
const netError = (code: string) =>
  Object.assign(new Error('Cannot connect to API'), {
    cause: Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) })
  })

describe('describeFailure', () => {
  it.each([
    [apiError(401, '{"error":{"message":"bad key sk-SECRET-123456"}}'), 'auth', 'OpenAI rejected the API key (401): bad key [redacted]'],
    [apiError(403, ''), 'auth', 'OpenAI rejected the API key (403)'],
    [apiError(429, '{"error":"slow down"}'), 'rate_limit', 'OpenAI is rate-limiting requests (429): slow down'],
    [
      apiError(404, '{"message":"no such model"}'),
      'model_not_found',
      "OpenAI does not know model 'gpt-x' or the URL http://127.0.0.1:9/v1 (404): no such model"
    ],
    [apiError(400, 'plain text reason'), 'bad_request', 'OpenAI refused the request (400): plain text reason'],
    [apiError(503, '{"detail":"overloaded"}'), 'provider_error', 'OpenAI failed (503): overloaded'],
    [netError('ECONNREFUSED'), 'unreachable', 'Could not reach OpenAI at http://127.0.0.1:9/v1: connection refused'],
    [netError('ENOTFOUND'), 'unreachable', 'Could not reach OpenAI at http://127.0.0.1:9/v1: host not found'],
    [
      Object.assign(new Error('Cannot connect to API: bad port'), {
        cause: new TypeError('fetch failed', { cause: new Error('bad port') })
      }),
      'unreachable',
      'Could not reach OpenAI at http://127.0.0.1:9/v1: port 9 is reserved for other protocols and refused by fetch; use another port'
    ],
    [new Error('something odd with sk-SECRET-123456'), 'provider_error', 'OpenAI failed: something odd with [redacted]']
  ])('%s -> %s', (err, kind, message) => {
    const f = describeFailure(err, ctx)
    expect(f.kind).toBe(kind)
    expect(f.message).toBe(message)
  })

  it('redacts every occurrence of the key, and leaves text alone without one', () => {
    expect(redactKey('a sk-SECRET-123456 b sk-SECRET-123456', ctx.apiKey)).toBe('a [redacted] b [redacted]')
    expect(redactKey('nothing to hide', undefined)).toBe('nothing to hide')
  })
})
