import type { Locator, Page } from '@playwright/test'
import { contrastOf } from './contrast'
import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * How an answer's Markdown reads at any window width: a quote was drawn larger than the answer
 * (Mantine's Typography sets blockquote at its lg size), a link at 16 px in 14 px text, lines of a
 * long paragraph ran to ~130 characters in a 1920 px window, a paragraph was followed by more space
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

/** An element's width, and that of 80 characters ("0" is 1ch) in its own font. */
const measure80 = (el: Element) => {
  const probe = document.createElement('span')
  probe.textContent = '0'.repeat(80)
  probe.style.whiteSpace = 'nowrap'
  el.appendChild(probe)
  const ch80 = probe.getBoundingClientRect().width
  probe.remove()
  return { width: el.getBoundingClientRect().width, ch80 }
}

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

test('in a 1920 px window an answer’s lines are at most about 80 characters, while its code and table use the wider answer', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 })
  const answer = await nastyAnswer(page, node)
  const paragraph = answer.locator('p', { hasText: 'The last paragraph.' })
  const { width, ch80 } = await paragraph.evaluate(measure80)
  expect(width, 'the paragraph’s line box').toBeLessThanOrEqual(ch80)
  const left = (await paragraph.boundingBox())!.x
  for (const el of [answer.locator('blockquote'), answer.locator('ul').first(), answer.locator('hr')]) {
    const box = (await el.boundingBox())!
    expect(box.width).toBeLessThanOrEqual(ch80)
    expect(box.x, 'from the text’s left edge').toBeCloseTo(left, 0)
  }
  const card = (await answer.boundingBox())!
  for (const wide of [answer.getByTestId('code-block'), answer.getByRole('region', { name: 'Table' })]) {
    const box = (await wide.boundingBox())!
    expect(box.width, 'code and tables use the answer’s width').toBeGreaterThan(width + 100)
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width + 0.5)
  }
})

test('in a 1920 px window the operator’s long question is at most about 80 characters a line', async ({ page, node }) => {
  await page.setViewportSize({ width: 1920, height: 1080 })
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['Noted.'] }
  await inbox.send(long)
  const text = inbox
    .questions()
    .last()
    .getByText(/^Lorem ipsum/)
  await expect(text).toBeVisible()
  const { width, ch80 } = await text.evaluate(measure80)
  expect(width).toBeLessThanOrEqual(ch80)
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

for (const scheme of ['light', 'dark'] as const) {
  for (const [width, height] of [
    [800, 600],
    [1920, 1080]
  ] as const) {
    test(`the worst Markdown stays inside its answer and reads at 4.5:1 (${width}x${height}, ${scheme})`, async ({ page, node }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await page.setViewportSize({ width, height })
      const answer = await nastyAnswer(page, node)
      const overflowing = await answer.evaluate((card) => {
        const right = card.getBoundingClientRect().right + 0.5
        // What scrolls in its own box (code, tables) may be wider; nothing else may run out.
        const scrolls = (el: Element) => el.closest('pre, [role="region"]') !== null
        return [...card.querySelectorAll('*')]
          .filter((el) => !scrolls(el) && el.getBoundingClientRect().right > right)
          .map((el) => `${el.tagName} ${el.textContent?.slice(0, 30)}`)
      })
      expect(overflowing).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      for (const text of [
        answer.locator('p', { hasText: 'The last paragraph.' }),
        answer.locator('blockquote p'),
        answer.locator('h3'),
        answer.locator('h6').first(),
        answer.locator('p code'),
        answer.getByRole('link', { name: /^https:\/\/example\.com/ })
      ]) {
        expect(await contrastOf(text)).toBeGreaterThanOrEqual(4.5)
      }
    })
  }
}

/** The conversation's title and an answer using headings of each level, inline code in each kind of text, and a short reply. */
const structured = [
  '# Heading one',
  'A paragraph with `inline` code.',
  '## Heading two',
  '### Heading three',
  '#### Heading four',
  '##### Heading five',
  '###### Heading six with `code`',
  '- a list item with `code`',
  '| `field` name | value |\n|---|---|\n| `key` | one |'
].join('\n\n')

test('an answer’s six heading levels each look different, the larger first, all smaller than the conversation’s title', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: [structured] }
  await inbox.send('Headings, please')
  const answer = inbox.answers().last()
  await expect(answer.getByText('Heading six')).toBeVisible()
  const title = px(await style(inbox.title(), 'font-size'))
  const body = px(await style(answer.locator('p').first(), 'font-size'))
  const levels = ['one', 'two', 'three', 'four', 'five', 'six']
  const looks: { size: number; weight: number }[] = []
  for (const level of levels) {
    const heading = answer.getByRole('heading', { name: new RegExp(`^Heading ${level}`) })
    looks.push({ size: px(await style(heading, 'font-size')), weight: px(await style(heading, 'font-weight')) })
  }
  const shown = looks.map((l, i) => `${levels[i]} ${l.size}px/${l.weight}`).join(', ')
  for (const [i, look] of looks.entries()) {
    expect(look.size, `${shown}: smaller than the title (${title}px)`).toBeLessThan(title)
    expect(look.size, `${shown}: not much smaller than the text (${body}px)`).toBeGreaterThanOrEqual(body * 0.85)
    if (i === 0) continue
    const above = looks[i - 1]!
    // Each level reads as less than the one above it: smaller, or as large and lighter.
    expect(look.size < above.size || (look.size === above.size && look.weight < above.weight), `${shown}: ${levels[i]}`).toBe(true)
  }
})

