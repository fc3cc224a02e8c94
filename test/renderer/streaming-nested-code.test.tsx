// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { drawCost, expectStreamedAsWhole } from './answer-shape'

/*
 * A long code block in a nested list item (indented 4 spaces or more) or in a block quote, in an answer being
 * written: it was parsed and drawn again whole at each token, tens of milliseconds at 50,000 characters.
 */

afterEach(cleanup)

const line = (i: number) => `const value${i} = compute(${i}, 'text ${i}') // line ${i}\n`
const codeOf = (chars: number, prefix: string, eol = '\n') => {
  let code = ''
  for (let i = 0; code.length < chars; i++) code += prefix + line(i).replace('\n', eol)
  return code
}

const answers: Record<string, string> = {
  'a fence in a nested list item, text after it in the items': `1. Step one:\n   - Save this:\n     \`\`\`ts\n${codeOf(7000, '     ')}     \`\`\`\n   - Then run it.\n2. Done.\n\nAfter the list.\n`,
  'blank lines in its code, lines indented more, one that is no closing fence': `- Item:\n\n    - Sub:\n\n      \`\`\`\n${codeOf(2500, '      ')}\n  \n${codeOf(2500, '        ')}          \`\`\`\n\n${codeOf(2500, '       ')}      \`\`\`\n\n      More in the item.\n\nAfter.\n`,
  'a line less indented ends the item and its code': `- a\n  - b\n    \`\`\`\n${codeOf(5000, '    ')}  back in the first item\n- next\n`,
  'tildes closed by a longer fence, with CRLF line ends': `1. One\r\n   - Two\r\n     ~~~python\r\n${codeOf(5000, '     ', '\r\n')}     \`\`\`\r\n${codeOf(2500, '     ', '\r\n')}     ~~~~~\r\n     After the code.\r\n\r\nText.\r\n`,
  'a fence in a block quote': `> Here:\n> \`\`\`js\n${codeOf(7000, '> ')}>\n${codeOf(500, '>')}> \`\`\`\n> Quoted after.\n\nAfter the quote.\n`,
  'a fence in a nested block quote, the quote ended by a line without its marker': `> > \`\`\`\n${codeOf(6000, '> > ')}> outer quote\n\nText.\n`,
  'a fence in a list item never closed': `Intro.\n\n- Item\n  \`\`\`sh\n${codeOf(6000, '  ')}`,
  'a fence in a block quote never closed, with CRLF': `> \`\`\`\r\n${codeOf(6000, '> ', '\r\n')}`,
  "a fence at the line's start with CRLF (its code cut, with its line breaks as they are)": `\`\`\`ts\r\n${codeOf(6000, '', '\r\n')}\`\`\`\r\n\r\nAfter.\r\n`,
  'two long fences in one list item': `- First:\n  \`\`\`\n${codeOf(4500, '  ')}  \`\`\`\n  Second:\n  \`\`\`\n${codeOf(4500, '  ')}  \`\`\`\n- Next.\n`,
  "blank lines at the end of a quote's code": `> \`\`\`\n${codeOf(4500, '> ')}>\n>\n${codeOf(300, '> ')}>\n> \n\nAfter.\n`,
  'a tab in its indentation': `- a\n  \`\`\`\n${codeOf(3000, '  ')}\t${codeOf(3000, '  ')}  \`\`\`\n- b\n`,
  // A tab goes on to the next multiple of 4 columns; one the list item's indentation takes in part leaves spaces.
  'tabs mixed with spaces in the lines of a fence in a list item, closed by a tab': `- a\n  \`\`\`\n${codeOf(2500, '\t')}${codeOf(2500, '  \t')}${codeOf(2500, ' \t')}\t\n${codeOf(2500, '\t\t')}\t\`\`\`\n  After the code.\n- b\n`,
  'tabs in the lines of a fence in a nested list item, one less indented ending it': `1. Step:\n   - Save:\n     \`\`\`\n${codeOf(3000, '\t ')}${codeOf(3000, '\t\t')}${codeOf(2000, '  \t  ')}   \tback in the step\n2. Done.\n`,
  'a tab after the marks of a block quote in the lines of its fence': `> Here:\n> \`\`\`js\n${codeOf(3500, '>\t')}${codeOf(3500, '> \t')}>\t\n${codeOf(500, '>  \t')}>\t\`\`\`\n> Quoted after.\n\nAfter.\n`,
  'a tab after the marks of a nested quote, the quote ended by a lazy line': `> > \`\`\`\n${codeOf(6000, '> >\t')}lazy words\n\nText.\n`,
  "Go's tabs in a fence before, then a fence in a list item": `\`\`\`go\nfunc main() {\n\tfmt.Println("hi")\n}\n\`\`\`\n\n- Item:\n  \`\`\`\n${codeOf(6000, '  \t')}  \`\`\`\n- Next.\n`,
  'a tab after a list marker (parsed whole)': `-\tItem:\n  \`\`\`\n${codeOf(6000, '\t')}  \`\`\`\n- Next.\n`,
  'a tab before the marks of a fence in a list item (parsed whole)': `- Item:\n\t\`\`\`\n${codeOf(6000, '\t')}\t\`\`\`\n- Next.\n`,
  'backticks indented 4 spaces after a paragraph (no fence: the paragraph goes on)': `Para\n    \`\`\`js\n${codeOf(5000, '    ')}\nText.\n`,
  'backticks indented 4 spaces after a blank line (an indented code block)': `Para\n\n    \`\`\`js\n${codeOf(5000, '    ')}\nText.\n`,
  'a footnote reference before fences in a list item and a quote, its definition after': `See [^1].\n\n- Item:\n  \`\`\`\n${codeOf(5000, '  ')}  \`\`\`\n- Next [^1].\n\n> \`\`\`\n${codeOf(5000, '> ')}> \`\`\`\n\n[^1]: The note.\n`,
  'a fence in a footnote definition (parsed whole)': `See [^n].\n\n[^n]: The note:\n    \`\`\`\n${codeOf(5000, '    ')}    \`\`\`\n\nAfter.\n`,
  'short fences in many steps, then a long one': `${Array.from({ length: 30 }, (_, i) => `${i + 1}. Step:\n   \`\`\`\n${codeOf(60, '   ')}   \`\`\`\n`).join('')}31. Long:\n   \`\`\`\n${codeOf(5000, '   ')}   \`\`\`\n32. End.\n`
}

