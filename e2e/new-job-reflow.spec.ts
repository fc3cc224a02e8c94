import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * WCAG 1.4.10 (reflow): at 320 CSS px wide the new job's form reads without scrolling sideways. The button
 * that opens "Advanced: folders on other nodes" kept its label on one line, 325 px wide: it ran past the
 * window's edge and the whole form scrolled sideways to reach its end.
 */
test('new job at 320 px wide: the form does not scroll sideways, and the Advanced button is whole and opens its part', async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 320, height: 640 })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/jobs/new'))
  const advanced = page.getByRole('button', { name: 'Advanced: folders on other nodes' })
  await advanced.scrollIntoViewIfNeeded()
  const box = (await advanced.boundingBox())!
  expect(box.x, 'left edge inside the window').toBeGreaterThanOrEqual(0)
  expect(box.x + box.width, 'right edge inside the window').toBeLessThanOrEqual(320)
  expect(await advanced.evaluate((b) => b.scrollWidth <= b.clientWidth), 'its label is whole').toBe(true)
  const sideways = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('main, main *')]
      .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) || el === document.documentElement)
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName} ${el.scrollWidth} > ${el.clientWidth}`)
  )
  expect(sideways, 'nothing scrolls sideways').toEqual([])
  await advanced.click()
  await expect(advanced).toHaveAttribute('aria-expanded', 'true')
})
