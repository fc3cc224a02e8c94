import type { Nodes } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'

/** Parsed as AnswerText shows it: Markdown with GitHub's tables, task lists and strikethrough. */
const parser = unified().use(remarkParse).use(remarkGfm)

/** Blocks whose end is a pause between words (cells of a row, items of a list, a heading and its text). */
const BLOCKS = new Set(['paragraph', 'heading', 'listItem', 'tableCell', 'tableRow', 'code', 'blockquote', 'thematicBreak', 'break'])

/**
 * The words of a Markdown answer as a screen reader should say them: "Plan one two" rather than
 * "**Plan** - one - two", and a table's cells rather than its pipes and dashes. Raw HTML is said as the
 * text it is shown as (`Vec<String>`); an image as the link it is shown as ("Image: " and its description).
 * Runs of white space become one space.
 */
export function spokenText(markdown: string): string {
  const words: string[] = []
  const walk = (node: Nodes) => {
    if (node.type === 'image') words.push(`Image: ${node.alt || node.url}`)
    else if (node.type === 'imageReference') words.push(`Image: ${node.alt ?? ''}`)
    else if ('value' in node) words.push(node.value)
    else if ('children' in node) for (const child of node.children) walk(child)
    if (BLOCKS.has(node.type)) words.push(' ')
  }
  walk(parser.parse(markdown))
  return words.join('').replace(/\s+/g, ' ').trim()
}
