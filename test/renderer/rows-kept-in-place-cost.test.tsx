// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { useRef } from 'react'
import { describe, expect, it } from 'vitest'
import { useRowsKeptInPlace } from '../../src/renderer/src/features/inboxes/rows-kept-in-place'

/** The list's places, counting each pass over all of them (a pass is as long as the rows read: 100,000 here). */
class CountedPlaces extends Map<string, number> {
  passes = 0;
  override [Symbol.iterator]() {
    this.passes++
    return super[Symbol.iterator]()
  }
  override entries() {
    this.passes++
    return super.entries()
  }
  override forEach(...args: Parameters<Map<string, number>['forEach']>) {
    this.passes++
    super.forEach(...args)
  }
}

function List({ places, tick }: { readonly places: ReadonlyMap<string, number>; readonly tick: number }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  useRowsKeptInPlace({ scrollRef, rowHeight: 68, scope: 'all|false', placesOf: () => places })
  return (
    <div ref={scrollRef} data-tick={tick}>
      rows
    </div>
  )
}

describe('useRowsKeptInPlace at 100,000 rows read', () => {
  it('a render of the list (one per scrolled frame) does not go over every row read: the rows are indexed once per list of rows', () => {
    const places = new CountedPlaces(Array.from({ length: 100_000 }, (_, i) => [`inbox-${i}`, i] as const))
    places.passes = 0
    const { rerender } = render(<List places={places} tick={0} />)
    for (let tick = 1; tick <= 50; tick++) rerender(<List places={places} tick={tick} />)
    // Once for the first render (the rows by index), then never again for the same rows.
    expect(places.passes).toBeLessThanOrEqual(1)
    // New rows (an event patched the list): indexed once more.
    const next = new CountedPlaces(places)
    next.passes = 0
    for (let tick = 51; tick <= 60; tick++) rerender(<List places={next} tick={tick} />)
    expect(next.passes).toBeLessThanOrEqual(2)
  })
})
