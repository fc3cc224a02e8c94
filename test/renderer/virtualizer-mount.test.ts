// @vitest-environment happy-dom
import type { Virtualizer } from '@tanstack/react-virtual'
import { describe, expect, it } from 'vitest'
import { rectAfterLayout, scrollSparingMount } from '../../src/renderer/src/app/virtualizer-mount'

/** A scroll element that counts reads of its size (each would force a layout in a browser). */
function element(height: number) {
  const el = document.createElement('div')
  const reads = { n: 0 }
  Object.defineProperty(el, 'clientHeight', { get: () => (reads.n++, height) })
  Object.defineProperty(el, 'clientWidth', { get: () => 400 })
  return { el, reads }
}
const instanceOf = (el: HTMLElement, win: Window) =>
  ({ scrollElement: el, targetWindow: win }) as unknown as Virtualizer<HTMLElement, Element>
const frames = (n: number) => new Promise<void>((r) => (n === 0 ? r() : requestAnimationFrame(() => void frames(n - 1).then(r))))

describe('the inbox list reads its size only once the browser has laid it out', () => {
  it('reads nothing while the list mounts; the ResizeObserver’s report gives the size', async () => {
    const { el, reads } = element(640)
    let observed: (() => void) | undefined
    class ReportingObserver {
      constructor(cb: () => void) {
        observed = cb
      }
      observe() {}
      disconnect() {}
    }
    const win = Object.assign(Object.create(window) as Window, { ResizeObserver: ReportingObserver })
    const sizes: number[] = []
    const stop = rectAfterLayout(instanceOf(el, win), (r) => sizes.push(r.height))
    expect(reads.n).toBe(0) // nothing forced in the middle of the render
    observed!() // the browser reports after its layout
    expect(sizes).toEqual([640])
    await frames(3)
    expect(sizes).toEqual([640]) // no second read once reported
    stop?.()
  })

  it('where the ResizeObserver reports nothing, the size is read two frames on', async () => {
    const { el, reads } = element(5000)
    const sizes: number[] = []
    const stop = rectAfterLayout(instanceOf(el, window), (r) => sizes.push(r.height)) // happy-dom's observer does nothing
    expect(reads.n).toBe(0)
    await frames(3)
    expect(sizes).toEqual([5000])
    stop?.()
  })
})

describe('a virtualizer attaching to a new list writes no scroll position it already has', () => {
  /** A scroll element that records its scroll writes (each forces a layout in a browser). */
  function scroller() {
    const el = document.createElement('div')
    const writes: number[] = []
    el.scrollTo = ((o: ScrollToOptions) => writes.push(o.top ?? NaN)) as typeof el.scrollTo
    const instance = { scrollElement: el, options: { horizontal: false } } as unknown as Virtualizer<HTMLElement, Element>
    return { instance, writes }
  }

  it('skips the attach write to the top; every later write, to the top as elsewhere, goes through', () => {
    const { instance, writes } = scroller()
    scrollSparingMount(0, {}, instance) // the write TanStack makes as it attaches
    expect(writes).toEqual([])
    scrollSparingMount(480, {}, instance) // scrollToIndex: a row further down
    scrollSparingMount(0, {}, instance) // Home, after the operator had scrolled: must reach the element
    expect(writes).toEqual([480, 0])
  })

  it('a first write to anywhere but the top goes through', () => {
    const { instance, writes } = scroller()
    scrollSparingMount(96, {}, instance)
    scrollSparingMount(0, { adjustments: 40 }, instance)
    expect(writes).toEqual([96, 40])
  })

  it('each new scroll element gets its own first write spared, not one per page', () => {
    const a = scroller()
    const b = scroller()
    scrollSparingMount(0, {}, a.instance)
    scrollSparingMount(0, {}, b.instance)
    scrollSparingMount(0, {}, a.instance)
    expect(a.writes).toEqual([0])
    expect(b.writes).toEqual([])
  })
})
