// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { parsedWhole, streamed } from './answer-shape'

/*
 * A long code block of an answer is cut between its lines while it streams (long-text.ts), and what follows it
 * is a block of its own. In a list item, what follows it is more of the item: drawn on its own, it left the list,
 * and the next item ('2. Run it.') became words at the end of a paragraph.
 */

afterEach(cleanup)

const line = (i: number) => `  const value${i} = compute(${i}, 'text ${i}') // line ${i}\n`
const codeOf = (chars: number) => {
  let code = ''
  for (let i = 0; code.length < chars; i++) code += line(i)
  return code
}
const indented = (text: string, by: string) => text.replace(/^(?=.)/gm, by)

it('a list item going on after its long code block is drawn in the list, the next item as an item', () => {
  const answers = [
    `1. Save this:\n\n   \`\`\`ts\n${indented(codeOf(5000), '   ')}   \`\`\`\n   Then save it again.\n2. Run it.\n`,
    `- Outer\n  - Inner:\n\n    \`\`\`ts\n${indented(codeOf(5000), '    ')}    \`\`\`\n    Then this.\n  - Next inner\n`
  ]
  for (const text of answers) {
    const shown = streamed(text)
    expect(shown.paragraphs).not.toContain('Then save it again.\n2. Run it.')
    expect(shown).toEqual(parsedWhole(text))
  }
})
