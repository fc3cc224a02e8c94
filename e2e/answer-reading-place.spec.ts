import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * A reader who scrolls up into an answer while it is being written stays where they are when it is
 * finished: the stored answer takes the streamed one's place instead of the view jumping to the end.
 */

/** The conversation's scroll position and the row under its top edge. */
const place = (page: import('@playwright/test').Page) =>
  page.getByTestId('message-list').evaluate((el) => {
    const top = el.getBoundingClientRect().top
    const line = [...el.querySelectorAll<HTMLElement>('p')].find((p) => p.getBoundingClientRect().bottom > top + 1)
    return { scrollTop: el.scrollTop, atEnd: el.scrollHeight - el.scrollTop - el.clientHeight < 40, firstLine: line?.textContent ?? '' }
  })

for (const kind of ['first answer', 'regenerated answer'] as const) {
  test(`scrolled up into a ${kind} being written, the reader keeps their place when it is stored`, async ({ page, node }) => {
    await page.setViewportSize({ width: 1280, height: 700 })
    const inbox = await openNewJobInbox(page, node)
    const lines = (tag: string) => Array.from({ length: 120 }, (_, i) => `${tag} line ${i}.\n\n`)
    if (kind === 'regenerated answer') {
      node.fake.behaviour = { type: 'reply', chunks: lines('Old') }
      await inbox.send('Tell me a long story')
      await expect(inbox.answers()).toHaveCount(1)
      node.fake.behaviour = { type: 'reply', chunks: lines('New'), delayMs: 40 }
      await page.getByRole('button', { name: 'Regenerate' }).click()
    } else {
      node.fake.behaviour = { type: 'reply', chunks: lines('New'), delayMs: 40 }
      await inbox.send('Tell me a long story')
    }
    // A good part of the answer has come; the reader scrolls up into it.
    await expect(inbox.streaming()).toContainText('New line 60.')
    const list = page.getByTestId('message-list')
    await list.hover()
    await page.mouse.wheel(0, -500)
    await expect.poll(async () => (await place(page)).atEnd).toBe(false)
    const reading = await place(page)
    expect(reading.firstLine).toMatch(/^New line \d+\.$/)
    // The answer is finished and stored.
    await expect(inbox.streaming()).toHaveCount(0, { timeout: 30_000 })
    await expect(inbox.answers().last()).toContainText('New line 119.')
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    const after = await place(page)
    expect(after.atEnd, 'the view jumped to the end').toBe(false)
    expect(after.firstLine).toBe(reading.firstLine)
  })
}
