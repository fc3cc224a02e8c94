import { describe, expect, it } from 'vitest'
import { compatForm, searchIndexForm, searchWords } from '../../src/shared/search-fold'
import fc from 'fast-check'
import { searchFoldV16 } from '../../src/main/store/search-fold-v16'
import { searchIndexFormV18 } from '../../src/main/store/search-fold-v18'
import { highlightPieces, searchWords as libraryWords } from '../../src/renderer/src/app/highlight'
import { snippetOf } from '../../src/main/store/inbox-search'

/*
 * Both keyword indexes (inbox names and messages, document passages) hold a text in compatibility
 * form, folded; queries are compared the same way. Until version 18 the inbox index held texts
 * without compatibility form: "ﬁnance" pasted from a PDF was found by no plain word.
 */

describe('the search index form', () => {
  it('puts ligatures, full-width letters, circled and superscript digits in their plain form', () => {
    expect(searchIndexForm('Quarterly \uFB01nance')).toBe('Quarterly finance')
    expect(searchIndexForm('\uFF21\uFF23\uFF2D\uFF25 Corp')).toBe('ACME Corp')
    expect(searchIndexForm('step \u2460, x\u00B2')).toBe('step 1, x2')
    expect(searchIndexForm('\uFB02ow of \uFB03ce')).toBe('flow of ffice')
    expect(searchWords('\uFB01nance \uFF21\uFF23\uFF2D\uFF25 \u2460')).toEqual(['finance', 'acme', '1'])
  })

  it('takes accents off and makes stroked letters plain after the compatibility form', () => {
    expect(searchIndexForm('Łódź \uFF43af\u00E9')).toBe('Lodz cafe')
    expect(searchWords('Stra\u00DFe \u00C6r\u00F8')).toEqual(['strasse', 'aero'])
  })

  it('keeps each emoji a word of its own: NFKC would write ™ ℹ️ ‼️ as letters', () => {
    expect(searchIndexForm('info \u2139\uFE0F')).toBe(searchFoldV16('info \u2139\uFE0F'))
    expect(searchWords('\u2139\uFE0F')).not.toEqual(['i'])
  })

  it('puts every character of Latin-1 and General Punctuation in compatibility form, as NFKC does (the quick test misses none)', () => {
    for (const [from, to] of [
      [0x80, 0xff],
      [0x2000, 0x206f]
    ]) {
      for (let c = from!; c <= to!; c++) {
        const ch = String.fromCharCode(c)
        const expected = /\p{Extended_Pictographic}/u.test(ch) ? ch : ch.normalize('NFKC')
        expect(compatForm(`a${ch}b`), c.toString(16)).toBe(`a${expected}b`)
      }
    }
    expect(compatForm('it\u2019s \u201Cdone\u201D \u2014 ok')).toBe('it\u2019s \u201Cdone\u201D \u2014 ok')
    expect(compatForm('wait\u2026 \u00BD \u00B2')).toBe('wait... 1\u20442 2')
  })

  it('leaves ASCII as it is', () => {
    const ascii = 'Plain ASCII text, with punctuation: (a) [b] {c} 1/2 ~'
    expect(searchIndexForm(ascii)).toBe(ascii)
  })

  it('folds Catalan ŀ to l in the index, in queries and in the highlight, as stroked letters are', () => {
    // NFKC alone writes ŀ as "l·", which the tokenizer cuts in two words.
    expect('co\u0140lecci\u00F3'.normalize('NFKC')).toBe('col\u00B7lecci\u00F3')
    expect(compatForm('co\u0140lecci\u00F3 \u013F')).toBe('collecci\u00F3 L')
    expect(searchIndexForm('co\u0140lecci\u00F3')).toBe('colleccio')
    expect(searchWords('co\u0140lecci\u00F3')).toEqual(['colleccio'])
    expect(libraryWords('co\u0140lecci\u00F3')).toEqual(['colleccio'])
    expect(highlightPieces('la co\u0140lecci\u00F3', ['colleccio'])).toEqual([
      { text: 'la ', match: false },
      { text: 'co\u0140lecci\u00F3', match: true }
    ])
  })

  it('drops the Catalan middle dot between two l\'s: "colleccio" finds "col·lecció", in the index, queries, the highlight and the snippet', () => {
    expect(searchIndexForm('La col\u00B7lecci\u00F3 del museu')).toBe('La colleccio del museu')
    expect(searchWords('Intel\u00B7lig\u00E8ncia COL\u00B7LECCI\u00D3 Pal\u00B7Lad\u00ED')).toEqual([
      'intelligencia',
      'colleccio',
      'palladi'
    ])
    // Typed with the dot, a query folds the same way; Greek's ano teleia is the same character once canonical.
    expect(searchWords('col\u00B7lecci\u00F3')).toEqual(['colleccio'])
    expect(searchWords('col\u0387lecci\u00F3')).toEqual(['colleccio'])
    // A middle dot anywhere else stays a separator.
    expect(searchWords('Home \u00B7 About')).toEqual(['home', 'about'])
    expect(searchWords('a\u00B7b l\u00B7x')).toEqual(['a', 'b', 'l', 'x'])
    expect(libraryWords('intel\u00B7ligent')).toEqual(['intelligent'])
    expect(highlightPieces('la col\u00B7lecci\u00F3 nova', ['colleccio'])).toEqual([
      { text: 'la ', match: false },
      { text: 'col\u00B7lecci\u00F3', match: true },
      { text: ' nova', match: false }
    ])
    expect(highlightPieces('la col\u00B7lecci\u00F3', ['coll'])).toEqual([
      { text: 'la ', match: false },
      { text: 'col\u00B7l', match: true },
      { text: 'ecci\u00F3', match: false }
    ])
    // The server's snippet starts at the word, not at its half after the dot.
    const long = `${'x '.repeat(150)}la col\u00B7lecci\u00F3 ${'y '.repeat(150)}`
    expect(snippetOf(long, ['colleccio'])).toMatch(/^…[x ]*la col\u00B7lecci\u00F3 /u)
  })

  it("is version 18's form (frozen for migration 19) on every text without a middle dot", () => {
    const chars = fc.constantFrom(...'aLl ·\u0387ŀĿ\uFB01\uFF21é①🚀\uFE0F1\u20E3ßø', 'x\u00B2', '\u00B7')
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 12 }), (parts) => {
        const text = parts.join('')
        if (/[\u00b7\u0387]/u.test(text))
          expect(searchIndexForm(text)).toBe(searchIndexFormV18(text).replace(/(?<=[lL])\u00b7(?=[lL]|$)/gu, ''))
        else expect(searchIndexForm(text)).toBe(searchIndexFormV18(text))
      }),
      { numRuns: 2000 }
    )
  })

  it('differs from the version-16 fold only where a text has a compatibility form', () => {
    expect(searchFoldV16('\uFB01nance')).toBe('\uFB01nance')
    for (const text of ['Łódź café 🚀 1️⃣', 'English prose — “quoted” it’s', 'Ελλάδα ёлка'])
      expect(searchIndexForm(text), text).toBe(searchFoldV16(text))
  })
})
