import type { FootnoteDefinition, Nodes } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'

/** Parsed as AnswerText shows it: Markdown with GitHub's tables, task lists, strikethrough and footnotes. */
const parser = unified().use(remarkParse).use(remarkGfm)

/** Blocks whose end is a pause between words (cells of a row, items of a list, a heading and its text). */
const BLOCKS = new Set(['paragraph', 'heading', 'listItem', 'tableCell', 'tableRow', 'code', 'blockquote', 'thematicBreak', 'break'])

/** A back-link's arrow, as react-markdown (mdast-util-to-hast) draws it. */
const BACK_LINK = '\u21a9'

/**
 * The words of a Markdown answer as a screen reader should say them: "Plan one two" rather than
 * "**Plan** - one - two", and a table's cells rather than its pipes and dashes. Raw HTML is said as the
 * text it is shown as (`Vec<String>`); an image as the link it is shown as ("Image: " and its description).
 * Footnotes as AnswerText draws them (answer-footnotes.ts): a reference `a[^x]b` as its number ("a1b", numbered
 * in the order first referenced), and at the end each footnote referenced, in that order, with its back-links ("↩",
 * "↩ 2" for a second reference); not the section's heading "Footnotes", hidden from sight (answer-prose.module.css),
 * which the find neither counts nor marks. Runs of white space become one space.
 *
 * `footnotes: 'references'` (an answer announced to a screen reader): the references' numbers only, without
 * the section at the end, whose "↩" arrows a screen reader would spell out; find matches the drawn page.
 */
export function spokenText(markdown: string, footnotes: 'drawn' | 'references' = 'drawn'): string {
  const words: string[] = []
  const tree = parser.parse(markdown)
  /** The first definition of each identifier wins, as when drawn; the identifiers in the order first referenced, and how often. */
  const definitions = new Map<string, FootnoteDefinition>()
  const order: string[] = []
  const counts = new Map<string, number>()
  const walk = (node: Nodes) => {
    if (node.type === 'footnoteDefinition') return
    if (node.type === 'image') words.push(`Image: ${node.alt || node.url}`)
    else if (node.type === 'imageReference') words.push(`Image: ${node.alt ?? ''}`)
    else if (node.type === 'footnoteReference') {
      const id = node.identifier.toUpperCase()
      if (!counts.has(id)) order.push(id)
      counts.set(id, (counts.get(id) ?? 0) + 1)
      words.push(String(order.indexOf(id) + 1))
    } else if ('value' in node) words.push(node.value)
    else if ('children' in node) for (const child of node.children) walk(child)
    if (BLOCKS.has(node.type)) words.push(' ')
  }
  // Footnote definitions are found wherever they are (a list item, a quote), as when drawn.
  const define = (node: Nodes) => {
    if (node.type === 'footnoteDefinition') {
      const id = node.identifier.toUpperCase()
      if (!definitions.has(id)) definitions.set(id, node)
    }
    if ('children' in node) for (const child of node.children) define(child)
  }
  if (footnotes === 'drawn' && markdown.includes('[^')) define(tree)
  walk(tree)
  if (footnotes === 'drawn' && order.some((id) => definitions.has(id))) {
    words.push(' ')
    // A footnote referenced only in another one is numbered, and listed, after those the answer's text references.
    const backLinks: [at: number, id: string][] = []
    for (let i = 0; i < order.length; i++) {
      const definition = definitions.get(order[i]!)
      if (definition === undefined) continue
      for (const child of definition.children) walk(child)
      backLinks.push([words.length, order[i]!])
      words.push('')
    }
    // Its back-links, one a reference, once all are counted (those in the footnotes after it too).
    for (const [at, id] of backLinks) {
      const links = Array.from({ length: counts.get(id)! }, (_, k) => (k === 0 ? BACK_LINK : `${BACK_LINK}${k + 1}`))
      words[at] = ` ${links.join(' ')} `
    }
  }
  return words.join('').replace(/\s+/g, ' ').trim()
}
