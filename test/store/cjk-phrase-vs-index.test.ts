import Database from 'better-sqlite3'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { SEARCH_FOLD_SQL, searchIndexForm, searchWords } from '../../src/shared/search-fold'
import { searchMatches } from '../../src/shared/search-matches'
import { prefixQuery } from '../../src/main/store/inbox-search'

/*
 * A Chinese or Japanese phrase runs on over what the index passes over between its words (spaces,
 * punctuation, a lone accent), and only over that: the matcher (snippets, the whole-word check, the
 * window's marks) must find a search's words where a real FTS5 index, fed as the node feeds its own,
 * finds them. A symbol the index holds as words (㈱ is "(株)", ㍻ "平成", ℃ "°C") stands between them.
 */

const db = new Database(':memory:')
db.function(SEARCH_FOLD_SQL, { deterministic: true }, (t: unknown) => (typeof t === 'string' ? searchIndexForm(t) : t))
db.exec(`CREATE VIRTUAL TABLE f USING fts5(text, tokenize = 'unicode61 remove_diacritics 2')`)
afterAll(() => db.close())
const put = db.prepare('INSERT INTO f (rowid, text) VALUES (1, search_fold(?))')
const find = db.prepare('SELECT rowid FROM f WHERE f MATCH ?')

/** Whether the index finds `query` in `text`, and whether the matcher does. */
function both(text: string, query: string) {
  db.exec('DELETE FROM f')
  put.run(text)
  return { index: find.all(prefixQuery(query)!).length > 0, matcher: !searchMatches(text, searchWords(query)).next().done }
}

describe('a Chinese or Japanese phrase found by the matcher where the index finds it', () => {
  const cases: [string, string][] = [
    ['日 ㈱ 本', '日本'],
    ['日㍻本', '日本'],
    ['日 ℃ 本', '日本'],
    ['日 № 本', '日本'],
    ['日 ㎏ 本', '日本'],
    ['ab ㈱ 日', 'ab日'],
    ['日 \u0301本', '日本'],
    ['日 \ufe0f 本', '日本'],
    ['日 \u20e3 本', '日本'],
    ['日。本', '日本'],
    ['日 👍 本', '日本'],
    ['日 ① 本', '日本']
  ]
  for (const [text, query] of cases) {
    it(`${JSON.stringify(text)} for ${query}`, () => {
      const { index, matcher } = both(text, query)
      expect(matcher).toBe(index)
    })
  }

  it('on random texts', () => {
    const pieces = [
      ...'日本語テ',
      'a',
      'ab',
      ' ',
      '\n',
      '。',
      '.',
      '\u0301',
      '\u200b',
      '\u00ad',
      '\ufe0f',
      '👍',
      '©',
      '-',
      '·',
      '\u3000',
      'ー',
      '①',
      '㈱',
      '™',
      '\u20e3',
      'ｶ',
      'l'
    ]
    const disagree: string[] = []
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 8 }),
        fc.array(fc.constantFrom(...'日本語テ', 'a', 'ab'), { minLength: 1, maxLength: 3 }),
        (parts, queryParts) => {
          const [text, query] = [parts.join(''), queryParts.join('')]
          if (searchWords(query).length !== 1) return
          const { index, matcher } = both(text, query)
          if (index !== matcher) disagree.push(`${JSON.stringify(text)} for ${query}: index ${index}, matcher ${matcher}`)
        }
      ),
      { numRuns: 5000, seed: 45 }
    )
    expect(disagree).toEqual([])
  })
})
