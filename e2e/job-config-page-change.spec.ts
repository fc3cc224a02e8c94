import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'
import type { Inbox } from '../src/shared/contract/inbox'

/*
 * Job config is about the job of the conversation it was opened from. Alt+Down (the next conversation)
 * pressed while it is open, the focus on one of its switches or buttons, opens the next conversation:
 * the dialog closes as a cancel, nothing saved. It stayed open over the other conversation, and its Save
 * wrote the first job's prompt into the other job. With changes in it, leaving asks first ("Leave without
 * saving?", as other pages with changes not saved do): Stay keeps the dialog and the text, Leave goes on.
 */

const promptOf = async (node: import('./fixtures/node').HeadlessNode, jobId: string) =>
  (await node.api<Inbox>('GET', `/v2/get_inbox?inbox_name=${encodeURIComponent(`job_inbox::${jobId}::false`)}`)).body.job_config
    .custom_prompt

test('Alt+Down with Job config open: the next conversation opens, the dialog closed, nothing saved into either job', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1600, height: 800 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 3, 1)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Chat ${i + 1}`)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(node.uiUrl)
  await showJobInbox(page, ids[1]!)
  await expect(page.getByTestId('inbox-title')).toHaveText('Chat 2')
  const before = await Promise.all(ids.map((id) => promptOf(node, id)))

  await page
    .locator('#main-content')
    .getByRole('complementary', { name: 'Job details' })
    .getByRole('button', { name: 'Edit config' })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Job config' })
  await expect(dialog.getByRole('textbox', { name: 'System prompt' })).toBeFocused()
  await page.keyboard.type('Answer in French.')
  const cancel = dialog.getByRole('button', { name: 'Cancel' })
  await cancel.focus()
  await page.keyboard.press('Alt+ArrowDown')
  // What was typed is not saved: asked first. Stay keeps the conversation, the dialog and the text.
  const asked = page.getByRole('dialog', { name: 'Leave without saving?' })
  await asked.getByRole('button', { name: 'Stay' }).click()
  await expect(asked).toHaveCount(0)
  await expect(page.getByTestId('inbox-title')).toHaveText('Chat 2')
  await expect(dialog.getByRole('textbox', { name: 'System prompt' })).toHaveValue(/Answer in French\.$/)
  await cancel.focus()
  await page.keyboard.press('Alt+ArrowDown')
  await asked.getByRole('button', { name: 'Leave' }).click()
  await expect(page.getByTestId('inbox-title')).toHaveText(/^Chat [13]$/)
  // Closed as a cancel: no question left over the other conversation, nothing saved.
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.keyboard.press('Enter')
  expect(await Promise.all(ids.map((id) => promptOf(node, id)))).toEqual(before)
  // The other conversation is usable, nothing of the dialog left over it (its scroll lock, its hiding of the page).
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await box.click()
  await page.keyboard.type('Hello')
  await expect(box).toHaveValue('Hello')
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')
})

test('800 px wide, Job config opened from the Details drawer: Alt+Down closes both, nothing saved', async ({ page, node }) => {
  await page.setViewportSize({ width: 800, height: 700 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 3, 1)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Chat ${i + 1}`)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(node.uiUrl)
  await showJobInbox(page, ids[1]!)
  await expect(page.getByTestId('inbox-title')).toHaveText('Chat 2')
  const before = await Promise.all(ids.map((id) => promptOf(node, id)))
  await page.getByRole('button', { name: 'Details' }).click()
  await page
    .getByRole('dialog', { name: /Job details/ })
    .getByRole('button', { name: 'Edit config' })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Job config' })
  await expect(dialog.getByRole('textbox', { name: 'System prompt' })).toBeFocused()
  await page.keyboard.type('Answer in French.')
  await dialog.getByRole('button', { name: 'Save' }).focus()
  await page.keyboard.press('Alt+ArrowDown')
  // Asked first (what was typed is not saved); Leave goes on.
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click()
  await expect(page.getByTestId('inbox-title')).toHaveText(/^Chat [13]$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.keyboard.press('Enter')
  expect(await Promise.all(ids.map((id) => promptOf(node, id)))).toEqual(before)
})
