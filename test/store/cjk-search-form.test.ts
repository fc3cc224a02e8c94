import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SEARCH_WORD, cjkApart, searchIndexForm } from '../../src/shared/search-fold'
import { searchIndexFormV19 } from '../../src/main/store/search-fold-v19'
import { prefixQuery, snippetOf } from '../../src/main/store/inbox-search'
import { queryWords } from '../../src/main/vector-fs/passage-index'
import { bm25Scores } from '../../src/main/vector-fs/bm25'
import { highlightPieces, searchWords as libraryWords } from '../../src/renderer/src/app/highlight'

/*
 * Chinese and Japanese are written without spaces: the tokenizer took a whole run for one word, so
 * only a run's beginning was found. Each such character is a word of its own in the index form, a
 * search's run of them a phrase, and the window marks that sequence, not its characters one by one.
 */

const words = (text: string) => searchIndexForm(text).match(SEARCH_WORD)
/** The text with the matches the window marks (the library's results and the inbox list's hits alike) in brackets. */
const marked = (text: string, query: string) =>
  highlightPieces(text, libraryWords(query))
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('')

describe('the search index form of Chinese and Japanese', () => {
  it('makes each Han, Hiragana and Katakana character a word, with ー and the iteration marks', () => {
    expect(words('日本語のテキスト')).toEqual([...'日本語のテキスト'])
    expect(words('我们的数据库')).toEqual([...'我们的数据库'])
    expect(words('コーヒーと人々')).toEqual([...'コーヒーと人々'])
    // Half-width katakana is in compatibility form first; a dakuten that does not compose stays with its letter.
    expect(words('ｶﾀｶﾅ')).toEqual([...'カタカナ'])
    expect(words('か\u309a')).toEqual(['か\u309a'])
  })

  it('keeps other letters as words, accents off, and leaves Hangul and ASCII as they are', () => {
    expect(words('Windows10対応')).toEqual(['Windows10', '対', '応'])
    expect(words('テキストabc Café')).toEqual(['テ', 'キ', 'ス', 'ト', 'abc', 'Cafe'])
    expect(searchIndexForm('한국어 텍스트 검색')).toBe('한국어 텍스트 검색')
    const ascii = 'Plain ASCII text, with punctuation.'
    expect(searchIndexForm(ascii)).toBe(ascii)
  })

  it("is version 19's form (frozen for migration 20) with each such character spaced apart", () => {
    const chars = fc.constantFrom(...'aé ·ŀ\uFB01\uFF21①🚀1\u20E3ß日本語のテキスト数据ー々ｶﾞ한', 'x\u00B2', '\u309a')
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 12 }), (parts) => {
        const text = parts.join('')
        expect(searchIndexForm(text)).toBe(/^[\p{ASCII}]*$/u.test(text) ? searchIndexFormV19(text) : cjkApart(searchIndexFormV19(text)))
        if (!/[日本語のテキスト数据ー々ｶﾞ]/u.test(text)) expect(searchIndexForm(text)).toBe(searchIndexFormV19(text))
      }),
      { numRuns: 2000 }
    )
  })

  it('makes a run in a search a phrase: found anywhere in a run, a Latin word at its end a prefix', () => {
    expect(prefixQuery('テキスト')).toBe('"テ キ ス ト"')
    expect(prefixQuery('数据 report')).toBe('"数 据" "report"*')
    expect(prefixQuery('テキストabc')).toBe('"テ キ ス ト abc"*')
    expect(prefixQuery('Windows10対応')).toBe('"Windows10 対 応"')
    expect(prefixQuery('café')).toBe('"cafe"*')
    expect(queryWords('数据库 Café')).toEqual(['数 据 库', 'cafe'])
  })
})

