import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures/node'

/*
 * The navigation's "Files" link, hovered while it was the current page, was drawn at 4.01:1: its blue
 * text on the blue tint Mantine puts under a hovered active link. Every link is measured here, as
 * Chromium paints it, at rest, hovered, current, and current and hovered, in both colour schemes:
 * text needs 4.5:1 (WCAG AA).
 */

/** The contrast of the link's label against what lies under it: each colour as the canvas paints it, translucent ones composited. */
const contrastOf = (link: Locator) =>
  link.evaluate((el) => {
    const label = el.querySelector('.mantine-NavLink-label') ?? el
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!
    const paint = (color: string) => {
      ctx.fillStyle = color
      ctx.fillRect(0, 0, 1, 1)
    }
    // The backgrounds from the page down to the label, the outermost first.
    const layers: string[] = []
    for (let e: Element | null = label; e; e = e.parentElement) layers.unshift(getComputedStyle(e).backgroundColor)
    paint('#fff')
    layers.forEach(paint)
    const bg = [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)]
    paint(getComputedStyle(label).color)
    const fg = [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)]
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((v) => {
        const c = v / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const [l1, l2] = [luminance(fg), luminance(bg)]
    const [hi, lo] = [Math.max(l1, l2), Math.min(l1, l2)]
    return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100
  })

for (const scheme of ['light', 'dark'] as const) {
  test(`every navigation link reads at 4.5:1 or more, at rest, hovered, current and current hovered (${scheme})`, async ({
    page,
    node
  }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
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
        measured.push(`${name} ${state}: ${await contrastOf(other)}`)
        await other.hover()
        measured.push(`${name} ${state}, hovered: ${await contrastOf(other)}`)
      }
    }
    const failing = measured.filter((m) => Number(m.split(': ')[1]) < 4.5)
    expect(failing, measured.join('\n')).toEqual([])
  })
}
