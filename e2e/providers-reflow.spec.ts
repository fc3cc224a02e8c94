import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * WCAG 1.4.10 (reflow): at 320 CSS px wide (a 1280 px window zoomed to 400%, or a phone opening the headless
 * node) each provider's Check, Edit and Remove are inside the window and can be used. The table's five
 * columns did not fit the card: the last check's column pushed the buttons past the card's edge, which cut
 * them off with nothing to scroll.
 */
test('providers page at 320 px wide: Check, Edit and Remove of a long-named provider are inside the window and work', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 320, height: 640 })
  const name = 'Shared office workstation with the big graphics card in the back room, second floor east wing'
  await node.api('POST', '/v2/add_llm_provider', { ...providerBody('gpt', node.fake.url), name })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers'))
  const row = page.getByRole('row', { name: new RegExp(`^${name}`) })
  await expect(row).toBeVisible()
  const card = page.getByTestId('provider-server')
  expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth), 'nothing runs past the card').toBe(true)
  const buttons = [
    row.getByRole('button', { name: `Check ${name}` }),
    row.getByRole('link', { name: `Edit ${name}` }),
    row.getByRole('button', { name: `Remove ${name}` })
  ]
  for (const button of buttons) {
    await button.scrollIntoViewIfNeeded()
    const box = (await button.boundingBox())!
    expect(box.x, 'left edge inside the window').toBeGreaterThanOrEqual(0)
    expect(box.x + box.width, 'right edge inside the window').toBeLessThanOrEqual(320)
  }
  // The name and the last check are still read whole, cell by cell, in the table's row.
  await expect(row.getByRole('cell').first()).toContainText(name)
  await expect(row.getByTestId('last-check')).toBeVisible()
  // The model and the key's badge are shown once, under the name (not again in cells of their own).
  await expect(row.locator('p', { hasText: 'gpt-e2e' }).filter({ visible: true })).toHaveCount(1)
  await expect(row.getByText('set', { exact: true }).filter({ visible: true })).toHaveCount(1)
  await buttons[0]!.click()
  await expect(row.getByTestId('last-check')).toHaveAttribute('data-state', 'ok')
  // Edit is reached from the keyboard.
  await buttons[1]!.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#\/providers\/gpt\/edit/)
})
