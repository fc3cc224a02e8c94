import { elementScroll, type Rect, type Virtualizer } from '@tanstack/react-virtual'

/*
 * Options for TanStack's virtualizer that keep a list's mount from forcing a layout of the whole
 * page in the middle of its first render (in a browser, reading a size or writing a scroll position
 * does): the browser lays the page out once, after the render, as it would anyway.
 */

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

/** The scroll elements a virtualizer has written to (or been spared writing to) since they were made. */
const attached = new WeakSet<Element>()

/**
 * TanStack's scroll write, minus the one it makes as it attaches to a new scroll element: it writes
 * the position the element already has (the top, for a list that starts there), and that write was
 * 42 ms of the inbox list's first render of 190 (1,000 inboxes, this machine). Every later write,
 * and a first one to anywhere but the top, goes through.
 */
export function scrollSparingMount<E extends Element>(
  offset: number,
  options: Parameters<typeof elementScroll>[1],
  instance: Virtualizer<E, Element>
): void {
  const element = instance.scrollElement
  if (element && !attached.has(element)) {
    attached.add(element)
    if (offset + (options.adjustments ?? 0) === 0) return
  }
  elementScroll(offset, options, instance)
}
