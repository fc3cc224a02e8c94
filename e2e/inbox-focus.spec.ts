import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { holdRequests } from './held-requests'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/** What holds the focus: "body" when nothing does (a keyboard user would start over from the top). */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    return !el || el === document.body ? 'body' : (el.textContent ?? '').trim()
  })

test('opening a conversation from the keyboard, and moving with Alt+Down, leaves the focus on its title, not on the page', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 3)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Chat ${i + 1}`)
  await page.goto(node.uiUrl)
  const row = page.getByRole('link', { name: /^Chat 2/ })
  await row.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('inbox-title')).toHaveText('Chat 2')
  await expect.poll(() => focusedText(page)).toBe('Chat 2')
  // Tab goes on from the title into the conversation (its rename button first), not from the top of the window.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Rename inbox' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')

  const before = await page.evaluate(() => location.hash)
  await page.keyboard.press('Alt+ArrowDown')
  await expect.poll(() => page.evaluate(() => location.hash)).not.toBe(before)
  // The hash moves first; the title follows once the next conversation is drawn (read at once, it was still Chat 2).
  await expect(page.getByTestId('inbox-title')).toHaveText(/^Chat [13]$/)
  const title = await page.getByTestId('inbox-title').textContent()
  await expect.poll(() => focusedText(page)).toBe(title)
  // And the next Alt+Up works from there.
  await page.keyboard.press('Alt+ArrowUp')
  await expect(page.getByTestId('inbox-title')).toHaveText('Chat 2')
  await expect.poll(() => focusedText(page)).toBe('Chat 2')
})

test('a search result opened from the keyboard: Back shows the results again with the focus on its row, not on the page', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 3)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, ['Budget review', 'Travel plans', 'Budget forecast'][i]!)
  await page.goto(node.uiUrl)
  await expect(page.getByTestId('inbox-row')).toHaveCount(3)
  await page.keyboard.press('Control+k')
  await page.keyboard.type('budget')
  await expect(page.getByTestId('inbox-row')).toHaveCount(2)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('inbox-title')).toHaveText(/^Budget (review|forecast)$/)
  const title = (await page.getByTestId('inbox-title').textContent())!
  await page.goBack()
  await expect(page.getByLabel('Search inboxes')).toHaveValue('budget')
  await expect(page.getByTestId('inbox-row')).toHaveCount(2)
  await expect.poll(() => focusedText(page)).toContain(title)
})

/*
 * The UI address opened, and Ctrl+K with a search typed at once: the page trades its one-time code and
 * loads the app before it draws it, and those keys went nowhere. They wait for the window.
 */
test('Ctrl+K and a search typed at once as the UI address opens, before the window is drawn: the search opens with them', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 3)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, ['Budget review', 'Travel plans', 'Budget forecast'][i]!)
  // The app's code comes when released (a slow first load), after the keys.
  const release = await holdRequests(page, /\/assets\/app-main-[^/]*\.js$/)
  // Once the page's own script has run, not once the window is drawn (nothing is, yet).
  await page.goto(node.uiUrl, { waitUntil: 'domcontentloaded' })
  await page.keyboard.press('Control+k')
  await page.keyboard.type('travel')
  expect(await page.locator('#root').innerHTML()).toBe('')
  release()
  const search = page.getByRole('textbox', { name: 'Search inboxes' })
  await expect(search).toHaveValue('travel')
  await expect(search).toBeFocused()
  await expect(page.getByTestId('inbox-row')).toHaveCount(1)
  await expect(page.getByTestId('inbox-row')).toContainText('Travel plans')
  // Typing goes on in the box as usual.
  await page.keyboard.press('Backspace')
  await expect(search).toHaveValue('trave')
})

test('Send pressed on its button, and a provider switched from the keyboard, leave the focus in the conversation, not on the page', async ({
  page,
  node
}) => {
  // Two providers going by one display name (two "Local" servers): the switch names which one answers now.
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('gpt', `${node.fake.url}/v1`), name: 'Local' })
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('other', `${node.fake.url}/v1`), name: 'Local' })
  const [jobId] = await seedJobs(node, 'gpt', 1)
  await nameJobInbox(node, jobId!, 'Chat 1')
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: /^Chat 1/ }).click()
  const box = page.getByRole('textbox', { name: 'Message' })
  await box.fill('What is on the agenda?')
  await page.getByRole('button', { name: 'Send' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('message-list')).toContainText('What is on the agenda?')
  await expect(box).toBeFocused()

  const provider = page.getByRole('combobox', { name: 'Provider' })
  await provider.focus()
  await page.keyboard.press('ArrowDown')
  await page.getByRole('option', { name: /other/ }).waitFor()
  // Down to the other provider's option (wherever the list starts), then Enter.
  for (let i = 0; i < 3 && (await page.getByRole('option', { name: /other/ }).getAttribute('data-combobox-selected')) === null; i++)
    await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Answers now come from Local (other)', { exact: true })).toBeVisible()
  await expect(provider).toBeFocused()
})
