import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * How an answer's Markdown reads: a quote was drawn larger than the answer (Mantine's Typography sets
 * blockquote at its lg size), a link at 16 px in 14 px text, a paragraph was followed by more space
 * than a list or a quote, and a task list drew a bullet before each checkbox. Measured as Chromium lays them out.
 */

const sentence =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. '
const long = sentence.repeat(6).trim()
const columns = Array.from({ length: 12 }, (_, i) => `column header ${i}`)
/** Every Markdown element an answer has, at its worst. */
const nasty = [
  '# Heading one',
  long,
  '## Heading two',
  '### Heading three',
  '#### Heading four',
  '##### Heading five',
  '###### Heading six',
  `> ${long}`,
  `- one\n  - two\n    - three deep, ${long}`,
  '1. first\n2. second',
  [`| ${columns.join(' | ')} |`, `|${columns.map(() => '---').join('|')}|`, `| ${columns.map((_, i) => `value ${i}`).join(' | ')} |`].join(
    '\n'
  ),
  `A link: https://example.com/${'a'.repeat(300)} and a word ${'W'.repeat(300)}.`,
  `Inline \`${'x'.repeat(300)}\` code.`,
  '```ts\nconst y = "' + 'z'.repeat(500) + '"\n```',
  '![a diagram](http://127.0.0.1:1/unreachable.png)',
  '---',
  '- [ ] a task\n- [x] a done task',
  `The last paragraph. ${long}`
].join('\n\n')

async function nastyAnswer(page: Page, node: Parameters<typeof openNewJobInbox>[1]): Promise<Locator> {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: [nasty] }
  await inbox.send('Everything Markdown has, please')
  const answer = inbox.answers().last()
  await expect(answer.getByText('The last paragraph.')).toBeAttached()
  return answer
}

const px = (v: string) => parseFloat(v)
const style = (l: Locator, prop: string) => l.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop)

test('a quote in an answer reads at the answer’s size, set apart by a border', async ({ page, node }) => {
  const answer = await nastyAnswer(page, node)
  const body = px(await style(answer.locator('p', { hasText: 'The last paragraph.' }), 'font-size'))
  const quote = answer.locator('blockquote')
  expect(px(await style(quote, 'font-size'))).toBeLessThanOrEqual(body)
  expect(px(await style(quote.locator('p'), 'font-size'))).toBeLessThanOrEqual(body)
  expect(px(await style(quote, 'border-inline-start-width'))).toBeGreaterThanOrEqual(2)
})

test('a link and an image’s link in an answer are the size of the words around them', async ({ page, node }) => {
  const answer = await nastyAnswer(page, node)
  for (const link of [answer.getByRole('link', { name: /^https:\/\/example\.com/ }), answer.getByTestId('answer-image-link')]) {
    const around = link.locator('xpath=..')
    expect(await style(link, 'font-size')).toBe(await style(around, 'font-size'))
  }
})

test('a paragraph, a list, a quote, a code block and a table are followed by the same space', async ({ page, node }) => {
  const answer = await nastyAnswer(page, node)
  // The space between each block and the next, headings (spaced to belong to what follows) aside.
  const gaps = await answer.evaluate((card) => {
    const blocks = [...card.querySelector('.mantine-Typography-root')!.children]
    const out: string[] = []
    for (let i = 0; i + 1 < blocks.length; i++) {
      const [a, b] = [blocks[i]!, blocks[i + 1]!]
      if (/^H\d$/.test(a.tagName) || /^H\d$/.test(b.tagName) || a.tagName === 'HR' || b.tagName === 'HR') continue
      const gap = Math.round(b.getBoundingClientRect().top - a.getBoundingClientRect().bottom)
      out.push(`${a.tagName}→${b.tagName} ${gap}`)
    }
    return out
  })
  expect(gaps.length).toBeGreaterThan(5)
  const sizes = new Set(gaps.map((g) => g.split(' ')[1]))
  expect(sizes, gaps.join(', ')).toHaveProperty('size', 1)
})

test('a task list shows its checkboxes without bullets, inside the answer', async ({ page, node }) => {
  const answer = await nastyAnswer(page, node)
  const item = answer.locator('li', { hasText: 'a done task' })
  expect(await style(item, 'list-style-type')).toBe('none')
  const box = (await item.getByRole('checkbox').boundingBox())!
  const card = (await answer.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(card.x)
})
