import type { Browser } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * A laptop's 1024x700 window with the browser's text at 200%: Chromium's zoom lays the page out in a
 * CSS viewport of half the window's size (512x350), drawn at two device pixels per CSS pixel, which
 * is what this context is. There the app's header, the conversation's header with the provider's
 * label, the message box with its two-line hint and the Send button under it, and the page's padding
 * left the messages 60 px of the 350 (17%). Chromium's own text size setting at 200% (a 32 px default
 * font) is a window of 700 px in which the text and what is measured in it doubles: the same rules hold.
 */

async function openAt(browser: Browser, node: HeadlessNode, zoom: 1 | 2) {
  const context = await browser.newContext({ viewport: { width: 1024 / zoom, height: 700 / zoom }, deviceScaleFactor: zoom })
  const page = await context.newPage()
  const inbox = await openNewJobInbox(page, node)
  const messages = page.getByTestId('message-list')
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  return { context, page, inbox, messages, box }
}

const heightOf = async (locator: import('@playwright/test').Locator) => (await locator.boundingBox())!.height

test('at 100% the messages keep most of a 1024x700 window', async ({ browser, node }) => {
  const { context, inbox, messages } = await openAt(browser, node, 1)
  await inbox.send('What does the lease say?')
  await expect(inbox.answers()).toHaveCount(1)
  expect(await heightOf(messages)).toBeGreaterThanOrEqual(0.4 * 700)
  await context.close()
})

test('at 200% the messages keep 40% of the window, an answer is read whole, and the message box writes and sends', async ({
  browser,
  node
}) => {
  const { context, page, inbox, messages, box } = await openAt(browser, node, 2)
  await inbox.send('What does the lease say?')
  await expect(inbox.answers()).toHaveCount(1)
  expect(await heightOf(messages), 'the messages').toBeGreaterThanOrEqual(0.4 * 350)
  await expect(inbox.answers().first().getByText('Hello from the fake')).toBeInViewport({ ratio: 1 })

  // From the keyboard: typed, sent with Enter; then Tab reaches Send, which sends too.
  await box.focus()
  await page.keyboard.type('And the deposit?')
  await page.keyboard.press('Enter')
  await expect(inbox.answers()).toHaveCount(2)
  await expect(box).toBeFocused()
  await page.keyboard.type('Who pays for repairs?')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(inbox.questions()).toHaveCount(3)
  await expect(inbox.answers()).toHaveCount(3)
  await expect(inbox.answers().last().getByText('Hello from the fake')).toBeInViewport({ ratio: 1 })

  // While an answer is written, Stop joins Send beside the box: both whole, the box still wide.
  node.fake.behaviour = { type: 'stall', chunks: ['Part of an answer'] }
  await inbox.send('One more')
  await expect(inbox.streaming()).toContainText('Part of an answer')
  for (const name of ['Stop', 'Send']) await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 })
  expect((await box.boundingBox())!.width, 'the message box while an answer is written').toBeGreaterThanOrEqual(300)
  expect(await heightOf(messages), 'the messages while an answer is written').toBeGreaterThanOrEqual(0.4 * 350)
  await context.close()
})

test('at 200% a long message grows the box only to a quarter of the window, and scrolls in it', async ({ browser, node }) => {
  const { context, messages, box } = await openAt(browser, node, 2)
  await box.fill(Array.from({ length: 20 }, (_, i) => `Line ${i + 1} of a long question`).join('\n'))
  await expect.poll(() => heightOf(box)).toBeGreaterThan(60)
  expect(await heightOf(box), 'the message box').toBeLessThanOrEqual(0.25 * 350 + 1)
  expect(await box.evaluate((b) => b.scrollHeight > b.clientHeight), 'the box scrolls').toBe(true)
  expect(await heightOf(messages), 'the messages').toBeGreaterThanOrEqual(0.25 * 350)
  await context.close()
})

test("with Chromium's text size at 200% (32 px) the messages keep 40% of a 1024x700 window; the conversation list is a drawer", async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1024, height: 700 })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.enable')
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } })
  const inbox = await openNewJobInbox(page, node)
  await inbox.send('What does the lease say?')
  await expect(inbox.answers()).toHaveCount(1)
  expect(await heightOf(page.getByTestId('message-list')), 'the messages').toBeGreaterThanOrEqual(0.4 * 700)
  await expect(inbox.answers().first().getByText('Hello from the fake')).toBeInViewport({ ratio: 1 })
  await page.getByRole('button', { name: 'Conversations', exact: true }).press('Enter')
  await expect(page.getByRole('dialog', { name: 'Conversations' })).toBeVisible()
})
