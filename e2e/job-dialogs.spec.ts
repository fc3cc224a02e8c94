import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/node'
import { emptyScope, providerBody } from './seed'

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join('; ')}`)
}

test.use({ viewport: { width: 800, height: 700 } })

test('800 px wide: the job dialogs opened from the Details drawer are named, and Escape closes only the dialog', async ({ page, node }) => {
  await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
  const { job_id: jobId } = (
    await node.api<{ job_id: string }>('POST', '/v2/create_job', { llm_provider: 'gpt', job_creation_info: { scope: emptyScope } })
  ).body
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto(node.uiUrl)
  await page.evaluate((h) => (location.hash = h), `#/inboxes/${encodeURIComponent(`job_inbox::${jobId}::false`)}`)

  // At 800 px the scope and config live in a drawer, opened from the keyboard.
  await page.getByRole('button', { name: 'Details' }).focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Job details' })
  await expect(drawer).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Close' })).toBeVisible()
  expect(await seriousViolations(page), 'details drawer').toEqual([])

  for (const [button, name] of [
    ['Edit scope', 'Edit scope'],
    ['Edit', 'Job config']
  ] as const) {
    const opener = drawer.getByRole('button', { name: button, exact: true })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible()
    await page.waitForTimeout(300)
    expect(await seriousViolations(page), name).toEqual([])
    // Escape closes the dialog on top, not the drawer under it; the focus goes back to the opener.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(drawer).toBeVisible()
    await expect(opener).toBeFocused()
  }
  // With no dialog over it, Escape closes the drawer itself.
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
})
