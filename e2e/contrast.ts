import type { Locator } from '@playwright/test'

/**
 * The contrast (WCAG) of an element's text, or of its part `label` matches, against what lies under it:
 * each colour as the canvas paints it, translucent ones composited, from the page down.
 */
export const contrastOf = (target: Locator, label?: string) =>
  target.evaluate((el, sel) => {
    const label = (sel && el.querySelector(sel)) || el
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
  }, label)
