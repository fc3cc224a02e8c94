import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { chunkText, paragraphsOf } from '../../src/main/vector-fs/chunker'
import { htmlToText } from '../../src/main/vector-fs/html-text'
import { fuseRanks } from '../../src/main/vector-fs/rank-fusion'
import { merkleRoot, nodeHash } from '../../src/main/vector-fs/resource-export'
import { fileTypeOf } from '../../src/main/vector-fs/extract'

const opts = { targetChars: 200, maxChars: 300, overlapChars: 40 }

describe('chunker', () => {
  it('finds the paragraphs of a text one at a time exactly as normalizing its line ends and splitting at blank lines does', () => {
    // CRLF, lone CR and LF in every mix: a CRLF is one line end, never a blank line.
    const text = fc.stringMatching(/^[ab \t\r\n]{0,40}$/)
    fc.assert(
      fc.property(text, (t) => {
        expect([...paragraphsOf(t, false)]).toEqual(t.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/))
      }),
      { numRuns: 3000 }
    )
  })

  it('keeps short documents whole and cuts long ones on paragraph boundaries, within the maximum, with overlap', () => {
    expect(chunkText('One short paragraph.', false, opts)).toEqual(['One short paragraph.'])
    const paras = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} ` + 'lorem ipsum dolor '.repeat(4).trim() + '.')
    const passages = chunkText(paras.join('\n\n'), false, opts)
    expect(passages.length).toBeGreaterThan(3)
    for (const p of passages) expect(p.length).toBeLessThanOrEqual(opts.maxChars)
    // Every paragraph survives whole in some passage.
    for (const para of paras) expect(passages.some((p) => p.includes(para))).toBe(true)
    // Each passage after the first starts with the end of the one before.
    for (let i = 1; i < passages.length; i++) {
      const head = passages[i]!.split('\n\n')[0]!
      expect(passages[i - 1]!.endsWith(head)).toBe(true)
    }
  })

  it('starts a new passage at a Markdown heading, without the previous section in it', () => {
    const md = '# Intro\n\nShort intro text.\n## Costs\nThe rent is 900 euros.\n\n## Terms\n\nNotice is three months.'
    const passages = chunkText(md, true, opts)
    expect(passages).toEqual(['# Intro\n\nShort intro text.', '## Costs\nThe rent is 900 euros.', '## Terms\n\nNotice is three months.'])
  })

  it('cuts a paragraph longer than a passage at sentence ends, and a single endless word hard', () => {
    const long = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} ends here.`).join(' ')
    const passages = chunkText(long, false, opts)
    expect(passages.length).toBeGreaterThan(2)
    for (const p of passages) expect(p.length).toBeLessThanOrEqual(opts.maxChars)
    const word = chunkText('x'.repeat(1000), false, opts)
    expect(word.join('').replaceAll(/\s/g, '').length).toBeGreaterThanOrEqual(1000)
    for (const p of word) expect(p.length).toBeLessThanOrEqual(opts.maxChars)
  })
})

describe('chunker: a paragraph cut in pieces', () => {
  /*
   * A file of 40,000 lines and no blank line is one paragraph, cut at line ends: its passages were joined
   * with a blank line at every cut, and read (in the preview, and in the model's prompt) as if blank
   * lines stood where the file has none.
   */
  it('keeps what stood at each cut (a line end, a space, nothing inside a long word): every passage is a part of the text', () => {
    const lines = Array.from({ length: 400 }, (_, i) => `Clause ${i}: rent is due in month ${i}.`)
    const text = lines.join('\n')
    const passages = chunkText(text, false, opts)
    expect(passages.length).toBeGreaterThan(20)
    for (const p of passages) {
      expect(text.includes(p), p).toBe(true)
      expect(p.length).toBeLessThanOrEqual(opts.maxChars)
    }
    for (const line of lines) expect(passages.some((p) => p.includes(line))).toBe(true)

    const words = fc.array(fc.oneof(fc.stringMatching(/^[a-z]{1,12}$/), fc.stringMatching(/^[a-z]{200,400}$/)), {
      minLength: 1,
      maxLength: 120
    })
    const gaps = fc.array(fc.constantFrom(' ', '\n', '. ', '.\n', '! '), { minLength: 120, maxLength: 120 })
    fc.assert(
      fc.property(words, gaps, (ws, gs) => {
        const t = ws.map((w, i) => (i ? gs[i]! : '') + w).join('')
        for (const p of chunkText(t, false, opts)) {
          expect(t.includes(p)).toBe(true)
          expect(p.length).toBeLessThanOrEqual(opts.maxChars)
        }
      }),
      { numRuns: 300 }
    )
  })
})

describe('HTML to text', () => {
  it('drops scripts, styles, comments and tags, breaks blocks into paragraphs and decodes references', () => {
    const html = `<!doctype html><html><head><title>T</title><style>p{color:red}</style></head><body>
      <!-- hidden --><h1>Title &amp; more</h1><p>First&nbsp;para &lt;b&gt; &#233;t&#xE9;</p><script>alert("x")</script>
      <ul><li>one</li><li>two</li></ul><p>Unclosed <b>bold`
    expect(htmlToText(html)).toBe('Title & more\n\nFirst para <b> été\n\none\n\ntwo\n\nUnclosed bold')
    expect(htmlToText('<script>never closed')).toBe('')
  })
  it('joins the text on each side of an inline tag, as a page shows it ("W<b>or</b>d" was indexed as "W or d")', () => {
    expect(htmlToText('<p>W<b>or</b>d and <span>Stra</span>&szlig;e, <a href="x">a link</a>.</p>')).toBe('Word and Straße, a link.')
    expect(htmlToText('<select><option>one</option><option>two</option></select><details><summary>More</summary>text</details>')).toBe(
      'one\n\ntwo\n\nMore\n\ntext'
    )
  })
  it('keeps a "<" that opens no tag as text, and takes time in proportion to the size (an upload of such a page froze the node)', () => {
    expect(htmlToText('<p>if a<b and b<c then a<c</p>')).toBe('if a<b and b<c then a<c')
    expect(htmlToText('<p>x <!- y <p z</p>')).toBe('x <!- y <p z')
    // 1 MB each: with a scan to the end of the text for every "<" this took about a minute.
    for (const unit of ['if a<b then ', '<!-', '<p', '<script', '<a title="']) {
      const html = unit.repeat(Math.ceil(1_000_000 / unit.length))
      const started = performance.now()
      htmlToText(html)
      expect(performance.now() - started, unit).toBeLessThan(2000)
    }
  })
})

describe('pieces', () => {
  it('reciprocal-rank fusion puts what both lists rank high first', () => {
    expect(
      fuseRanks([
        ['a', 'b', 'c'],
        ['b', 'x', 'c']
      ]).map((r) => r.id)
    ).toEqual(['b', 'c', 'a', 'x'])
  })
  it('merkle root: hash pairs up the tree, odd one carried', () => {
    const [a, b, c] = ['a', 'b', 'c'].map(nodeHash)
    expect(merkleRoot([a!])).toBe(a)
    expect(merkleRoot([a!, b!, c!])).toBe(nodeHash(nodeHash(a! + b!) + c!))
  })
  it('readable types by extension, case-insensitive', () => {
    expect(fileTypeOf('Report.PDF')).toBe('pdf')
    expect(fileTypeOf('notes.markdown')).toBe('markdown')
    expect(fileTypeOf('archive.tar.gz')).toBeUndefined()
    expect(fileTypeOf('README')).toBeUndefined()
  })
})
