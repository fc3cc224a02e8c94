import type { Page } from '@playwright/test'
import { expect, test, type HeadlessNode } from './fixtures/node'
import { holdRequests } from './held-requests'
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

test('typing right after Alt+Down in the message box goes on in the conversation opened, not into the draft of the one left', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 3, 1)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Talk ${i + 1}`)
  await page.goto(node.uiUrl)
  await page
    .getByRole('link', { name: /^Talk 3/ })
    .first()
    .click()
  const title = page.getByTestId('inbox-title')
  await expect(title).toHaveText('Talk 3')
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await box.click()
  // No wait between them: the letters come before the next conversation is drawn.
  await page.keyboard.press('Alt+ArrowDown')
  await page.keyboard.type('hello')
  await expect(title).toHaveText('Talk 2')
  await expect(box).toBeFocused()
  await expect(box).toHaveValue('hello')
  // Typing goes on there as usual; the conversation left kept nothing of it.
  await page.keyboard.type(' there')
  await expect(box).toHaveValue('hello there')
  await page.keyboard.press('Alt+ArrowUp')
  await expect(title).toHaveText('Talk 3')
  await expect(box).toHaveValue('')
})

test('Alt+Down pressed with no gap past the last conversation read so far moves one conversation a press, and the typing follows', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 60)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Chat ${String(i + 1).padStart(2, '0')}`)
  // The list's order (newest activity first), as the node gives it; it reads 50 a page.
  const listed = (await node.api<{ inbox_id: string; custom_name: string }[]>('GET', '/v2/all_inboxes')).body
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: listed[0]!.custom_name }).first().click()
  const title = page.getByTestId('inbox-title')
  await expect(title).toHaveText(listed[0]!.custom_name)
  // Collapsed, the list reads no further page of itself.
  await page.getByRole('button', { name: 'Hide conversations' }).click()
  await page.evaluate((id) => (location.hash = `#/inboxes/${encodeURIComponent(id)}`), listed[48]!.inbox_id)
  await expect(title).toHaveText(listed[48]!.custom_name)
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await box.click()
  // The 50th is the last one read; the two after it are on the next page.
  await page.keyboard.press('Alt+ArrowDown')
  await page.keyboard.press('Alt+ArrowDown')
  await page.keyboard.press('Alt+ArrowDown')
  // Typed at once, while the presses wait on the page read. On a loaded machine the conversations passed
  // through are drawn meanwhile, or after the last press: neither their box nor their title keeps the
  // focus or the letters from the third one (see typing-across-conversations for each ordering).
  await page.keyboard.type('hi')
  await expect(title).toHaveText(listed[51]!.custom_name)
  await expect(box).toBeFocused()
  await expect(box).toHaveValue('hi')
  // None of the conversations passed kept the letters.
  await page.keyboard.press('Alt+ArrowUp')
  await expect(title).toHaveText(listed[50]!.custom_name)
  await expect(box).toHaveValue('')
  await page.keyboard.press('Alt+ArrowUp')
  await expect(title).toHaveText(listed[49]!.custom_name)
  await expect(box).toHaveValue('')
})

/**
 * 52 conversations, the list beside them collapsed, the 49th open with its box focused; then
 * Alt+Down twice with the list's second page held, so the 50th is drawn while the second press
 * waits, and a word is begun there with an input method ("にほん", not yet ended).
 */
async function composingWhileAPageIsHeld(page: Page, node: HeadlessNode) {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', `${node.fake.url}/v1`))
  const ids = await seedJobs(node, 'gpt', 52)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Chat ${String(i + 1).padStart(2, '0')}`)
  const listed = (await node.api<{ inbox_id: string; custom_name: string }[]>('GET', '/v2/all_inboxes')).body
  await page.goto(node.uiUrl)
  await page.getByRole('link', { name: listed[0]!.custom_name }).first().click()
  const title = page.getByTestId('inbox-title')
  await expect(title).toHaveText(listed[0]!.custom_name)
  // Collapsed, the list reads no further page of itself.
  await page.getByRole('button', { name: 'Hide conversations' }).click()
  await page.evaluate((id) => (location.hash = `#/inboxes/${encodeURIComponent(id)}`), listed[48]!.inbox_id)
  await expect(title).toHaveText(listed[48]!.custom_name)
  const box = page.getByRole('textbox', { name: 'Message', exact: true })
  await box.click()
  // The list's second page (past the 50 rows read) comes when released.
  const release = await holdRequests(page, (url) => url.pathname.endsWith('/all_inboxes_paginated') && url.searchParams.has('offset'))
  await page.keyboard.press('Alt+ArrowDown')
  await page.keyboard.press('Alt+ArrowDown')
  // The 50th is drawn while the second press waits on the page, its box focused: a word is begun there.
  await expect(title).toHaveText(listed[49]!.custom_name)
  await expect(box).toBeFocused()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.imeSetComposition', { text: 'に', selectionStart: 1, selectionEnd: 1 })
  await cdp.send('Input.imeSetComposition', { text: 'にほん', selectionStart: 3, selectionEnd: 3 })
  return { listed, title, box, cdp, release }
}

test('a word composed with an input method in a conversation passed through (Alt+Down waiting on a page read) goes to the conversation opened, not into its draft', async ({
  page,
  node
}) => {
  const { listed, title, box, cdp, release } = await composingWhileAPageIsHeld(page, node)
  await cdp.send('Input.insertText', { text: '日本' })
  release()
  await expect(title).toHaveText(listed[50]!.custom_name)
  await expect(box).toBeFocused()
  await expect(box).toHaveValue('日本')
  // The conversation passed through kept nothing of it.
  await page.keyboard.press('Alt+ArrowUp')
  await expect(title).toHaveText(listed[49]!.custom_name)
  await expect(box).toHaveValue('')
})

test('a word still being composed in a conversation passed through when its box goes stays in that conversation’s draft, not lost, not in the one opened', async ({
  page,
  node
}) => {
  // The word is not ended when the next conversation replaces its box.
  const { listed, title, box, release } = await composingWhileAPageIsHeld(page, node)
  release()
  await expect(title).toHaveText(listed[50]!.custom_name)
  await expect(box).toHaveValue('')
  // Back in the conversation it was typed in, the word so far is in its box.
  await page.keyboard.press('Alt+ArrowUp')
  await expect(title).toHaveText(listed[49]!.custom_name)
  await expect(box).toHaveValue('にほん')
})
