import { expect, test } from './fixtures/node'
import { showJobInbox } from './pages/inbox'
import { nameJobInbox, providerBody, seedJobs } from './seed'

/*
 * Large text (WCAG 1.4.4): with Chromium's text size at 32 px the inbox rows' provider badge, checkbox and "…"
 * button, and the theme switch, grow with the text. Sized in px they stayed as at 16 px: the badge's text 9 px
 * beside 32 px names, the checkbox 20 px, the "…" a 16 px glyph in a 56 px button, and the theme switch's
 * labels (24 px) ran out of its 22 px tall buttons.
 */
test("with Chromium's text size at 32 px the inbox rows' badge, checkbox and menu, and the theme switch, grow with the text", async ({
  page,
  node
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.enable')
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 1)
  await nameJobInbox(node, ids[0]!, 'Lease questions')
  await page.goto(node.uiUrl)
  const row = page.getByTestId('inbox-row')
  await expect(row).toHaveCount(1)
  const size = await row.evaluate((r) => {
    const line = r.closest('div')!
    const box = (el: Element | null) => el!.getBoundingClientRect()
    const badge = line.querySelector('[title="gpt"]')!
    return {
      badgeText: parseFloat(getComputedStyle(badge).fontSize),
      badge: box(badge).height,
      check: box(line.querySelector('input[type=checkbox]')).width,
      dots: box(line.querySelector('button[aria-label^="Actions for"] svg')).width
    }
  })
  // Twice each one's size at the usual 16 px text.
  expect(size).toEqual({ badgeText: 18, badge: 32, check: 40, dots: 32 })

  const themes = page.getByRole('radiogroup', { name: 'Color scheme' })
  await themes.scrollIntoViewIfNeeded()
  const out = await themes.evaluate((g) =>
    [...g.querySelectorAll('label')]
      .filter((o) => o.scrollHeight > o.clientHeight + 1)
      .map((o) => `${o.textContent} ${o.scrollHeight} > ${o.clientHeight}`)
  )
  expect(out, 'each theme label inside its button').toEqual([])
})

test("with Chromium's text size at 32 px an open conversation's '…' grows with its button", async ({ page, node }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.enable')
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } })
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const ids = await seedJobs(node, 'gpt', 1)
  await page.goto(node.uiUrl)
  await showJobInbox(page, ids[0]!)
  const dots = page.getByRole('button', { name: 'Conversation actions' }).locator('svg')
  // Twice its 18 px at the usual 16 px text.
  expect((await dots.boundingBox())!.width).toBe(36)
})
