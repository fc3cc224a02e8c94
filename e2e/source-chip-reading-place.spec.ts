import { expect, test } from './fixtures/node'
import { InboxPage, showJobInbox } from './pages/inbox'
import { jobOverFolder, providerBody } from './seed'

/*
 * A reader who opens a cited file from an answer further up a long conversation, then takes "Back to the
 * conversation", is back where they were reading, not at the newest message (they had to scroll to find it again).
 */

/** The conversation's scroll position and the line under its top edge. */
const place = (page: import('@playwright/test').Page) =>
  page.getByTestId('message-list').evaluate((el) => {
    const top = el.getBoundingClientRect().top
    const line = [...el.querySelectorAll<HTMLElement>('p')].find((p) => p.getBoundingClientRect().bottom > top + 1)
    return { scrollTop: el.scrollTop, atEnd: el.scrollHeight - el.scrollTop - el.clientHeight < 40, firstLine: line?.textContent ?? '' }
  })

/** The place once it holds still (the same over two reads, 200 ms apart). */
async function settledPlace(page: import('@playwright/test').Page) {
  let last = await place(page)
  await expect
    .poll(async () => {
      await page.waitForTimeout(200)
      const now = await place(page)
      const same = now.scrollTop === last.scrollTop && now.firstLine === last.firstLine
      last = now
      return same
    })
    .toBe(true)
  return last
}

test('"Back to the conversation" from a cited file opens the conversation where it was read; opened otherwise, it opens at the end', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await node.api('POST', '/v2/create_folder', { path: '/', folder_name: 'Docs' })
  expect((await node.upload('/Docs', 'handbook.md', '# Sick leave\n\nSick leave needs a note after 3 days.')).status).toBe(200)
  const jobId = await jobOverFolder(node, 'gpt', 'Docs')
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  const inbox = new InboxPage(page)
  for (const tag of ['First', 'Second', 'Third']) {
    node.fake.behaviour = { type: 'reply', chunks: Array.from({ length: 40 }, (_, i) => `${tag} answer, line ${i}: sick leave.\n\n`) }
    await inbox.send(`${tag} question about sick leave?`)
    await expect(inbox.answers().last()).toContainText(`${tag} answer, line 39`)
  }

  // The reader goes up to the first answer's end, where its sources are, and opens one.
  const chip = page.locator('[data-question]').filter({ hasText: 'First answer, line 39' }).getByTestId('source-chip').first()
  // The rows above are measured as they come into view, which moves the chip: brought to the middle until it stays.
  await expect(async () => {
    await chip.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    await page.waitForTimeout(150)
    await expect(chip).toBeInViewport({ ratio: 1, timeout: 500 })
  }).toPass()
  const before = await settledPlace(page)
  expect(before.atEnd).toBe(false)
  expect(before.firstLine).toMatch(/^First answer, line \d+/)
  await chip.click()
  await expect(page.getByTestId('file-preview')).toBeVisible()

  await page.getByTestId('file-preview').getByRole('link', { name: 'Back to the conversation' }).click()
  await expect(chip).toBeInViewport()
  const after = await settledPlace(page)
  expect(after.firstLine).toBe(before.firstLine)
  expect(Math.abs(after.scrollTop - before.scrollTop)).toBeLessThanOrEqual(2)
  expect(after.atEnd).toBe(false)

  // Opened from the list of inboxes instead, the same conversation opens at its newest message.
  await chip.click()
  await expect(page.getByTestId('file-preview')).toBeVisible()
  await showJobInbox(page, jobId)
  await expect(inbox.answers().last()).toContainText('Third answer, line 39')
  await expect.poll(async () => (await place(page)).atEnd).toBe(true)
})
