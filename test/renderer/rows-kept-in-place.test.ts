import { describe, expect, it } from 'vitest'
import { keptShift } from '../../src/renderer/src/features/inboxes/rows-kept-in-place'

const onScreen = (from: number, names: string[]) => names.map((n, k) => [n, from + k] as const)

describe('keptShift: by how many rows the list scrolls so the rows on screen stay in place', () => {
  it('follows the rows on screen when rows above them went or came', () => {
    const before = onScreen(100, ['a', 'b', 'c', 'd'])
    expect(
      keptShift(
        before,
        new Map([
          ['a', 97],
          ['b', 98],
          ['c', 99],
          ['d', 100]
        ])
      )
    ).toBe(-3)
    expect(
      keptShift(
        before,
        new Map([
          ['a', 102],
          ['b', 103],
          ['c', 104],
          ['d', 105]
        ])
      )
    ).toBe(2)
  })
  it('does not follow a row on screen that moved alone (written to elsewhere, it went to the top)', () => {
    const before = onScreen(100, ['a', 'b', 'c', 'd'])
    expect(
      keptShift(
        before,
        new Map([
          ['a', 0],
          ['b', 101],
          ['c', 102],
          ['d', 103]
        ])
      )
    ).toBe(0)
  })
  it('keeps the rows above one removed on screen in place, not those below it', () => {
    const before = onScreen(100, ['a', 'b', 'c', 'd', 'e'])
    expect(
      keptShift(
        before,
        new Map([
          ['a', 100],
          ['b', 101],
          ['d', 102],
          ['e', 103]
        ])
      )
    ).toBe(0)
  })
  it('answers 0 when nothing on screen is listed any more', () => {
    expect(keptShift(onScreen(5, ['a']), new Map())).toBe(0)
  })
})
