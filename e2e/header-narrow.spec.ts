import { expect, test } from './fixtures/node'

/*
 * The window's header on narrow windows (headless mode is opened in any browser, a phone's too):
 * the colour scheme choice stays whole and inside the window, and the node's name is shown whole
 * or not at all, never squeezed to an empty pill.
 */
test('the header fits narrow windows: the colour scheme switch whole, the node name whole or left out', async ({ page, node }) => {
  await page.goto(node.uiUrl)
  await expect(page.getByTestId('node-name')).toBeVisible()
  for (const width of [1280, 700, 600, 480, 360]) {
    await page.setViewportSize({ width, height: 700 })
    const fit = await page.evaluate(() => {
      const options = [...document.querySelectorAll('[role=radiogroup][aria-label="Color scheme"] label')].map((l) =>
        l.getBoundingClientRect()
      )
      const badge = document.querySelector<HTMLElement>('[data-testid=node-name]')
      const label = badge?.querySelector<HTMLElement>('.mantine-Badge-label') ?? badge
      return {
        inside: options.every((r) => r.left >= 0 && r.right <= innerWidth && r.width > 0),
        shown: badge ? badge.getBoundingClientRect().width > 0 : false,
        whole: label ? label.scrollWidth <= label.clientWidth + 1 : true,
        pageWidth: document.documentElement.scrollWidth
      }
    })
    expect(fit.inside, `the colour scheme switch is cut at ${width} px`).toBe(true)
    if (fit.shown) expect(fit.whole, `the node name is cut at ${width} px`).toBe(true)
    expect(fit.pageWidth).toBeLessThanOrEqual(width)
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeInViewport()
  }
  // Wide enough, the name is there.
  for (const width of [1280, 600]) {
    await page.setViewportSize({ width, height: 700 })
    await expect(page.getByTestId('node-name')).toBeVisible()
  }
})
