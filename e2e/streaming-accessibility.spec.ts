import { seriousViolations } from './axe'
import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * The conversation while an answer streams in is the screen an operator looks at most. Its "Answer
 * in progress" loader carried an aria-label on an element with no role, which assistive technology
 * ignores (axe: aria-prohibited-attr, serious): the wait went unnamed.
 */
test('a conversation while its answer streams has no serious accessibility finding, and names the answer in progress', async ({
  page,
  node
}) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: Array.from({ length: 40 }, (_, k) => `Line ${k}.\n\n`), delayMs: 100 }
  await inbox.send('A question')
  await expect(page.getByTestId('streaming-answer')).toContainText('Line 2.')
  await expect(page.getByRole('img', { name: 'Answer in progress' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await expect(inbox.answers()).toHaveCount(1, { timeout: 15_000 })
})

/*
 * An answer streaming in that outgrows the view, in a conversation with no other message: the list
 * scrolls and holds no control (the question has none, the unfinished answer none yet). The list is
 * then a Tab stop itself, so the keyboard can scroll back to the question; once the stored answer
 * brings its Copy button, the list is no Tab stop any more (after the focus has left it).
 */
test('a conversation that scrolls with no control inside is a Tab stop the keyboard scrolls, and stops being one once it has a control', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const inbox = await openNewJobInbox(page, node)
  let answer = () => {}
  const lines = Array.from({ length: 60 }, (_, i) => `Line ${i} of a long answer.\n\n`)
  node.fake.behaviour = { type: 'keepalive', chunks: lines, everyMs: 200, until: new Promise<void>((r) => (answer = r)) }
  await inbox.send('A question')
  const list = page.getByTestId('message-list')
  await expect(inbox.streaming()).toContainText('Line 59 of a long answer.')
  await expect.poll(() => list.evaluate((l) => l.scrollHeight - l.clientHeight > 400)).toBe(true)
  await expect(list).toHaveAttribute('tabindex', '0')
  expect(await seriousViolations(page)).toEqual([])

  // Shift+Tab from the message box reaches the list; the keyboard scrolls it back to the question.
  await page.getByRole('textbox', { name: 'Message', exact: true }).focus()
  for (let i = 0; i < 6 && !(await list.evaluate((l) => l === document.activeElement)); i++) await page.keyboard.press('Shift+Tab')
  await expect(list).toBeFocused()
  await page.keyboard.press('Home')
  await expect.poll(() => list.evaluate((l) => l.scrollTop)).toBe(0)
  await expect(list.getByText('A question', { exact: true })).toBeInViewport()

  // The answer is stored with its Copy button: the list keeps the focus until it leaves, then is no Tab stop.
  answer()
  await expect(inbox.answers()).toHaveCount(1, { timeout: 15_000 })
  await expect(list).toBeFocused()
  await page.getByRole('textbox', { name: 'Message', exact: true }).focus()
  await expect(list).not.toHaveAttribute('tabindex', '0')
  expect(await seriousViolations(page)).toEqual([])
})
