import { useLayoutEffect, useRef, useSyncExternalStore } from 'react'

/**
 * How much larger than the usual 16 px the window's text is (the operating system's or Chromium's text
 * size setting), at least 1. Lists whose rows have a height set in pixels (for their virtualizer)
 * multiply it by this: at a 32 px text size the rows' two lines overran 52 and 68 px rows, drawn
 * over each other and over the next row.
 */
export function textScale(): number {
  const px = parseFloat(getComputedStyle(document.documentElement).fontSize)
  return Number.isFinite(px) && px > 16 ? px / 16 : 1
}

/** An element 1rem wide, out of sight, whose width changes with the window's text size. */
let ruler: HTMLElement | null = null
let observer: ResizeObserver | null = null
const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (!ruler && typeof ResizeObserver !== 'undefined') {
    ruler = document.createElement('div')
    ruler.setAttribute('aria-hidden', 'true')
    ruler.dataset.textScaleRuler = ''
    ruler.style.cssText = 'position:fixed;top:0;left:0;width:1rem;height:0;overflow:hidden;visibility:hidden;pointer-events:none'
    document.body.appendChild(ruler)
    observer = new ResizeObserver(() => listeners.forEach((l) => l()))
    observer.observe(ruler)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && ruler) {
      observer?.disconnect()
      ruler.remove()
      ruler = null
      observer = null
    }
  }
}

/**
 * textScale(), followed while the component is mounted: the text size changed with a list open (in
 * Chromium's settings, the operating system's) gives its rows their new height at once. Read once as
 * the list mounted, the rows kept their old height until the list was left and opened again, and
 * their lines at a larger size ran over the next rows meanwhile.
 */
export function useTextScale(): number {
  return useSyncExternalStore(subscribe, textScale, () => 1)
}

/**
 * Places a virtual list's rows again when their height (`rowHeight`, from useTextScale) changed: the
 * virtualizer keeps the places it worked out with the old height until told to measure again.
 */
export function useRemeasuredOnChange(virtualizer: { measure: () => void }, rowHeight: number): void {
  const last = useRef(rowHeight)
  useLayoutEffect(() => {
    if (last.current === rowHeight) return
    last.current = rowHeight
    virtualizer.measure()
  }, [virtualizer, rowHeight])
}