it(
  'an answer with long code blocks in list items and block quotes is drawn, at every point, as the whole text parsed at once',
  { timeout: 240_000 },
  () => {
    expectStreamedAsWhole(answers)
  }
)

const costPerToken = (start: string, prefix: string) => {
  const tokens = [`${prefix}return `, 'value', '(', 'x', ')\n']
  return drawCost(start, (i) => tokens[i % tokens.length]!, 40, true)
}

for (const [name, head, prefix] of [
  ['a nested list item', '1. Step:\n   - Save this:\n     ```ts\n', '     '],
  ['a block quote', '> Here:\n> ```ts\n', '> '],
  // A tab in the lines of its code made it be parsed whole at each token (fence-context.ts): 26 ms at 50,000 characters.
  ['a list item, its lines indented with tabs', '- a\n  ```go\n', '\t'],
  ['a block quote, a tab after its marks', '> Here:\n> ```go\n', '>\t'],
  // A footnote's reference before it made the fence's place be parsed whole at each token (fence-context.ts).
  ['a nested list item, after a footnote reference', 'See [^1].\n\n1. Step:\n   - Save this:\n     ```ts\n', '     '],
  ['a block quote, after a footnote reference', 'See [^1].\n\n> Here:\n> ```ts\n', '> ']
] as const) {
  it(`a token added to a long code block in ${name} costs about what one added to a short one does`, { timeout: 120_000 }, () => {
    const answer = (chars: number) => head + codeOf(chars, prefix)
    costPerToken(answer(200), prefix) // The first draw warms the parser and React up.
    const costs = [200, 50_000].map((chars) => costPerToken(answer(chars), prefix))
    console.log(`${name}, per token: ${costs.map((c) => c.toFixed(2)).join(' ms, ')} ms at 200, 50k characters of code`)
    expect(costs[1]!).toBeLessThan(Math.max(costs[0]!, 1) * 5)
  })
}

it(
  'a token added to an answer of many steps, each with a short code block in its list item, costs about what one added to an answer of a few does',
  { timeout: 120_000 },
  () => {
    // Each step's fence was parsed (its list item's Markdown up to it) at every token once there were more than the
    // 64 the parse of a fence is kept for: an answer of 100 steps took seconds a token.
    const steps = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `${i + 1}. Step ${i}, in the project's folder:\n   \`\`\`bash\n   npm run build -- --step=${i}\n   \`\`\`\n\n`
      ).join('')
    const answer = (n: number) => `${steps(n)}${n + 1}. Last:\n   \`\`\`bash\n`
    const tokens = ['   echo ', 'done', ' &&', ' exit', '\n']
    const cost = (n: number) => drawCost(answer(n), (i) => tokens[i % tokens.length]!, 20, true)
    cost(4) // The first draw warms the parser and React up.
    const costs = [4, 100].map(cost)
    console.log(`per token: ${costs.map((c) => c.toFixed(2)).join(' ms, ')} ms at 4, 100 steps`)
    expect(costs[1]!).toBeLessThan(Math.max(costs[0]!, 1) * 5)
  }
)
