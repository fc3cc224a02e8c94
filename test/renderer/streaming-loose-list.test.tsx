// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { drawCost, drawnHtml, expectStreamedAsWhole } from './answer-shape'

/*
 * A long loose list (blank lines between its items, as models often write) in an answer being written: cut into
 * blocks at a blank line between two items, it was drawn as two lists (an ordered one numbered again from its cut),
 * where the whole text parsed at once draws one loose list.
 */

afterEach(cleanup)

const words = (i: number) => `Point ${i}: the node keeps its documents and answers about them, item number ${i}.`
const list = (n: number, marker: (i: number) => string, body: (i: number) => string = words, sep = '\n\n') =>
  Array.from({ length: n }, (_, i) => `${marker(i)}${body(i)}`).join(sep) + '\n'

const answers: Record<string, string> = {
  'a loose list with -': list(90, () => '- '),
  'a loose list with *, then a paragraph': `Intro.\n\n${list(70, () => '* ')}\nAfter the list.\n`,
  'a loose list with +, then a list with -': `${list(70, () => '+ ')}\n${list(40, () => '- ')}`,
  'an ordered list from 3 with ., then a paragraph': `${list(70, (i) => `${i + 3}. `)}\nAfter.\n`,
  'an ordered list with )': list(80, (i) => `${i + 1}) `),
  'items with nested paragraphs and code': list(
    30,
    (i) => `${i + 1}. `,
    (i) => `${words(i)}\n\n   More about ${i}.\n\n   \`\`\`sh\n   run ${i}\n   \`\`\`\n\n   - sub ${i}\n   - sub ${i}b`
  ),
  'items with lazy lines, then a heading': `${list(
    60,
    () => '- ',
    (i) => `${words(i)}\nlazy line ${i}`
  )}\n# Next\n\nText.\n`,
  'a tight list then loose items': `${list(30, () => '- ', words, '\n')}\n${list(50, () => '- ')}`,
  'a long code block in an item of the list after its cut': `${list(30, () => '- ')}\n- Save this:\n\n  \`\`\`ts\n${Array.from({ length: 150 }, (_, i) => `  const value${i} = compute(${i}) // line ${i}\n`).join('')}  \`\`\`\n\n  Then run it.\n\n${list(30, () => '- ')}`,
  'a task list': list(60, (i) => (i % 2 ? '- [x] ' : '- [ ] ')),
  'a task list whose first block has no task item': `${list(40, () => '- ')}\n${list(40, (i) => (i % 2 ? '- [x] ' : '- [ ] '))}`,
  'an ordered list with one task item, far from its start': `${list(70, (i) => `${i + 1}. `)}\n71. [ ] The one task.\n\n${list(10, (i) => `${i + 72}. `)}`,
  'an item with a tab after its marker, an empty item': `${list(30, () => '- ')}\n-\tTabbed\n\n-\n\n${list(30, () => '- ')}`,
  'a thematic break after the list': `${list(30, () => '* ')}\n* * *\n\n${list(30, () => '* ')}`,
  'a list item of one long paragraph': `- ${words(0).repeat(40)}\n\n- ${words(1).repeat(40)}\n\n- short\n\n- ${words(2).repeat(40)}\n`
}

it('a long loose list is drawn, at every point while it streams, as the whole text parsed at once', { timeout: 240_000 }, () => {
  expectStreamedAsWhole(answers)
})

it('a token added to a long loose list costs far less than parsing the whole list again', { timeout: 120_000 }, () => {
  const answer = (chars: number) => {
    let text = ''
    for (let i = 0; text.length < chars; i++) text += `- ${words(i)}\n\n`
    return text + '- Last'
  }
  const tokens = [' word', ',', ' more', '.\n\n- Next']
  const cost = (start: string) => drawCost(start, (i) => tokens[i % tokens.length]!, 40, true)
  cost(answer(200)) // The first draw warms the parser and React up.
  const start = answer(50_000)
  const whole = (() => {
    let spent = Infinity
    for (let i = 0; i < 3; i++) {
      const t = performance.now()
      drawnHtml(start, false)
      spent = Math.min(spent, performance.now() - t)
    }
    return spent
  })()
  const [short, long] = [cost(answer(200)), cost(start)]
  console.log(`per token: ${short.toFixed(2)} ms at 200, ${long.toFixed(2)} ms at 50k characters; whole parse ${whole.toFixed(1)} ms`)
  expect(long).toBeLessThan(whole / 10)
})
