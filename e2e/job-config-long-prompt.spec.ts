import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { emptyScope, providerBody } from './seed'

/*
 * A long system prompt pasted into Job config (a real paste: the clipboard, Control+V): the keys typed
 * after it show at once. The prompt's auto-sizing (Mantine's autosize) measured the whole text in a hidden
 * copy of the box on every key, as the message box's did: with 4,000 lines in it each key took a few
 * hundred ms.
 */

const LINES = 4000
const prompt = Array.from({ length: LINES }, (_, i) => `Rule ${i + 1}: answer in French, cite the file and the page, be brief.`).join('\n')
const typed = ' And never guess a number.'

test('a system prompt of 4,000 lines pasted into Job config: keys typed after it show at once, the box stays in the dialog', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1600, height: 800 })
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
  ).body
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(node.uiUrl)
  await showJobInbox(page, jobId)
  await page
    .locator('#main-content')
    .getByRole('complementary', { name: 'Job details' })
    .getByRole('button', { name: 'Edit config' })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Job config' })
  const box = dialog.getByRole('textbox', { name: 'System prompt' })
  await expect(box).toBeFocused()
  await page.evaluate((text) => navigator.clipboard.writeText(text), prompt)

  await page.keyboard.press('Control+V')
  await expect(box).toHaveValue(prompt)
  const start = Date.now()
  await page.keyboard.type(typed)
  await expect(box).toHaveValue(prompt + typed)
  const typing = Date.now() - start
  console.log(`typing ${typed.length} keys into a system prompt of ${LINES} lines: ${typing} ms`)
  // A bound for a loaded machine: a few times what it takes here.
  expect(typing, `typing ${typed.length} keys into a system prompt of ${LINES} lines (ms)`).toBeLessThan(2500)
  // Still a box of a few lines in the dialog, scrolling in itself; Save in sight.
  expect(await box.evaluate((b) => b.scrollHeight > 10 * b.clientHeight)).toBe(true)
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 })
})
