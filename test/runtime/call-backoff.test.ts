import { describe, expect, it } from 'vitest'
import { backoffMs, localResourceCode, retryAfterMs } from '../../src/main/runtime/call-backoff'

describe('Retry-After', () => {
  const now = Date.parse('2026-01-01T00:00:00Z')
  it('reads seconds, an HTTP date and OpenAI’s retry-after-ms, capped at 60 s', () => {
    expect(retryAfterMs(new Headers({ 'Retry-After': '2' }), now)).toBe(2000)
    expect(retryAfterMs(new Headers({ 'Retry-After': '0.5' }), now)).toBe(500)
    expect(retryAfterMs(new Headers({ 'Retry-After': 'Thu, 01 Jan 2026 00:00:07 GMT' }), now)).toBe(7000)
    expect(retryAfterMs(new Headers({ 'Retry-After': '3600' }), now)).toBe(60_000)
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'Retry-After': '9' }), now)).toBe(250)
  })
  it('is absent when the reply names no time, or nonsense', () => {
    expect(retryAfterMs(new Headers(), now)).toBeUndefined()
    expect(retryAfterMs(new Headers({ 'Retry-After': 'soon' }), now)).toBeUndefined()
    expect(retryAfterMs(new Headers({ 'Retry-After': '-3' }), now)).toBeUndefined()
  })
  it('is absent for an HTTP date already past (a server whose clock is behind): the back-off paces the calls, not 0 s', () => {
    expect(retryAfterMs(new Headers({ 'Retry-After': 'Wed, 31 Dec 2025 23:59:00 GMT' }), now)).toBeUndefined()
    expect(retryAfterMs(new Headers({ 'Retry-After': 'Thu, 01 Jan 2026 00:00:00 GMT' }), now)).toBeUndefined()
  })
})

describe('back-off without Retry-After', () => {
  it('doubles from 1 s with jitter in [d/2, d], capped at 60 s', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, () => 0))).toEqual([500, 1000, 2000, 4000])
    expect([1, 2, 3, 4].map((n) => backoffMs(n, () => 1))).toEqual([1000, 2000, 4000, 8000])
    expect(backoffMs(20, () => 1)).toBe(60_000)
  })
})

describe('local resource errors', () => {
  it('are found anywhere in the cause chain, and only ours count', () => {
    const emfile = Object.assign(new Error('connect EMFILE'), { code: 'EMFILE' })
    expect(localResourceCode(new TypeError('fetch failed', { cause: emfile }))).toBe('EMFILE')
    expect(localResourceCode(new AggregateError([new Error('x'), Object.assign(new Error('y'), { code: 'ENOMEM' })]))).toBe('ENOMEM')
    expect(localResourceCode(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBeUndefined()
    expect(localResourceCode(new Error('HTTP 503'))).toBeUndefined()
  })
})
