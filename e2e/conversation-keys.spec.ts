import { expect, test } from './fixtures/node'
import { nameJobInbox, providerBody, seedJobs } from './seed'

test('the conversation list beside a conversation is one Tab stop (the open one); the arrows move along it and Enter opens one', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 30, 4)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Chat ${String(i + 1).padStart(2, '0')}`)
  await page.goto(node.uiUrl)
  // Opened from near the top of the list (renaming moved them about).
  const row = page.getByRole('link', { name: /^Chat \d\d/ }).nth(1)
  await expect(row).toBeVisible()
  const second = (await row.textContent())!.slice(0, 7)
  await row.click()
  await expect(page.getByTestId('inbox-title')).toHaveText(second)
  const list = page.getByRole('navigation', { name: 'Conversations' })
  await expect(list.getByRole('link', { name: second })).toHaveAttribute('aria-current', 'page')

  await page.getByRole('button', { name: 'Hide conversations' }).focus()
  await page.keyboard.press('Tab')
  await expect(list.getByRole('link', { name: second })).toBeFocused()
  // One more Tab leaves the list for the conversation itself.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Rename inbox' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(list.getByRole('link', { name: second })).toBeFocused()

  // The list is newest first: Down goes to the one created before.
  const names = await list.getByRole('link').allTextContents()
  const at = names.indexOf(second)
  await page.keyboard.press('ArrowDown')
  await expect(list.getByRole('link', { name: names[at + 1]! })).toBeFocused()
  await page.keyboard.press('Home')
  await expect(list.getByRole('link', { name: names[0]! })).toBeFocused()
  // End: the last of the 30, drawn as it is reached.
  await page.keyboard.press('End')
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-index]')?.dataset.index)).toBe('29')
  const last = (await page.evaluate(() => document.activeElement?.textContent))!
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('inbox-title')).toHaveText(last)
})

test('Alt+Down pressed ten times with no gap opens the tenth conversation below, and Alt+Up as many brings it back', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 30, 2)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Chat ${String(i + 1).padStart(2, '0')}`)
  await page.goto(node.uiUrl)
  const first = page.getByRole('link', { name: /^Chat \d\d/ }).first()
  const firstName = (await first.textContent())!.slice(0, 7)
  await first.click()
  await expect(page.getByTestId('inbox-title')).toHaveText(firstName)
  const list = page.getByRole('navigation', { name: 'Conversations' })
  const names = (await list.getByRole('link').allTextContents()).map((n) => n.slice(0, 7))
  // Faster than each conversation opens: every press counts.
  await page.evaluate(() => {
    for (let i = 0; i < 10; i++) window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', altKey: true, bubbles: true }))
  })
  await expect(page.getByTestId('inbox-title')).toHaveText(names[names.indexOf(firstName) + 10]!)
  await page.evaluate(() => {
    for (let i = 0; i < 10; i++) window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', altKey: true, bubbles: true }))
  })
  await expect(page.getByTestId('inbox-title')).toHaveText(firstName)
})