describe('highlighting Chinese and Japanese matches', () => {
  it('marks the matched sequence inside a run, and not its characters elsewhere', () => {
    expect(marked('テスト: 日本語のテキストです', 'テキスト')).toBe('テスト: 日本語の[テキスト]です')
    expect(marked('我们的数据库，数据很多', '数据')).toBe('我们的[数据]库，[数据]很多')
    expect(marked('我们的数据库', '据数')).toBe('我们的数据库')
    expect(marked('日本語のテキスト', 'データ')).toBe('日本語のテキスト')
  })

  it('marks a run mixed with Latin letters as the index matches it: the Latin word whole before a character, a prefix at the end', () => {
    expect(marked('Windows10対応のアプリ', 'windows10対')).toBe('[Windows10対]応のアプリ')
    expect(marked('Windows10対応のアプリ', 'dows10対')).toBe('Windows10対応のアプリ')
    expect(marked('Windows10対応のアプリ', '対応')).toBe('Windows10[対応]のアプリ')
    expect(marked('テキストabcdef', 'テキストab')).toBe('[テキストab]cdef')
    expect(marked('日本abc', 'abc')).toBe('日本[abc]')
  })

  it('leaves Latin prefixes and accents as they were', () => {
    expect(marked('Le Café du quartier, cafétéria', 'cafe')).toBe('Le [Café] du quartier, [café]téria')
    expect(marked('unquartier quartier', 'quart')).toBe('unquartier [quart]ier')
  })

  it("starts the server's snippet near a match in the middle of a run", () => {
    const text = `${'これは長い前置きの文章です。'.repeat(30)}ここに大切な結論があります。${'後書き'.repeat(100)}`
    const snippet = snippetOf(text, ['大切な結論'])
    expect(snippet).toMatch(/^…/u)
    expect(snippet.indexOf('大切な結論')).toBeGreaterThan(0)
    expect(snippet.indexOf('大切な結論')).toBeLessThanOrEqual(41)
  })
})

describe('a long run that nearly matches at every place', () => {
  // The search for a snippet's match walks on through the run at each place: folding each character
  // again there took the node (whose main thread makes the snippets) a second for 40,000 characters.
  it('is searched in time linear in the text, each character folded once', () => {
    const text = `${'あ'.repeat(100_000)}い`
    const word = `${'あ'.repeat(29)}い`
    const started = performance.now()
    const snippet = snippetOf(text, [word])
    const marked = highlightPieces(text, [word]).filter((p) => p.match)
    const took = performance.now() - started
    expect(snippet.endsWith(word)).toBe(true)
    expect(marked.map((p) => p.text)).toEqual([word])
    expect(took).toBeLessThan(2500)
  })
})

describe('BM25 over Chinese and Japanese', () => {
  it('scores a run where its sequence occurs, not where its characters are scattered', () => {
    const texts = ['日本語のテキスト', 'トキスのテ', '数据库', '据数', 'Windows10対応']
    const matching = (query: string) => bm25Scores(texts, query).flatMap((score, i) => (score > 0 ? [i] : []))
    expect(matching('テキスト')).toEqual([0])
    expect(matching('数据')).toEqual([2])
    expect(matching('windows10対応')).toEqual([4])
    expect(matching('水')).toEqual([])
    // A one-character word counts: 水 is water.
    expect(bm25Scores(['水を飲む', 'お茶'], '水')[0]).toBeGreaterThan(0)
  })

  it('scores Latin texts as before', () => {
    const texts = [
      'The quarterly report of the lease',
      'A lease, a lease and a report',
      'Café au lait in the quartier',
      'Nothing to see here at all, really nothing'
    ]
    // Figures of the scoring before runs of Chinese and Japanese were phrases, twice over since a word of
    // three letters or more also scores as a word start (these texts hold only the words themselves).
    expect(bm25Scores(texts, 'cafe')).toEqual([0, 0, 2.4079456086518722, 0])
    expect(bm25Scores(texts, 'nothing here')).toEqual([0, 0, 0, 5.1461237579188595])
    expect(bm25Scores(texts, 'quarterly lease lait')).toEqual([3.794239969771763, 2.1033431685956963, 2.4079456086518722, 0])
    // A word start alone: "quarterly" and "quartier".
    expect(bm25Scores(texts, 'quar')).toEqual([Math.log(2), 0, Math.log(2), 0])
  })
})

describe('the quick test for Chinese and Japanese characters', () => {
  it('lets no character of the three scripts through unspaced, in every plane', () => {
    for (let cp = 0x80; cp <= 0x323af; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue
      const ch = String.fromCodePoint(cp)
      if (!/(?=[\p{L}\p{N}])[\p{sc=Han}\p{sc=Hira}\p{sc=Kana}\u30fc\uff70]/u.test(ch)) continue
      expect(cjkApart(`a${ch}b`), cp.toString(16)).toBe(`a ${ch} b`)
    }
  })
})
