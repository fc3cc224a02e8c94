import { expect, it } from 'vitest'
import { SNIPPET_MAX, snippetOf } from '../../src/main/store/inbox-search'
import { searchWords } from '../../src/shared/search-fold'

/*
 * snippetOf cuts a long text around the first match: the search results' snippet. It never cuts
 * inside a character as the eye sees it (a grapheme cluster): half a flag shows another flag (🇦🇺🇸🇪
 * cut after 🇦🇺🇸 reads 🇦🇺 and a lone S), an emoji loses its skin tone, a keycap its frame.
 */

const clusters = (s: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s)].map((g) => g.segment)
/** The snippet with its … marks taken off: every cluster of it is one of the text's. */
const wholeClusters = (snippet: string, text: string) => {
  const known = new Set(clusters(text))
  return clusters(snippet.replace(/^…|…$/g, '')).every((c) => known.has(c))
}

it('ends before a flag, an emoji with its skin tone or a keycap rather than inside one', () => {
  for (const run of ['🇦🇺🇸🇪', '👍🏽', '1️⃣', '👩‍💻']) {
    // The run across the cut at every offset: the 200th unit falls inside it at some of them.
    for (let pad = 0; pad < 12; pad++) {
      const text = `turbine,${'x'.repeat(180 + pad)}${run.repeat(8)} tail words here`
      const snippet = snippetOf(text, ['turbine'])
      expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX)
      expect(snippet.startsWith('turbine')).toBe(true)
      expect(wholeClusters(snippet, text), `${run} at ${pad}: ${snippet.slice(-20)}`).toBe(true)
    }
  }
})

it('starts after a flag or an emoji rather than inside one, with the match in view', () => {
  for (const run of ['🇦🇺🇸🇪', '👍🏽', '1️⃣']) {
    for (let pad = 0; pad < 12; pad++) {
      const text = `${'y'.repeat(300 + pad)}${run.repeat(30)}turbine ${'z'.repeat(300)}`
      const snippet = snippetOf(text, ['turbine'])
      expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX)
      expect(snippet).toContain('turbine')
      expect(wholeClusters(snippet, text), `${run} at ${pad}: ${snippet.slice(0, 20)}`).toBe(true)
    }
  }
})

it('cuts a long run of flags between its pairs, however far the run began', () => {
  const flags = (n: number) => Array.from({ length: n }, (_, i) => ['🇦🇺', '🇸🇪', '🇺🇸', '🇫🇷'][i % 4]).join('')
  // A flag matched inside the run: the snippet ends in it, 100 flags after its start.
  for (const n of [20, 60, 100, 300]) {
    const text = `${flags(n)}🇯🇵${flags(n)}`
    const snippet = snippetOf(text, searchWords('🇯🇵'))
    expect(snippet).toContain('🇯🇵')
    expect(wholeClusters(snippet, text), `${n} flags: ${snippet}`).toBe(true)
  }
  // A word after the run: the snippet begins inside it, at each offset.
  for (let pad = 0; pad < 8; pad++) {
    const text = `${flags(100)}${','.repeat(pad)}turbine ${'z'.repeat(300)}`
    const snippet = snippetOf(text, ['turbine'])
    expect(snippet).toContain('turbine')
    expect(wholeClusters(snippet, text), `at ${pad}: ${snippet.slice(0, 20)}`).toBe(true)
  }
})

it('cuts around a word found by its plain letters: Łódź by lodz, Straße by strasse', () => {
  const cases: readonly (readonly [string, string])[] = [
    ['Łódź', 'lodz'],
    ['Søren', 'soren'],
    ['Straße', 'strasse'],
    ['cœur', 'coeur']
  ]
  for (const [word, q] of cases) {
    const text = `${'filler words '.repeat(30)}${word} ${'tail words '.repeat(30)}`
    const snippet = snippetOf(text, searchWords(q))
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX)
    // Some context before the word, as for any match; before, the snippet was the text's start, without the word.
    expect(snippet, q).toMatch(new RegExp(`^…(filler words ){1,4}${word} tail`))
  }
})
