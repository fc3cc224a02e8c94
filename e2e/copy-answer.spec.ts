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

test('a code block copies its code alone, from the keyboard, and its lines start in one column', async ({ page, node }) => {
  const inbox = await openNewJobInbox(page, node)
  node.fake.behaviour = { type: 'reply', chunks: ['Run:\n\n```sh\nnpm install\nnpm run serve\n```\n\nDone.'] }
  await inbox.send('How do I start it?')
  const block = inbox.answers().getByTestId('code-block')
  await expect(block).toContainText('npm run serve')
  // Mantine's inline-code padding once pushed the first line of every block one space right.
  const starts = await block.locator('pre code').evaluate((code) => {
    const text = code.firstChild!
    const range = document.createRange()
    const at = (offset: number) => {
      range.setStart(text, offset)
      range.setEnd(text, offset + 1)
      return range.getBoundingClientRect().left
    }
    return [at(0), at(text.textContent!.indexOf('\n') + 1)]
  })
  expect(starts[0]).toBeCloseTo(starts[1]!, 0)
  await block.getByRole('button', { name: 'Copy sh code' }).focus()
  await page.keyboard.press('Enter')
  await expect(block.getByRole('status')).toHaveText('Code copied')
  await page.context().grantPermissions(['clipboard-read'])
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('npm install\nnpm run serve')
})
