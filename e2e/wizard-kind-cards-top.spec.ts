import { expect, test } from './fixtures/node'

/*
 * The wizard's Kind step: in a row where one card's text wraps (Google Gemini's long URL, or
 * "OpenAI-compatible server" in a narrow window), the other cards' content was centred vertically,
 * so the radio buttons of a row did not line up. Each card's content starts at its top.
 */
test('Kind step: the radio buttons of each row of cards line up at the cards’ tops, at 800x600 and 1280x800', async ({
  page,
  node
}, info) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await page.goto(node.uiUrl)
  await expect(page.getByRole('heading', { name: 'Add an LLM provider' })).toBeVisible()
  const cards = page.getByRole('radio')
  for (const size of [
    { width: 800, height: 600 },
    { width: 1280, height: 800 }
  ]) {
    await page.setViewportSize(size)
    await expect(cards.first()).toBeVisible()
    await page.screenshot({ path: info.outputPath(`kind-${size.width}.png`), fullPage: true })
    const boxes = await page.locator('.mantine-RadioCard-card').evaluateAll((els) =>
      els.map((el) => {
        const card = el.getBoundingClientRect()
        const dot = el.querySelector('.mantine-RadioIndicator-indicator')!.getBoundingClientRect()
        return { name: el.getAttribute('aria-label'), top: Math.round(card.top), height: Math.round(card.height), dot: dot.top - card.top }
      })
    )
    expect(boxes.length).toBeGreaterThan(3)
    // Cards side by side (rows of them), where one card's wrapped text made the others taller than their content.
    const tops = boxes.map((b) => b.top)
    expect(new Set(tops).size).toBeLessThan(tops.length)
    for (const b of boxes) expect(b.dot, `${b.name}’s radio button at ${size.width} px`).toBeCloseTo(boxes[0]!.dot, 0)
  }
})
