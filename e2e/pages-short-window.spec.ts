import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * The pages that scroll as a whole (providers, the provider form, new job) in a small window: each
 * part keeps its own height and the page scrolls, rather than parts squashed to a sliver of
 * themselves, and buttons beside long titles keep their whole label.
 */

/** Parts of `page`'s scrolling page cut short: shown smaller than their content. */
const squashed = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const scroller = [...main.querySelectorAll<HTMLElement>('*')].find((e) => getComputedStyle(e).overflowY === 'auto')!
    return [...scroller.children]
      .filter((c) => (c as HTMLElement).scrollHeight > (c as HTMLElement).clientHeight + 1)
      .map((c) => `${c.tagName} ${c.textContent?.slice(0, 40)}: ${(c as HTMLElement).clientHeight} of ${(c as HTMLElement).scrollHeight}`)
  })

/** Whether the button's label is cut (its text wider than the button shows). */
const cut = (button: Locator) =>
  button.evaluate((b) => [...b.querySelectorAll<HTMLElement>('*')].some((e) => e.scrollWidth > e.clientWidth + 1))

test('providers page of many servers in a short window: each server card whole, the page scrolls', async ({ page, node }) => {
  for (let i = 0; i < 8; i++) {
    const res = await node.api('POST', '/v2/add_llm_provider', providerBody(`p${i}`, `${node.fake.url}/s${i}/v1`))
    expect(res.status).toBe(200)
  }
  await page.setViewportSize({ width: 700, height: 500 })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers'))
  await expect(page.getByTestId('provider-server')).toHaveCount(8)
  expect(await squashed(page)).toEqual([])
  // The last one is reached by scrolling, whole.
  const last = page.getByTestId('provider-server').last()
  await last.scrollIntoViewIfNeeded()
  await expect(last.getByRole('button', { name: 'Check p7' })).toBeInViewport()
})

test('provider form in a narrow, short window: the last-check card and its Check are whole beside a long failure', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  node.fake.behaviour = { type: 'status', status: 401, body: { error: { message: 'Incorrect API key provided: sk-e2e' } } }
  await node.api('POST', '/v2/check_llm_provider', { llm_provider_id: 'gpt' })
  await page.setViewportSize({ width: 700, height: 600 })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers/gpt/edit'))
  await expect(page.getByRole('heading', { name: 'Edit provider “gpt”' })).toBeVisible()
  await expect(page.getByTestId('last-check')).toContainText('rejected the API key')
  expect(await squashed(page)).toEqual([])
  expect(await cut(page.getByRole('button', { name: 'Check gpt' }))).toBe(false)
})

test('Edit provider in a 800x600 window opens at the top of the form: its title, its step tabs and the first kinds in sight, the focus among them', async ({
  page,
  node
}) => {
  // Saved at a server of its own: it reopens as an OpenAI-compatible server, the last card of the kinds.
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.setViewportSize({ width: 800, height: 600 })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/providers'))
  await page.getByRole('link', { name: 'Edit gpt' }).focus()
  await page.keyboard.press('Enter')
  const title = page.getByRole('heading', { name: 'Edit provider “gpt”' })
  const kindTab = page.getByRole('tab', { name: /Kind/ })
  await expect(page.locator('main form :focus, main .mantine-Stepper-root :focus')).toHaveCount(1)
  // The focus went to the chosen kind, far down: the form scrolled past its title and its tabs.
  await expect(title).toBeInViewport({ ratio: 1 })
  await expect(kindTab).toBeInViewport({ ratio: 1 })
  await expect(kindTab).toBeFocused()
  await expect(page.getByRole('radio', { name: 'OpenAI-compatible server' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByRole('radio', { name: 'OpenAI', exact: true })).toBeInViewport({ ratio: 1 })
  // A tab chosen from the keyboard: the focus stays on it, in sight, the step's fields below it.
  const connectionTab = page.getByRole('tab', { name: /Connection/ })
  await page.keyboard.press('ArrowRight')
  await expect(connectionTab).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByLabel(/^API base URL/)).toBeInViewport({ ratio: 1 })
  await expect(connectionTab).toBeFocused()
  await expect(title).toBeInViewport({ ratio: 1 })
})

test('Settings in a short window scrolls inside the page, as the other pages do, not the whole window beside the header', async ({
  page,
  node
}) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.setViewportSize({ width: 800, height: 450 })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/settings'))
  const save = page.getByRole('button', { name: 'Save', exact: true })
  await expect(save).toBeAttached()
  // The whole page drawn (the embedding counts come last), so it is as tall as it gets before measuring.
  await expect(page.getByTestId('embedding-progress')).toBeVisible()
  // The window itself scrolled: its scroll bar ran beside the header, which moved over by its width.
  expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeLessThanOrEqual(0)
  expect(await squashed(page)).toEqual([])
  await save.scrollIntoViewIfNeeded()
  await expect(save).toBeInViewport({ ratio: 1 })
  await expect(page.getByRole('heading', { name: 'Nodedesk' })).toBeInViewport({ ratio: 1 })
})

test('first run in a narrow window: Start over beside the welcome keeps its whole label', async ({ page, node }) => {
  await page.setViewportSize({ width: 700, height: 600 })
  await page.goto(node.uiUrl)
  await expect(page.getByText('Welcome to Nodedesk.')).toBeVisible()
  await page.getByRole('radio', { name: 'Ollama' }).click()
  const startOver = page.getByRole('button', { name: 'Start over' })
  await expect(startOver).toBeVisible()
  expect(await cut(startOver)).toBe(false)
  expect(await squashed(page)).toEqual([])
})

test('new job page in a short window: its parts keep their height, the page scrolls', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await page.setViewportSize({ width: 700, height: 450 })
  await page.goto(node.uiUrl)
  await page.evaluate(() => (location.hash = '#/jobs/new'))
  await expect(page.getByRole('heading', { name: 'New job' })).toBeVisible()
  await page.waitForTimeout(300)
  expect(await squashed(page)).toEqual([])
})

test('Start over from the keyboard asks first: Enter keeps the draft; confirmed, the focus is on the first step’s choices', async ({
  page,
  node
}) => {
  await page.goto(node.uiUrl)
  await page.getByRole('radio', { name: 'Ollama' }).click()
  const startOver = page.getByRole('button', { name: 'Start over' })
  await startOver.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Start over?' })
  await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('radio', { name: 'Ollama' })).toBeChecked()
  await startOver.click()
  await dialog.getByRole('button', { name: 'Start over' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('radio', { name: 'Ollama' })).not.toBeChecked()
  await expect(page.getByRole('radio').first()).toBeFocused()
})
