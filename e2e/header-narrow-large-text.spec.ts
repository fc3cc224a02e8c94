import { expect, test } from './fixtures/node'

/*
 * A 360 px window with Chromium's text size at 200% (32 px): the colour scheme switch's three words were wider
 * than the header left them ("Dark" cut at the window's edge) and drawn over the navigation's burger. On a window
 * this narrow for its text they are icons, each radio still named by its word.
 */
test('at 360 px and 200% text the colour scheme switch is whole, inside the window, clear of the burger; its radios keep their names', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.enable')
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } })
  await page.goto(node.uiUrl)
  const burger = page.getByRole('button', { name: 'Toggle navigation' })
  await expect(burger).toBeVisible()
  const fit = await page.evaluate(() => {
    const group = document.querySelector('[role=radiogroup][aria-label="Color scheme"]')!.getBoundingClientRect()
    const burger = document.querySelector('[aria-label="Toggle navigation"]')!.getBoundingClientRect()
    return { left: group.left, right: group.right, burgerRight: burger.right, width: innerWidth }
  })
  expect(fit.right, 'the switch ends inside the window').toBeLessThanOrEqual(fit.width)
  expect(fit.left, 'the switch starts after the burger').toBeGreaterThanOrEqual(fit.burgerRight)
  for (const name of ['System', 'Light', 'Dark']) await expect(page.getByRole('radio', { name, exact: true })).toBeInViewport()
  await page.getByTitle('Dark', { exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
})
