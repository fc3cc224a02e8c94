import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * Copy answer in Chromium, from the keyboard: the answer as written (Markdown, code fences) reaches
 * the system clipboard through navigator.clipboard, which the browser allows on a user's key press.
 */

test('Copy answer, pressed from the keyboard, puts the answer as written on the clipboard', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  const source = 'Run **this**:\n\n```sh\nnpm run serve\n```\n'
  node.fake.behaviour = { type: 'reply', chunks: [source] }
  await inbox.send('How do I start it?')
  await expect(inbox.answers()).toContainText('npm run serve')
  const copy = inbox.answers().getByRole('button', { name: 'Copy answer' })
  await copy.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Answer copied' })).toBeAttached()
  // Reading the clipboard back is the test's own doing: the app is granted writing only.
  await page.context().grantPermissions(['clipboard-read'])
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(source)
})
