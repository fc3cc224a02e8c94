import { expect, test } from './fixtures/node'

test('the UI address’s one-time code is traded for an HttpOnly cookie, leaves the address bar, and is useless afterwards', async ({
  page,
  browser,
  node
}) => {
  const address = node.uiUrl
  await page.goto(address)
  await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toBeVisible()
  await expect(page).not.toHaveURL(/code=/)
  expect(await page.evaluate(() => location.href)).not.toContain('code')

  // The page's API calls go with the cookie, which the page's script cannot read.
  expect(await page.evaluate(() => fetch('/v2/all_inboxes').then((r) => r.status))).toBe(200)
  expect(await page.evaluate(() => document.cookie)).toBe('')
  const cookies = await page.context().cookies()
  expect(cookies).toHaveLength(1)
  expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
  expect(cookies[0]!.name).toBe(`nodedesk_session_${new URL(node.serve.url).port}`)

  // A reload keeps the session (the cookie), with no code in sight.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toBeVisible()
  expect(await page.evaluate(() => fetch('/v2/all_inboxes').then((r) => r.status))).toBe(200)

  // The same address from history, in another browser profile: the code is spent, nothing is granted.
  const other = await browser.newContext()
  const replay = await other.newPage()
  await replay.goto(address)
  await expect(replay).not.toHaveURL(/code=/)
  expect(await replay.evaluate(() => fetch('/v2/all_inboxes').then((r) => r.status))).toBe(401)
  expect(await other.cookies()).toEqual([])
  await other.close()
})

test('a new UI address opened in the same tab (after a node restart) is traded, though only its fragment differs', async ({
  page,
  node
}) => {
  await page.goto(node.uiUrl)
  await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toBeVisible()
  // The node restarted: it no longer knows this window's session.
  await node.restart()
  expect(await page.evaluate(() => fetch('/v2/all_inboxes').then((r) => r.status))).toBe(401)
  // The address the node printed differs from the page's only after '#': the browser does not load the page again.
  await page.goto(node.uiUrl)
  // (The page loads again meanwhile: a read cut by that is asked again.)
  await expect.poll(() => page.evaluate(() => fetch('/v2/all_inboxes').then((r) => r.status)).catch(() => 0)).toBe(200)
  await expect(page).not.toHaveURL(/code=/)
  await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toBeVisible()
  await expect(page.getByText('The node restarted')).toHaveCount(0)
})
