import { expect, test } from './fixtures/node'

/*
 * The provider wizard's five steps at 800x600 (the window beside the navigation leaves the wizard
 * about 550 px): they stay on one row, in order, every label whole and inside the column. The last
 * step used to wrap to a line of its own under a long stray line.
 */
test('the wizard’s five steps stay on one row, labels whole, at 800x600 and at 1280x800', async ({ page, node }) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await page.goto(node.uiUrl)
  // A node without providers opens on the wizard.
  await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toBeVisible()
  const steps = page.locator('.mantine-Stepper-step')
  for (const size of [
    { width: 800, height: 600 },
    { width: 1280, height: 800 },
    { width: 800, height: 600 }
  ]) {
    await page.setViewportSize(size)
    await expect(steps).toHaveCount(5)
    const boxes = await steps.evaluateAll((els) =>
      els.map((el) => {
        const icon = el.querySelector('.mantine-Stepper-stepIcon')!.getBoundingClientRect()
        const label = el.querySelector<HTMLElement>('.mantine-Stepper-stepLabel')!
        const main = document.querySelector('main')!.getBoundingClientRect()
        const r = label.getBoundingClientRect()
        return {
          text: label.textContent,
          iconTop: icon.top,
          left: icon.left,
          whole: label.scrollWidth <= label.clientWidth + 1 && r.height < 2 * parseFloat(getComputedStyle(label).lineHeight),
          inside: r.left >= main.left && r.right <= main.right
        }
      })
    )
    expect(boxes.map((b) => b.text)).toEqual(['Kind', 'Connection', 'Model', 'Identity', 'Review'])
    for (const b of boxes) {
      expect(b.iconTop, `${b.text} is on a row of its own at ${size.width} px`).toBeCloseTo(boxes[0]!.iconTop, 0)
      expect(b.whole, `${b.text} is cut or wrapped at ${size.width} px`).toBe(true)
      expect(b.inside, `${b.text} is outside the page at ${size.width} px`).toBe(true)
    }
    // Left to right, in order.
    expect(boxes.map((b) => b.left)).toEqual([...boxes.map((b) => b.left)].sort((a, b) => a - b))
  }
})
