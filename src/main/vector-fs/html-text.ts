/*
 * HTML to plain text for indexing (not for display): elements whose content is never text
 * (script, style, template, head, svg...) are removed with their content, block-level elements
 * become paragraph breaks, every other tag is dropped, and character references are decoded.
 * A full HTML parser would be more faithful for malformed markup, but the project has none among
 * its runtime dependencies; for search passages this well-defined strip is enough.
 *
 * A tag ends at the first ">" and holds no "<": a "<" that opens no tag ("if a<b") stays text. The
 * patterns stop at the next "<" instead of looking for a ">" to the end of the text from every "<",
 * which made a page full of such text take minutes (time grew with the square of its size).
 */

const DROPPED_WITH_CONTENT = ['script', 'style', 'template', 'noscript', 'head', 'svg', 'math', 'iframe', 'object']
const BLOCKS =
  'address|article|aside|blockquote|br|dd|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul|title'

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  euro: '€',
  middot: '·',
  bull: '•',
  deg: '°',
  times: '×'
}

/** Character references (&amp;, &#39;, &#x2019;) as the characters they stand for; an unknown name stays as written. */
export function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,31});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\uFFFD'
    }
    return NAMED[ref.toLowerCase()] ?? whole
  })
}

export function htmlToText(html: string): string {
  let s = html.replace(/<!--[\s\S]*?(-->|$)/g, ' ').replace(/<!\[CDATA\[[\s\S]*?(\]\]>|$)/g, ' ')
  for (const tag of DROPPED_WITH_CONTENT) {
    s = s.replace(new RegExp(`<${tag}\\b[^<>]*>[\\s\\S]*?(</${tag}\\s*>|$)`, 'gi'), ' ')
  }
  s = s.replace(new RegExp(`</?(?:${BLOCKS})\\b[^<>]*>`, 'gi'), '\n\n')
  s = s.replace(/<\/?[a-z!?][^<>]*>/gi, ' ')
  s = decodeReferences(s)
  return s
    .split(/\n\s*\n/)
    .map((p) => p.replace(/[ \t\f\v\r\n\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n')
}
