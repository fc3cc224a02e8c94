import { expect, test } from './fixtures/node'
import { openNewJobInbox } from './pages/inbox'

/*
 * A log of 4,000 lines pasted into the message box (a real paste: the clipboard, Control+V) is in the box at
 * once, and the keys typed after it show at once. The box's auto-sizing measured the whole text in a hidden
 * copy of the box twice on every key: with 200 KB in it each key took 170 ms (a plain textarea's took 20 ms),
 * and 30 keys typed 5 s. Sent, the message shows in the conversation, cut to a screenful.
 */

const LINES = 4000
const log = Array.from(
  { length: LINES },
  (_, i) => `2026-12-07 04:50:${String(i % 60).padStart(2, '0')} line ${i + 1} of the pasted log, done`
).join('\n')
const typed = ' and what went wrong here?'

test('a pasted log of 4,000 lines is in the box at once, keys typed after it show at once, and it is sent', async ({ page, node }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const inbox = await openNewJobInbox(page, node)
  await expect(inbox.title()).toBeVisible()
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await page.evaluate((text) => navigator.clipboard.writeText(text), log)
  await box.focus()

  let start = Date.now()
  await page.keyboard.press('Control+V')
  await expect(box).toHaveValue(log)
  const pasted = Date.now() - start
  start = Date.now()
  await page.keyboard.type(typed)
  await expect(box).toHaveValue(log + typed)
  const typing = Date.now() - start
  console.log(`pasting ${log.length} characters in ${LINES} lines: ${pasted} ms; typing ${typed.length} keys after it: ${typing} ms`)
  // Bounds for a loaded machine: a few times what they take here (about 0.3 s and 0.6 s).
  expect(pasted, 'pasting 4,000 lines (ms)').toBeLessThan(3000)
  expect(typing, `typing ${typed.length} keys into a box holding 4,000 lines (ms)`).toBeLessThan(2500)
  // Grown to its eight lines, not to the whole text: it scrolls in itself.
  const height = (await box.boundingBox())!.height
  expect(height).toBeLessThan(0.25 * 800 + 1)
  expect(await box.evaluate((b) => b.scrollHeight > 10 * b.clientHeight)).toBe(true)

  await page.keyboard.press('Enter')
  await expect(box).toHaveValue('')
  await expect(inbox.questions()).toHaveCount(1)
  const question = inbox.questions().first()
  await expect(question).toContainText('line 1 of the pasted log')
  await expect(inbox.answers()).toHaveCount(1)
  await expect(inbox.answers().first()).toBeInViewport()
  // Shown cut to a screenful; "Show all" shows it to its last line.
  await question.getByRole('button', { name: /Show all/ }).click()
  await expect(question).toContainText(`line ${LINES} of the pasted log, done${typed}`)
})

test('a pasted text over the 1 MiB limit is refused before it is sent, saying the limit and how far over it is', async ({ page, node }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const inbox = await openNewJobInbox(page, node)
  await expect(inbox.title()).toBeVisible()
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  // 1 MiB and 100 bytes of ASCII, in lines.
  const line = `${'x'.repeat(99)}\n`
  const over = line.repeat((1024 * 1024) / 100) + 'y'.repeat(((1024 * 1024) % 100) + 100)
  await page.evaluate((text) => navigator.clipboard.writeText(text), over)
  await box.focus()
  await page.keyboard.press('Control+V')
  await expect(box).toHaveValue(over)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('unsent-note')).toHaveText(
    'Not sent: The message is larger than the 1 MiB limit (1,048,576 bytes of UTF-8) by 100 bytes: shorten it.'
  )
  await expect(box).toHaveAttribute('aria-invalid', 'true')
  await expect(box).toHaveValue(over)
  await expect(inbox.questions()).toHaveCount(0)
})
