import { APICallError } from '@ai-sdk/provider'
import { describe, expect, it } from 'vitest'
import { expectSentence } from '../support/sentences'
import { ServerReportedError, UnreadableReplyError } from '../../src/main/runtime/openai-reply'
import {
  describeFailure,
  emptyAnswerFailure,
  providerSubject,
  redactKey,
  timeoutFailure,
  type FailureContext,
  type ProviderFailureKind
} from '../../src/main/runtime/provider-errors'

const KEY = 'sk-SECRET-123456'
const compatible: FailureContext = { kind: 'OpenAI', model: 'gpt-x', baseUrl: 'http://127.0.0.1:16556/v1', apiKey: KEY }
const openai: FailureContext = { kind: 'OpenAI', model: 'gpt-4o', baseUrl: 'https://api.openai.com/v1', apiKey: KEY }

const apiError = (statusCode: number, responseBody: string) =>
  new APICallError({ message: `HTTP ${statusCode}`, url: 'http://x', requestBodyValues: {}, statusCode, responseBody })
const netError = (code: string) =>
  new APICallError({
    message: 'Cannot connect to API',
    url: 'http://x',
    requestBodyValues: {},
    cause: Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code }) })
  })

describe('describeFailure: every kind, as sentences naming what the operator chose', () => {
  const cases: [string, unknown, ProviderFailureKind, string][] = [
    [
      '401 with a key',
      apiError(401, `{"error":{"message":"bad key ${KEY}"}}`),
      'auth',
      `The OpenAI-compatible server at http://127.0.0.1:16556/v1 rejected the API key (HTTP 401: "bad key [redacted]"). Check the key in the provider's settings, or enter a new one.`
    ],
    [
      '403 without a body',
      apiError(403, ''),
      'auth',
      "The OpenAI-compatible server at http://127.0.0.1:16556/v1 rejected the API key (HTTP 403). Check the key in the provider's settings, or enter a new one."
    ],
    [
      '429',
      apiError(429, '{"error":"slow down"}'),
      'rate_limit',
      `The OpenAI-compatible server at http://127.0.0.1:16556/v1 is limiting requests (HTTP 429: "slow down"). Wait a moment and try again, or check your plan's limits.`
    ],
    [
      '404',
      apiError(404, '{"message":"no such model"}'),
      'model_not_found',
      `The OpenAI-compatible server at http://127.0.0.1:16556/v1 has no model 'gpt-x' or no chat endpoint at this address (HTTP 404: "no such model"). Check the model name. Check that the URL is the API base (for most servers it ends in /v1).`
    ],
    [
      '400',
      apiError(400, 'plain text reason'),
      'bad_request',
      `The OpenAI-compatible server at http://127.0.0.1:16556/v1 refused the request (HTTP 400: "plain text reason"). Check the model name and the provider's settings.`
    ],
    [
      '400 whose body is one JSON string',
      apiError(400, '"plain text reason"'),
      'bad_request',
      `The OpenAI-compatible server at http://127.0.0.1:16556/v1 refused the request (HTTP 400: "plain text reason"). Check the model name and the provider's settings.`
    ],
    [
      '400 whose body is an HTML page as one JSON string',
      apiError(400, '"<html><body><h1>Bad Request</h1></body></html>"'),
      'bad_request',
      `The OpenAI-compatible server at http://127.0.0.1:16556/v1 refused the request (HTTP 400). Check the model name and the provider's settings.`
    ],
    [
      '503',
      apiError(503, '{"detail":"overloaded"}'),
      'provider_error',
      `The OpenAI-compatible server at http://127.0.0.1:16556/v1 failed (HTTP 503: "overloaded"). Try again later; if it keeps failing, look at the server's log.`
    ],
    [
      'an error inside a 200 stream (wrapped by the SDK with status 200)',
      new APICallError({
        message: 'Failed to process successful response',
        url: 'http://x',
        requestBodyValues: {},
        statusCode: 200,
        cause: new ServerReportedError('context size exceeded')
      }),
      'provider_error',
      `The OpenAI-compatible server at http://127.0.0.1:16556/v1 reported an error: "context size exceeded". Try again; if it keeps failing, look at the server's log or choose another model.`
    ],
    [
      'a reply that is not a completion',
      new UnreadableReplyError('it is not JSON but text/html, starting "<!doctype html>"'),
      'provider_error',
      `The OpenAI-compatible server at http://127.0.0.1:16556/v1 sent a reply that is not a chat answer (it is not JSON but text/html, starting "<!doctype html>"). Check that the URL is the API base (for most servers it ends in /v1).`
    ],
    [
      'connection refused',
      netError('ECONNREFUSED'),
      'unreachable',
      'Could not reach the OpenAI-compatible server at http://127.0.0.1:16556/v1 (connection refused). Check that the server is running and that the URL is right.'
    ],
    [
      'host not found',
      netError('ENOTFOUND'),
      'unreachable',
      'Could not reach the OpenAI-compatible server at http://127.0.0.1:16556/v1 (host not found). Check that the server is running and that the URL is right.'
    ],
    [
      'a port fetch refuses',
      new APICallError({
        message: 'Cannot connect to API: bad port',
        url: 'http://x',
        requestBodyValues: {},
        cause: new TypeError('fetch failed', { cause: new Error('bad port') })
      }),
      'unreachable',
      'Could not reach the OpenAI-compatible server at http://127.0.0.1:16556/v1: port 16556 is reserved for other protocols, so it cannot be used. Move the server to another port.'
    ],
    [
      'a redirect',
      new TypeError('fetch failed', { cause: new Error('unexpected redirect') }),
      'unreachable',
      'The OpenAI-compatible server at http://127.0.0.1:16556/v1 answered with a redirect, which is not followed so that the key is sent nowhere else. Set the URL to the final address.'
    ],
    [
      'anything else',
      new Error(`something odd with ${KEY}`),
      'provider_error',
      'Calling the OpenAI-compatible server at http://127.0.0.1:16556/v1 failed: something odd with [redacted]. Try again.'
    ]
  ]
  it.each(cases)('%s', (_name, err, kind, message) => {
    const f = describeFailure(err, compatible)
    expect(f.kind).toBe(kind)
    expect(f.message).toBe(message)
    expectSentence(f.message)
    expect(f.message).not.toContain(KEY)
  })

  it('time-outs and empty answers read the same way', () => {
    for (const f of [timeoutFailure(compatible, 120, false), timeoutFailure(compatible, 60, true), emptyAnswerFailure(compatible)]) {
      expectSentence(f.message)
      expect(f.message).toMatch(/^The OpenAI-compatible server at http:\/\/127\.0\.0\.1:16556\/v1 /)
    }
    expect(timeoutFailure(compatible, 120, false).kind).toBe('timeout')
  })

  it('only the real default is called "OpenAI"; other kinds keep their names and show a non-default URL', () => {
    expect(providerSubject('OpenAI', 'https://api.openai.com/v1')).toBe('OpenAI')
    expect(providerSubject('OpenAI', 'http://127.0.0.1:16556/v1')).toBe('the OpenAI-compatible server at http://127.0.0.1:16556/v1')
    expect(providerSubject('Claude', 'https://api.anthropic.com/v1')).toBe('Anthropic Claude')
    expect(providerSubject('Groq', 'http://proxy.local:8080/v1')).toBe('Groq at http://proxy.local:8080/v1')
    expect(providerSubject('Ollama', 'http://127.0.0.1:11434')).toBe('the Ollama server at http://127.0.0.1:11434')
    expect(providerSubject('OpenAI', '')).toBe('the OpenAI provider')
    expect(describeFailure(apiError(401, ''), openai).message).toMatch(/^OpenAI rejected the API key \(HTTP 401\)\./)
  })

  it('a 401 from a server given no key asks for one', () => {
    const f = describeFailure(apiError(401, '{"error":"missing key"}'), { ...compatible, apiKey: undefined })
    expect(f.message).toBe(
      `The OpenAI-compatible server at http://127.0.0.1:16556/v1 asks for an API key (HTTP 401: "missing key"). Enter the server's key in the provider's settings.`
    )
  })

  it('redacts the key before cutting a long reason, so no part of it leaks across the cut', () => {
    // The key starts 12 characters before the 300th character of the reason.
    const body = JSON.stringify({ error: { message: `${'x'.repeat(288)}${KEY} and more` } })
    const f = describeFailure(apiError(400, body), compatible)
    expect(f.message).not.toContain(KEY.slice(0, 8))
    expect(f.message).toContain('[redacted]')
  })

  it("quotes a server's words without control characters, terminal escapes or marks that reorder text", () => {
    // A server's text reaches the stored note and the node's log: a colour code or a right-to-left
    // override there changes what a terminal shows of the log.
    const body = JSON.stringify({ error: { message: 'bad\u0000nul \u001b[31mred\u001b[0m \u202eRTL line1\nline2\u0085 \u0007bell' } })
    const f = describeFailure(apiError(400, body), compatible)
    expect(f.message).toContain('(HTTP 400: "badnul red RTL line1 line2 bell")')
    // eslint-disable-next-line no-control-regex -- control characters are what is looked for
    expect(f.message).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202a-\u202e]/)
  })

  it('ends a quoted error that has its own full stop with one, not two', () => {
    const f = describeFailure(new Error('init["status"] must be in the range of 200 to 599, inclusive.'), compatible)
    expect(f.message).toMatch(/inclusive\. Try again\.$/)
  })

  it('redacts the key a server echoes in base64 (a Basic credential), with or without its padding', () => {
    const encoded = Buffer.from(KEY).toString('base64')
    const body = JSON.stringify({
      error: { message: `bad credential ${encoded} (Basic ${Buffer.from(`user:${KEY}`).toString('base64')})` }
    })
    const f = describeFailure(apiError(401, body), compatible)
    expect(f.message).not.toContain(encoded.replace(/=+$/, ''))
    expect(f.message).toContain('bad credential [redacted]')
  })

  it('redacts every occurrence of the key, and leaves text alone without one', () => {
    expect(redactKey(`a ${KEY} b ${KEY}`, KEY)).toBe('a [redacted] b [redacted]')
    expect(redactKey('nothing to hide', undefined)).toBe('nothing to hide')
  })
})
