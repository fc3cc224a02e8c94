import { describe, expect, it } from 'vitest'
import { countText } from '../../src/renderer/src/app/count-format'
import { inboxCount, matchesCount, selectedCount } from '../../src/renderer/src/features/inboxes/inbox-count'

describe('counts in the inbox list are written with the locale’s grouping', () => {
  it('groups thousands as the locale does', () => {
    expect(countText(100010, 'en')).toBe('100,010')
    expect(countText(100010, 'de')).toBe('100.010')
    expect(countText(999, 'en')).toBe('999')
  })

  it('the count line and the selection count group them (they read "100010 inboxes")', () => {
    const grouped = (n: number) => new Intl.NumberFormat().format(n)
    expect(grouped(100010)).not.toBe('100010') // the test runs in a locale that groups
    expect(inboxCount(100010)).toBe(`${grouped(100010)} inboxes`)
    expect(matchesCount(37, 100, 5000)).toBe(`37 of ${grouped(5000)} inboxes`)
    expect(selectedCount(1200, { inboxes: 100010 })).toBe(`${grouped(1200)} of ${grouped(100010)} selected`)
  })
})
