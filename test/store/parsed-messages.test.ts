import { expect, it } from 'vitest'
import { parsedMessages } from '../../src/main/store/parsed-messages'

it('parses a message once and gives the same value on later reads', () => {
  const cache = parsedMessages(1_000)
  let reads = 0
  const json = () => (reads++, '{"a":1}')
  const first = cache.get(1, json)
  expect(first).toEqual({ a: 1 })
  expect(cache.get(1, json)).toBe(first)
  expect(reads).toBe(1)
})

it('keeps within its character budget, letting the least recently read go first', () => {
  const cache = parsedMessages(32 * 10) // entries of up to 10 characters are kept
  const json = (n: number) => () => `{"n":${n}}` // 7 to 9 characters
  for (let seq = 1; seq <= 80; seq++) cache.get(seq, json(seq))
  expect(cache.size).toBeLessThanOrEqual(320 / 7)
  let reread = false
  cache.get(80, () => ((reread = true), `{"n":80}`))
  expect(reread).toBe(false) // the newest stayed
  cache.get(1, () => ((reread = true), '{"n":1}'))
  expect(reread).toBe(true) // the oldest went
})

it('parses a message too large for it each time, and an absent one as undefined', () => {
  const cache = parsedMessages(32 * 10)
  let reads = 0
  const big = () => (reads++, `{"text":"${'x'.repeat(20)}"}`)
  cache.get(1, big)
  cache.get(1, big)
  expect(reads).toBe(2)
  expect(cache.size).toBe(0)
  expect(cache.get(2, () => undefined)).toBeUndefined()
})
