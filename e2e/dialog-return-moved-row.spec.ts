import { expect, test } from './fixtures/node'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * A dialog gives the focus back to the row it was opened from without scrolling (Mantine's focus return).
 * Renamed while a script's message moved that row from far down to the top, the focus went to it out of
 * view: no focus ring anywhere, and the next arrow key jumped the list. The list now brings it into view.
 */
test('a row renamed while a message moved it to the top: the focus comes back to it in view', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 20, 1)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Conversation ${String(i).padStart(2, '0')}`)
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/inboxes'))
  // Newest first: "Conversation 02" is near the end, below the first screen.
  await page.getByTestId('inbox-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight))
  const row = page.getByRole('link', { name: /^Conversation 02/ })
  await row.focus()
  await page.keyboard.press('Shift+F10')
  await page.getByRole('menuitem', { name: 'Rename', exact: true }).click()
  await page.getByRole('dialog').getByRole('textbox').fill('Lease talk')
  node.fake.behaviour = { type: 'reply', chunks: ['ok'] }
  await node.api('POST', '/v2/job_message', { job_id: ids[2], content: 'moves it to the top' })
  // The row on top (its preview the question, or the answer already: the provider answers at once).
  await expect(page.getByTestId('inbox-row').first()).toContainText('Conversation 02')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const renamed = page.getByRole('link', { name: /^Lease talk/ })
  await expect(renamed).toBeFocused()
  await expect(renamed).toBeInViewport({ ratio: 1 })
  // The next key goes on from there.
  await page.keyboard.press('ArrowDown')
  await expect(page.getByTestId('inbox-row').nth(1)).toBeFocused()
})

/*
 * The window active again (the operator back from another app) gives the focus back to the row it left
 * on, with the usual focus events. The list scrolled away from that row meanwhile stays where it is.
 */
test('back from another app, the list scrolled away from the focused row stays where it was scrolled', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 20, 1)
  for (const [i, id] of ids.entries()) await nameJobInbox(node, id, `Conversation ${String(i).padStart(2, '0')}`)
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/inboxes'))
  const first = page.getByTestId('inbox-row').first()
  await first.focus()
  await expect(first).toBeFocused()
  const list = page.getByTestId('inbox-scroll')
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight))
  await expect(first).not.toBeInViewport()
  const scrolled = await list.evaluate((el) => el.scrollTop)
  // What Chromium does as the window goes and comes back: the window's blur, the element's blur; then
  // the element's focus again (the window's focus event may come before or after it).
  await page.evaluate(() => {
    const el = document.activeElement as HTMLElement
    window.dispatchEvent(new FocusEvent('blur'))
    el.blur()
    window.dispatchEvent(new FocusEvent('focus'))
    el.focus({ preventScroll: true })
  })
  await expect(first).toBeFocused()
  await page.waitForTimeout(200)
  expect(await list.evaluate((el) => el.scrollTop)).toBe(scrolled)
  // A focus moved to it in the page still brings it into view.
  await page.evaluate(() => {
    const el = document.activeElement as HTMLElement
    el.blur()
    el.focus({ preventScroll: true })
  })
  await expect(first).toBeInViewport()
})
