import { describe, expect, it } from 'vitest'
import { snippetDirection } from '../../src/renderer/src/features/inboxes/snippet-lead'

// A snippet's parts are laid out in the direction its text reads in, which its first letter decides (as dir="auto").
describe('snippetDirection', () => {
  it('reads Hebrew and Arabic from the right, whatever signs and digits come first', () => {
    expect(snippetDirection('…שלום עולם')).toBe('rtl')
    expect(snippetDirection('… 42, «مرحبا» world')).toBe('rtl')
  })
  it('reads Latin, Cyrillic, CJK and a snippet without letters from the left', () => {
    expect(snippetDirection('…Lorem שלום')).toBe('ltr')
    expect(snippetDirection('Привет')).toBe('ltr')
    expect(snippetDirection('東京')).toBe('ltr')
    expect(snippetDirection('… 100%')).toBe('ltr')
  })
})
