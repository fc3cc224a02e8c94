/*
 * HTML to plain text for indexing (not for display): elements whose content is never text
 * (script, style, template, head, svg...) are removed with their content, block-level elements
 * become paragraph breaks, every other tag is dropped (joining the text on each side, as a page shows
 * it), and character references are decoded (with
 * `entities`, the decoder of the htmlparser2 family: HTML defines over 2,000 names).
 * A full HTML parser would be more faithful for malformed markup, but the project has none among
 * its runtime dependencies; for search passages this well-defined strip is enough.
 *
 * A tag ends at the first ">" and holds no "<": a "<" that opens no tag ("if a<b") stays text. The
 * patterns stop at the next "<" instead of looking for a ">" to the end of the text from every "<",
 * which made a page full of such text take minutes (time grew with the square of its size).
 */

import { decodeHTML } from 'entities'

const DROPPED_WITH_CONTENT = ['script', 'style', 'template', 'noscript', 'head', 'svg', 'math', 'iframe', 'object']
const BLOCKS =
  'address|article|aside|blockquote|br|caption|center|dd|details|dialog|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hgroup|hr|legend|li|main|menu|nav|ol|option|p|pre|search|section|summary|table|tbody|td|tfoot|th|thead|tr|ul|title'

/**
 * Character references as the characters they stand for, as a browser reads them in text: every
 * name HTML defines (&eacute; and &Eacute; apart), numeric ones (&#39;, &#x2019;), the legacy names
 * a browser takes without their ";" (&copy 2024). An unknown name stays as written.
 */
export function decodeReferences(text: string): string {
  return decodeHTML(text)
}

export function htmlToText(html: string): string {
  let s = html.replace(/<!--[\s\S]*?(-->|$)/g, ' ').replace(/<!\[CDATA\[[\s\S]*?(\]\]>|$)/g, ' ')
  for (const tag of DROPPED_WITH_CONTENT) {
    s = s.replace(new RegExp(`<${tag}\\b[^<>]*>[\\s\\S]*?(</${tag}\\s*>|$)`, 'gi'), ' ')
  }
  s = s.replace(new RegExp(`</?(?:${BLOCKS})\\b[^<>]*>`, 'gi'), '\n\n')
  // Inline tags join what they separate, as a page shows it: "W<b>or</b>d" is the word "Word" (it was "W or d").
  s = s.replace(/<\/?[a-z!?][^<>]*>/gi, '')
  s = decodeReferences(s)
  return s
    .split(/\n\s*\n/)
    .map((p) => p.replace(/[ \t\f\v\r\n\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n')
}
