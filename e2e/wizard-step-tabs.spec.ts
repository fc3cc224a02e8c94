import { seriousViolations } from './axe'
import { expect, test } from './fixtures/node'
import { ringClippedBy } from './focus-ring'
import { providerBody } from './seed'

test.use({ viewport: { width: 800, height: 600 } })

test('Edit provider: the five step tabs are one Tab stop, arrows move between them with the ring drawn, Enter opens the step', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers'))
  await page.getByRole('link', { name: 'Edit gpt' }).focus()
  await page.keyboard.press('Enter')
  const tabs = page.getByRole('tablist', { name: 'Steps' }).getByRole('tab')
  const kind = page.getByRole('tab', { name: /Kind/ })
  await expect(kind).toBeFocused()
  await expect(tabs).toHaveCount(5)

  // One Tab press leaves the tabs for the step's first control (the chosen kind), not for the next tab.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('radio', { name: 'OpenAI-compatible server' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(kind).toBeFocused()

  // Arrows move the focus; each tab focused shows its ring whole.
  for (const [key, name] of [
    ['ArrowRight', /Connection/],
    ['ArrowRight', /Model/],
    ['End', /Review/],
    ['ArrowRight', /Kind/],
    ['ArrowLeft', /Review/],
    ['Home', /Kind/],
    ['ArrowRight', /Connection/]
  ] as const) {
    await page.keyboard.press(key)
    const focused = page.getByRole('tab', { name })
    await expect(focused).toBeFocused()
    expect(await focused.evaluate((b) => getComputedStyle(b).outlineStyle)).not.toBe('none')
    expect(await ringClippedBy(focused)).toEqual([])
  }
  // Still on the kinds until Enter: then Connection's fields, the focus kept on its tab.
  await expect(page.getByRole('tab', { name: /Kind/ })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page.getByLabel(/^API base URL/)).toBeVisible()
  const connection = page.getByRole('tab', { name: /Connection/ })
  await expect(connection).toHaveAttribute('aria-selected', 'true')
  await expect(connection).toBeFocused()
  expect(await seriousViolations(page)).toEqual([])
})

test('Add provider: the step tabs are one Tab stop too; a step not reached yet is announced unavailable and Enter leaves the step shown', async ({
  page,
  node
}) => {
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers/new'))
  await page.getByRole('radio', { name: 'Ollama' }).click()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByLabel(/^API base URL/)).toBeFocused()
  // Shift+Tab from the first field reaches the tab of the step shown (Kind, done, was a Tab stop of its own before it).
  await page.keyboard.press('Shift+Tab')
  const connection = page.getByRole('tab', { name: /Connection/ })
  await expect(connection).toBeFocused()
  await page.keyboard.press('ArrowRight')
  const model = page.getByRole('tab', { name: /Model/ })
  await expect(model).toBeFocused()
  await expect(model).toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('Enter')
  await expect(connection).toHaveAttribute('aria-selected', 'true')
  // The kind's tab goes back to the kinds, Ollama still chosen.
  await page.keyboard.press('Home')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('radio', { name: 'Ollama' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByRole('tab', { name: /Kind/ })).toHaveAttribute('aria-selected', 'true')
  expect(await seriousViolations(page)).toEqual([])
})
