import type { Locator } from '@playwright/test'

/**
 * Where the focus ring of `el` (its box grown by the outline's width and offset) is cut: the
 * classes of each ancestor that clips its content (overflow other than visible) and cuts into it.
 * An ancestor clips at its padding box, inside its borders and its scroll bars.
 */
export const ringClippedBy = (el: Locator) =>
  el.evaluate((target) => {
    const cs = getComputedStyle(target)
    // An outline drawn inside (a negative offset as wide as it) reaches no further than the box.
    const grow = Math.max(0, parseFloat(cs.outlineWidth) + parseFloat(cs.outlineOffset))
    const r = target.getBoundingClientRect()
    const ring = { left: r.left - grow, top: r.top - grow, right: r.right + grow, bottom: r.bottom + grow }
    const clippers: string[] = []
    for (let a = target.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a)
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue
      const b = a.getBoundingClientRect()
      const left = b.left + a.clientLeft
      const top = b.top + a.clientTop
      const clip = { left, top, right: left + a.clientWidth, bottom: top + a.clientHeight }
      if (ring.left < clip.left - 0.5 || ring.top < clip.top - 0.5 || ring.right > clip.right + 0.5 || ring.bottom > clip.bottom + 0.5)
        clippers.push(a.className.toString().slice(0, 60) || a.tagName)
    }
    return clippers
  })
