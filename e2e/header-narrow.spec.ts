import { expect, test } from './fixtures/node'
import { providerBody, seedJobs } from './seed'

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

test('on a narrow window the navigation out of view is out of reach too: Tab goes past it until the burger opens it', async ({
  page,
  node
}) => {
  // A node with a provider, so that the inbox list stays (with none, the first-run wizard replaces it as soon as
  // the providers are known, and the focus checks below would run on whichever screen was up).
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  await seedJobs(node, 'gpt', 1, 1)
  await page.setViewportSize({ width: 600, height: 700 })
  await page.goto(node.uiUrl)
  const nav = page.getByRole('navigation', { name: 'Main' })
  const burger = page.getByRole('button', { name: 'Toggle navigation' })
  await expect(page.getByRole('heading', { name: 'Inboxes' })).toBeVisible()
  await expect(page.getByTestId('inbox-row')).toHaveCount(1)
  // Closed: its links are neither shown nor reached from the burger by Tab (off screen, they were).
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeHidden()
  await burger.focus()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('radio', { name: 'System' })).toBeFocused()
  expect(await page.evaluate(() => !!document.activeElement?.closest('nav[aria-label="Main"]'))).toBe(false)
  // Opened: its links are Tab stops, and a link opens its page.
  await burger.click()
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible()
  await nav.getByRole('link', { name: 'Inboxes' }).focus()
  await page.keyboard.press('Tab')
  await expect(nav.getByRole('link', { name: 'New job' })).toBeFocused()
  await nav.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
  // It closes as a link is followed, and is out of reach again.
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeHidden()
})