test('inline code is about 0.9 of the size of the words around it, in a paragraph, a heading, a list and a table', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: [structured] }
  await inbox.send('Code in text, please')
  const answer = inbox.answers().last()
  await expect(answer.getByText('Heading six')).toBeVisible()
  for (const around of [
    answer.locator('p', { hasText: 'A paragraph with' }),
    answer.getByRole('heading', { name: /^Heading six/ }),
    answer.locator('li', { hasText: 'a list item' }),
    answer.getByRole('cell', { name: 'key' }),
    answer.getByRole('columnheader', { name: 'field name' })
  ]) {
    const ratio = px(await style(around.locator('code'), 'font-size')) / px(await style(around, 'font-size'))
    // It was 12 px in 14 px text (0.86), and in 18-22 px headings.
    expect(ratio, await around.evaluate((el) => el.tagName)).toBeGreaterThan(0.87)
    expect(ratio).toBeLessThan(0.93)
  }
})

test('in a 1920 px window an answer’s card hugs its text, and widens only for code or a table that need it', async ({ page, node }) => {
  await page.setViewportSize({ width: 1920, height: 1080 })
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: [long] }
  await inbox.send('Prose, please')
  const prose = inbox.answers().last()
  const paragraph = prose.locator('p').first()
  await expect(paragraph).toBeVisible()
  // A blank third of the card ran to the right of the text, which stops at its reading measure.
  const [card, text] = [(await prose.boundingBox())!, (await paragraph.boundingBox())!]
  expect(card.x + card.width - (text.x + text.width), 'blank space right of the text').toBeLessThan(40)

  node.fake.behaviour = { type: 'reply', chunks: [`${long}\n\n\`\`\`ts\nconst y = "${'z'.repeat(500)}"\n\`\`\`\n`] }
  await inbox.send('Code, please')
  await expect(inbox.answers()).toHaveCount(2)
  const withCode = (await inbox.answers().last().boundingBox())!
  expect(withCode.width, 'the code uses the conversation’s width').toBeGreaterThan(card.width + 200)
})

test('a table’s header reads at the answer’s size, its inline code as in the cells below', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: [structured] }
  await inbox.send('A table, please')
  const answer = inbox.answers().last()
  const header = answer.getByRole('columnheader', { name: 'field name' })
  await expect(header).toBeVisible()
  const body = px(await style(answer.locator('p').first(), 'font-size'))
  const cell = answer.getByRole('cell', { name: 'key' })
  expect(px(await style(header, 'font-size')), 'the header’s words').toBe(body)
  expect(px(await style(cell, 'font-size')), 'a cell’s words').toBe(body)
  expect(await style(header.locator('code'), 'font-size'), 'code in the header, as in a cell').toBe(
    await style(cell.locator('code'), 'font-size')
  )
})

for (const width of [1280, 1920]) {
  test(`in a ${width} px window a two-column table is as wide as its words, not the answer’s width`, async ({ page, node }) => {
    await page.setViewportSize({ width, height: 1000 })
    const inbox = await openNewJobInbox(page, node)
    node.fake.behaviour = {
      type: 'reply',
      chunks: [`${long}\n\n| name | value |\n|---|---|\n| colour | blue |\n| size | large |\n\n${long}`]
    }
    await inbox.send('A small table, please')
    const answer = inbox.answers().last()
    const table = answer.locator('table')
    await expect(table).toBeVisible()
    await answer.screenshot({ path: test.info().outputPath(`table-${width}.png`) })
    // Its columns ran far apart across the card: it is as wide as its words and its cells' padding need.
    const { laidOut, needed } = await table.evaluate((el: HTMLElement) => {
      const laidOut = el.getBoundingClientRect().width
      el.style.width = 'max-content'
      const needed = el.getBoundingClientRect().width
      el.style.width = ''
      return { laidOut, needed }
    })
    expect(laidOut).toBeCloseTo(needed, 0)
    const paragraph = (await answer.locator('p').first().boundingBox())!
    expect(laidOut, 'far narrower than the text above it').toBeLessThan(paragraph.width / 2)
    // Its scrolling box (outlined when focused) is the table's width, from the text's left edge.
    const region = (await answer.getByRole('region', { name: 'Table' }).boundingBox())!
    expect(region.width).toBeCloseTo(laidOut, 0)
    expect(region.x).toBeCloseTo(paragraph.x, 0)
  })
}
