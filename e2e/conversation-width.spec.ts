import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * Room for the conversation on a laptop's window. At 1280 px, beside the app's navigation, the
 * conversation list and the job's details, the messages had 436 px and the message box 328 px,
 * 226 px once an answer began (Stop took its room from the box).
 */

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The message box and the messages are wide, the buttons whole and beside nothing of the box, the page no wider than the window. */
async function expectRoom(page: Page, when: string, buttons: string[]) {
  const box = (await page.getByRole('textbox', { name: 'Message', exact: true }).boundingBox())!
  const messages = (await page.getByTestId('message-list').boundingBox())!
  expect(box.width, `the message box ${when}`).toBeGreaterThanOrEqual(600)
  expect(messages.width, `the messages ${when}`).toBeGreaterThanOrEqual(600)
  const drawn: Box[] = []
  for (const name of buttons) {
    const button = page.getByRole('button', { name, exact: true })
    await expect(button, `${name} ${when}`).toBeInViewport({ ratio: 1 })
    const b = (await button.boundingBox())!
    expect(overlap(b, box), `${name} over the message box ${when}`).toBe(false)
    for (const other of drawn) expect(overlap(b, other), `${name} over another button ${when}`).toBe(false)
    drawn.push(b)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page ${when}`).toBeLessThanOrEqual(
    page.viewportSize()!.width
  )
}

test('a 1280 px window gives the conversation room, with the conversation list open, idle and while an answer is written; 1024 px too', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const inbox = await openNewJobInbox(page, node)
  await expect(page.getByTestId('conversation-list')).toBeVisible()
  await expectRoom(page, 'at 1280 px', ['Send'])

  node.fake.behaviour = { type: 'stall', chunks: ['Part of an answer, still being written'] }
  await inbox.send('A question')
  await expect(inbox.streaming()).toContainText('Part of an answer')
  await expect(page.getByTestId('conversation-list')).toBeVisible()
  await expectRoom(page, 'at 1280 px while an answer is written', ['Stop', 'Send'])

  // Narrower: the conversation list and the job's details are in drawers, their buttons in the header.
  await page.setViewportSize({ width: 1024, height: 768 })
  await expect(page.getByRole('button', { name: 'Conversations' })).toBeVisible()
  await expectRoom(page, 'at 1024 px while an answer is written', ['Stop', 'Send', 'Conversations', 'Details'])
})

test('the operator’s message is as wide as its text, at the right; a long one wraps at most across 85% of the messages', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const inbox = await openNewJobInbox(page, node)
  await inbox.send('Hi')
  await inbox.send('A long question '.repeat(40))
  await expect(inbox.answers()).toHaveCount(2)
  const messages = (await page.getByTestId('message-list').boundingBox())!
  const [short, long] = await page.getByTestId('message-question').all()
  const s = (await short!.boundingBox())!
  const l = (await long!.boundingBox())!
  expect(s.width).toBeLessThan(messages.width / 4)
  // At the right: its right edge is the long one's, which reaches the messages' right side.
  expect(Math.abs(s.x + s.width - (l.x + l.width))).toBeLessThan(2)
  expect(l.width).toBeGreaterThan(messages.width * 0.8)
  expect(l.width).toBeLessThanOrEqual(messages.width * 0.85 + 1)
})
