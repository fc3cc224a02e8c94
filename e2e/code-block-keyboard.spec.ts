import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures/node'
import { ringClippedBy } from './focus-ring'
import { openNewJobInbox } from './pages/inbox'

/*
 * A code block whose line is longer than the answer scrolls sideways, which only a mouse or a
 * trackpad could do: the block was no tab stop, so a keyboard user could not read the line's end
 * (axe: scrollable-region-focusable). It is now reached with Tab, named, ringed, and scrolled with the
 * arrow keys; a block that fits is no tab stop.
 */
test('a code block with a long line is reached with Tab and scrolled with the arrow keys; one that fits is no tab stop', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const inbox = await openNewJobInbox(page, node)
  const long = '```python\nprint("' + 'z'.repeat(400) + '")\n```'
  node.fake.behaviour = { type: 'reply', chunks: [`A long line:\n\n${long}\n\nA short one:\n\n\`\`\`sh\nls\n\`\`\`\n`] }
  await inbox.send('Code, please')
  const answer = inbox.answers().last()
  const [longBlock, shortBlock] = [answer.getByTestId('code-block').first(), answer.getByTestId('code-block').last()]
  await expect(shortBlock).toContainText('ls')

  await longBlock.getByRole('button', { name: 'Copy python code' }).focus()
  await page.keyboard.press('Tab')
  const code = answer.getByRole('region', { name: 'Code, python' })
  await expect(code).toBeFocused()
  expect(await code.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none')
  expect(await ringClippedBy(code)).toEqual([])
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => code.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)

  // The short block: from its Copy button, Tab goes past its code.
  await shortBlock.getByRole('button', { name: 'Copy sh code' }).focus()
  await page.keyboard.press('Tab')
  await expect(shortBlock.locator('pre')).not.toBeFocused()
  await expect(shortBlock.locator('pre')).not.toHaveAttribute('tabindex')

  const axe = await new AxeBuilder({ page }).include('[data-testid="message-answer"]').withRules(['scrollable-region-focusable']).analyze()
  expect(axe.violations.map((v) => v.nodes.map((n) => n.html.slice(0, 80)))).toEqual([])
})

test('a code block becomes a tab stop when the window is made too narrow for its line', async ({ page, node }) => {
  await page.setViewportSize({ width: 1920, height: 900 })
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['```ts\nconst y = "' + 'z'.repeat(90) + '"\n```\n'] }
  await inbox.send('Code, please')
  const pre = inbox.answers().last().getByTestId('code-block').locator('pre')
  await expect(pre).toContainText('zzz')
  await expect(pre).not.toHaveAttribute('tabindex')
  await page.setViewportSize({ width: 800, height: 900 })
  await expect(pre).toHaveAttribute('tabindex', '0')
  await expect(pre).toHaveAccessibleName('Code, ts')
})

test('the code block of an answer being written becomes a tab stop once its line grows past the answer', async ({ page, node }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['```python\nx = 1; y = "zz', 'z'.repeat(400), '"\n```\n'], delayMs: 1500 }
  await inbox.send('Code, please')
  const pre = inbox.streaming().getByTestId('code-block').locator('pre')
  await expect(pre).toContainText('x = 1')
  await expect(pre).not.toHaveAttribute('tabindex')
  await expect(pre).toContainText('zzz')
  await expect(pre).toHaveAttribute('tabindex', '0')
})

/*
 * Each token of an answer being written drew its code blocks anew (the Markdown's components were new ones on every
 * render): a block reached with Tab and scrolled sideways lost its focus and went back to its start at the next word.
 */
test('a code block of an answer being written keeps its focus and its sideways scroll as the answer goes on', async ({ page, node }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const inbox = await openNewJobInbox(page, node)
  const long = '```python\nprint("' + 'z'.repeat(400) + '")\n```\n\n'
  node.fake.behaviour = { type: 'reply', chunks: [long, 'First words after. ', 'Second words after.'], delayMs: 1500 }
  await inbox.send('Code, please')
  const answer = inbox.streaming()
  const code = answer.getByRole('region', { name: 'Code, python' })
  await expect(code).toHaveAttribute('tabindex', '0')
  await expect(answer).not.toContainText('First words after')
  await answer.getByRole('button', { name: 'Copy python code' }).focus()
  await page.keyboard.press('Tab')
  await expect(code).toBeFocused()
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight')
  await expect.poll(() => code.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
  await expect(answer).toContainText('First words after')
  await expect(code).toBeFocused()
  expect(await code.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
})

/*
 * With overlay scroll bars (macOS) a line grown past the block brings no scroll bar, so the block's box keeps its
 * size: a measure made on resize alone left the block no tab stop until the answer was stored and drawn again.
 * Scroll bars are hidden here as overlay ones are: drawn over the code, taking no room.
 */
test('with overlay scroll bars, the code block of an answer being written becomes a tab stop once its line grows past the answer', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const inbox = await openNewJobInbox(page, node)
  await page.addStyleTag({ content: 'pre { scrollbar-width: none; }' })
  // Words as wide as the answer first: the block is drawn as wide as it may be, so a line grown past it changes no width.
  const words = 'Some words before the code. '.repeat(20)
  node.fake.behaviour = { type: 'reply', chunks: [`${words}\n\n\`\`\`python\nx = 1; y = "zz`, 'z'.repeat(400), '"\n```\n'], delayMs: 1500 }
  await inbox.send('Code, please')
  const pre = inbox.streaming().getByTestId('code-block').locator('pre')
  await expect(pre).toContainText('x = 1')
  await expect(pre).not.toHaveAttribute('tabindex')
  const box = () => pre.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height])
  const before = await box()
  await expect(pre).toContainText('zzz')
  expect(await box()).toEqual(before)
  await expect(pre).toHaveAttribute('tabindex', '0')
  await expect(pre).toHaveAccessibleName('Code, python')
})
