import { expect, test } from './fixtures/node'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * After a message is sent the focus is in the message box, and there Alt+Up/Down did nothing (kept
 * for the caret, which Alt+arrows do not move outside macOS): going to the next conversation took the
 * mouse or a Tab walk out of the box first.
 */
test('Alt+Down and Alt+Up from the message box open the conversations around it, the typing going on there', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 3, 1)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Talk ${i + 1}`)
  await page.goto(node.uiUrl)
  await page
    .getByRole('link', { name: /^Talk 2/ })
    .first()
    .click()
  const title = page.getByTestId('inbox-title')
  await expect(title).toHaveText('Talk 2')
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await box.click()
  await page.keyboard.type('Half a thought')

  // Newest first: below Talk 2 is Talk 1.
  await page.keyboard.press('Alt+ArrowDown')
  await expect(title).toHaveText('Talk 1')
  await expect(box).toBeFocused()
  await expect(box).toHaveValue('')
  await page.keyboard.press('Alt+ArrowUp')
  await expect(title).toHaveText('Talk 2')
  await expect(box).toBeFocused()
  await expect(box).toHaveValue('Half a thought')
  await page.keyboard.press('Alt+ArrowUp')
  await expect(title).toHaveText('Talk 3')

  // Another field keeps the keys: the provider picker opens its list, the conversation stays.
  await page.getByRole('combobox', { name: 'Provider' }).focus()
  await page.keyboard.press('Alt+ArrowDown')
  await expect(page.getByRole('listbox')).toBeVisible()
  await expect(title).toHaveText('Talk 3')
})
