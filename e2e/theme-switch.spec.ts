import { expect, test } from './fixtures/node'

test('the color scheme switch is one Tab stop; the arrow keys change the scheme', async ({ page, node }) => {
  await page.goto(node.uiUrl)
  // The first-run wizard puts the focus on its first choice once it shows: the switch is used after that.
  await expect(page.getByRole('radio', { name: 'OpenAI', exact: true })).toBeFocused()
  const group = page.getByRole('radiogroup', { name: 'Color scheme' })
  await expect(group.getByRole('radio', { name: 'System' })).toBeChecked()
  await group.getByRole('radio', { name: 'System' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(group.getByRole('radio', { name: 'Light' })).toBeChecked()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light')
  await page.keyboard.press('ArrowRight')
  await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  // Tab leaves the group at once: its other radios are not Tab stops of their own.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.closest('[role="radiogroup"][aria-label="Color scheme"]') === null)).toBe(true)
  await page.keyboard.press('Shift+Tab')
  await expect(group.getByRole('radio', { name: 'Dark' })).toBeFocused()
  // Kept for the next start.
  await page.reload()
  await expect(page.getByRole('radiogroup', { name: 'Color scheme' }).getByRole('radio', { name: 'Dark' })).toBeChecked()
})
