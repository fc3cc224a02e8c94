import { describe, expect, it } from 'vitest'
import { leaveReadingPlace, returnToReadingPlace, takeReadingPlace } from '../../src/renderer/src/app/reading-places'

const place = (key: string) => ({ key, offset: 12, sizes: [{ key, index: 0, start: 0, end: 100, size: 100, lane: 0 }] })

describe('reading places: a conversation opens where it was read only when the way back to it is taken', () => {
  it('is given back once, to the conversation the way back names, and not to a conversation opened otherwise', () => {
    leaveReadingPlace('a', place('q1'))
    expect(takeReadingPlace('a')).toBeUndefined() // opened from the list: at the end
    returnToReadingPlace('a')
    expect(takeReadingPlace('a')).toEqual(place('q1'))
    expect(takeReadingPlace('a')).toBeUndefined() // once: opened again later, at the end
    returnToReadingPlace('a')
    expect(takeReadingPlace('b')).toBeUndefined() // another conversation opened first takes nothing, and ends the return
    expect(takeReadingPlace('a')).toBeUndefined()
  })

  it('left at the end, a conversation keeps no place; at most 20 conversations keep one, the oldest forgotten first', () => {
    leaveReadingPlace('a', place('q1'))
    leaveReadingPlace('a', undefined)
    returnToReadingPlace('a')
    expect(takeReadingPlace('a')).toBeUndefined()
    for (let i = 0; i < 21; i++) leaveReadingPlace(`c${i}`, place(`q${i}`))
    returnToReadingPlace('c0')
    expect(takeReadingPlace('c0')).toBeUndefined()
    returnToReadingPlace('c1')
    expect(takeReadingPlace('c1')?.key).toBe('q1')
  })
})
