// @vitest-environment happy-dom
import type { Virtualizer } from '@tanstack/react-virtual'
import { describe, expect, it } from 'vitest'
import { rectAfterLayout } from '../../src/renderer/src/features/inboxes/rect-after-layout'

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
