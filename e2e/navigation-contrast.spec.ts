import { contrastOf } from './contrast'
import { expect, test } from './fixtures/node'
import { providerBody } from './seed'

/*
 * The navigation's "Files" link, hovered while it was the current page, was drawn at 4.01:1: its blue
 * text on the blue tint Mantine puts under a hovered active link. Every link is measured here, as
 * Chromium paints it, at rest, hovered, current, and current and hovered, in both colour schemes:
 * text needs 4.5:1 (WCAG AA).
 */

for (const scheme of ['light', 'dark'] as const) {
  test(`every navigation link reads at 4.5:1 or more, at rest, hovered, current and current hovered (${scheme})`, async ({
    page,
    node
  }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    // A node with a provider: with none, the first-run wizard takes the window when the providers are read.
    await node.api('POST', '/v2/add_llm_provider', providerBody('gpt', node.fake.url))
    await page.goto(node.uiUrl)
    const nav = page.getByRole('navigation', { name: 'Main' })
    const links = nav.getByRole('link')
    await expect(links).toHaveCount(5)
    const names = (await links.allTextContents()).map((t) => t.trim())
    const measured: string[] = []
    for (const current of names) {
      const link = nav.getByRole('link', { name: current })
      await link.click()
      await expect(link).toHaveAttribute('aria-current', 'page')
      for (const name of names) {
        const other = nav.getByRole('link', { name })
        const state = name === current ? 'current' : 'at rest'
        await page.mouse.move(0, 0)
        measured.push(`${name} ${state}: ${await contrastOf(other, '.mantine-NavLink-label')}`)
        await other.hover()
        measured.push(`${name} ${state}, hovered: ${await contrastOf(other, '.mantine-NavLink-label')}`)
      }
    }
    const failing = measured.filter((m) => Number(m.split(': ')[1]) < 4.5)
    expect(failing, measured.join('\n')).toEqual([])
  })
}
