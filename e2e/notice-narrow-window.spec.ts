import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * At 320 px wide (WCAG 1.4.10) a notice does not cover the controls it follows. Notices came up at the
 * window's foot, the window's whole width: pressing Check on the last provider put "… works" over that row's
 * Edit and Remove, and moving the mouse to Edit landed on the notice, which held it open (a notice stays while
 * hovered). On narrow windows notices come up at the top, under the app’s bar, not over the page’s last rows.
 */
test('320 px wide: the notice of Check on the last provider leaves its Check, Edit and Remove uncovered, and Edit takes a click', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 320, height: 640 })
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('first', node.fake.url), name: 'First' })
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('last', node.fake.url), name: 'Last' })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers'))
  const row = page.getByRole('row', { name: /^Last/ })
  const check = row.getByRole('button', { name: 'Check Last' })
  await check.scrollIntoViewIfNeeded()
  await check.click()
  const notice = page.locator('.mantine-Notification-root', { hasText: 'works' })
  await expect(notice).toBeVisible()
  const n = (await notice.boundingBox())!
  for (const control of [check, row.getByRole('link', { name: 'Edit Last' }), row.getByRole('button', { name: 'Remove Last' })]) {
    const c = (await control.boundingBox())!
    const apart = c.y >= n.y + n.height || c.y + c.height <= n.y || c.x >= n.x + n.width || c.x + c.width <= n.x
    expect(apart, `${await control.getAttribute('aria-label')} (${JSON.stringify(c)}) is under the notice (${JSON.stringify(n)})`).toBe(
      true
    )
  }
  // The mouse goes to Edit and Edit, not the notice, takes the click.
  await row.getByRole('link', { name: 'Edit Last' }).click({ timeout: 5000 })
  await expect(page).toHaveURL(/#\/providers\/last\/edit/)
})

/*
 * At the top of a 320 px window a notice came up over the app's bar, its whole width: the navigation's burger and
 * the colour scheme switch were under it (and a notice held open while the mouse is on it stays there). Notices
 * there come up under the bar.
 */
test('320 px wide: a notice leaves the bar’s navigation button and colour scheme switch uncovered, and the navigation opens', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 320, height: 640 })
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('first', node.fake.url), name: 'First' })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers'))
  await page.getByRole('button', { name: 'Check First' }).click()
  const notice = page.locator('.mantine-Notification-root', { hasText: 'works' })
  await expect(notice).toBeVisible()
  const n = (await notice.boundingBox())!
  const burger = page.getByRole('button', { name: 'Toggle navigation' })
  const themes = page.getByRole('radiogroup', { name: 'Color scheme' })
  for (const control of [burger, themes]) {
    const c = (await control.boundingBox())!
    expect(c.y + c.height <= n.y || c.y >= n.y + n.height, `${JSON.stringify(c)} is under the notice (${JSON.stringify(n)})`).toBe(true)
  }
  // The mouse goes to the burger and the burger, not the notice, takes the click.
  await burger.click({ timeout: 5000 })
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Files' })).toBeInViewport()
})
