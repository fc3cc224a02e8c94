import type { Rect, Virtualizer } from '@tanstack/react-virtual'

/**
 * The scroll element's size for a virtualizer, read once the browser has laid the page out:
 * TanStack's default also reads it at once when the list mounts, which forces a layout of the whole
 * page in the middle of the first render. Here the first render uses `initialRect`, and the
 * ResizeObserver's first report (after the browser's own layout, before it paints) corrects it.
 * Where no report comes (an engine whose ResizeObserver does nothing), the size is read two frames on.
 */
export function rectAfterLayout<E extends HTMLElement>(
  instance: Virtualizer<E, Element>,
  cb: (rect: Rect) => void
): (() => void) | undefined {
  const element = instance.scrollElement
  const win = instance.targetWindow
  if (!element || !win) return undefined
  let reported = false
  const report = () => {
    reported = true
    cb({ width: Math.round(element.clientWidth), height: Math.round(element.clientHeight) })
  }
  const observer = win.ResizeObserver ? new win.ResizeObserver(report) : undefined
  observer?.observe(element, { box: 'content-box' })
  let frame = win.requestAnimationFrame(() => {
    frame = win.requestAnimationFrame(() => {
      if (!reported) report()
    })
  })
  return () => {
    observer?.disconnect()
    win.cancelAnimationFrame(frame)
  }
}
