import { describe, expect, it } from 'vitest'
import { nextAfterRemoval } from '../../src/renderer/src/features/inboxes/next-after-removal'

/** The list as read so far: places past its end are not known. */
const listOf =
  (...ids: (string | undefined)[]) =>
  (i: number) =>
    ids[i]
const next = (ids: (string | undefined)[], open: string, removed: string[]) =>
  nextAfterRemoval(listOf(...ids), open, ids.indexOf(open), new Set(removed))

describe('the conversation opened after the open one is deleted here', () => {
  it('is the one below it', () => {
    expect(next(['a', 'b', 'c'], 'b', ['b'])).toBe('c')
    expect(next(['a', 'b', 'c'], 'a', ['a'])).toBe('b')
  })

  it('is the one above it when it was the last', () => {
    expect(next(['a', 'b', 'c'], 'c', ['c'])).toBe('b')
  })

  it('is none (the inbox list) when it was the only one', () => {
    expect(next(['a'], 'a', ['a'])).toBeNull()
  })

  it('skips the others deleted with it: below first, then above', () => {
    expect(next(['a', 'b', 'c', 'd', 'e'], 'b', ['b', 'c', 'd'])).toBe('e')
    expect(next(['a', 'b', 'c', 'd'], 'c', ['b', 'c', 'd'])).toBe('a')
    expect(next(['a', 'b', 'c'], 'b', ['a', 'b', 'c'])).toBeNull()
  })

  it('is nothing to do when the open one is not among those deleted', () => {
    expect(next(['a', 'b', 'c'], 'b', ['a', 'c'])).toBeUndefined()
  })

  it('goes no further than the rows read below it (a place not read is not skipped over), and finds those above past a gap', () => {
    expect(next(['a', 'b', undefined, 'd'], 'b', ['b'])).toBe('a')
    expect(next(['a', undefined, 'c', 'd'], 'd', ['c', 'd'])).toBe('a')
  })

  it('opens the inbox list when the open one is not in the list at all (hidden while hidden ones are not listed)', () => {
    expect(nextAfterRemoval(listOf('a', 'b'), 'x', -1, new Set(['x']))).toBeNull()
  })

  it('works far down a long list', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => `i${i}`)
    expect(nextAfterRemoval((i) => ids[i], 'i99999', 99_999, new Set(['i99999']))).toBe('i99998')
    expect(nextAfterRemoval((i) => ids[i], 'i50000', 50_000, new Set(['i50000']))).toBe('i50001')
  })
})
