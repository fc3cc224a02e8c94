import { useLayoutEffect, useRef, type RefObject } from 'react'

/**
 * The list scrolled down, conversations added, removed or moved above the rows on screen (another client
 * writes to one far down, which comes to the top; removes, hides or pins one above) shifted every row on
 * screen by as many rows: the row under the pointer changed under it, and a click meant for one opened
 * another. The list is scrolled by as many rows instead, so those on screen stay where they were. At the
 * top of the list nothing is kept: what comes first comes into view there.
 *
 * The text size changed (the rows' height with it, `rowHeight`): the list stayed at the same offset in pixels,
 * so the rows in view became those at about half (or twice) their index. It is scrolled to where the row
 * that was first in view is now, as far into it.
 */
export function useRowsKeptInPlace(options: {
  readonly scrollRef: RefObject<HTMLElement | null>
  readonly rowHeight: number
  /** Changes when the list becomes another one (a search, hidden shown): its rows are not kept in place. */
  readonly scope: string
  /** Where each row the list shows stands (its index). */
  readonly placesOf: () => ReadonlyMap<string, number>
}): void {
  const { scrollRef, rowHeight, scope, placesOf } = options
  const seen = useRef<{ scope: string; top: number; rowHeight: number; onScreen: [string, number][] } | null>(null)
  // Where the list is to be scrolled after the rows' height changed, until it is there or its height has changed
  // (`height`: as it was then): the list's new height comes a render later (the virtualizer measures again), and
  // the old one can be too short for the offset.
  const scaledTo = useRef<{ scope: string; top: number; height: number } | null>(null)
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el) return
    const places = placesOf()
    const before = seen.current
    if (before && before.scope === scope && before.rowHeight !== rowHeight && before.top > 0)
      scaledTo.current = { scope, top: (before.top / before.rowHeight) * rowHeight, height: el.scrollHeight }
    const scaled = scaledTo.current
    if (scaled && scaled.scope === scope) {
      el.scrollTop = scaled.top
      if (Math.abs(el.scrollTop - scaled.top) < 1 || el.scrollHeight !== scaled.height) scaledTo.current = null
    } else if (scaled) scaledTo.current = null
    else if (before && before.scope === scope && el.scrollTop > 0) {
      const shift = keptShift(before.onScreen, places)
      // Rows gone above at the list's end: the browser has already pulled the scroll back to the shorter list's
      // end, which moved the rows by as much. Counted from there, they were moved twice (the pointer over a row
      // as many rows below).
      const clamped = el.scrollTop < before.top && el.scrollTop >= el.scrollHeight - el.clientHeight - 1
      if (shift) el.scrollTop = (clamped ? before.top : el.scrollTop) + shift * rowHeight
    }
    const first = Math.floor(el.scrollTop / rowHeight)
    const last = Math.ceil((el.scrollTop + el.clientHeight) / rowHeight)
    const ids = idsByIndex(places)
    const onScreen: [string, number][] = []
    for (let i = first; i <= last; i++) {
      const id = ids[i]
      if (id !== undefined) onScreen.push([id, i])
    }
    seen.current = { scope, top: el.scrollTop, rowHeight, onScreen }
  })
}

/** Each places map's rows by index, made once per map (the lists make a map only when their rows change). */
const byIndex = new WeakMap<ReadonlyMap<string, number>, (string | undefined)[]>()

/**
 * The ids of `places` by index: the rows on screen are looked up at each render (one per scrolled frame),
 * and a pass over every row read (tens of thousands after a long scroll) cost as much each time.
 */
function idsByIndex(places: ReadonlyMap<string, number>): (string | undefined)[] {
  let ids = byIndex.get(places)
  if (ids === undefined) {
    ids = []
    for (const [id, i] of places) ids[i] = id
    byIndex.set(places, ids)
  }
  return ids
}

/**
 * By how many rows the rows on screen moved: that of the topmost one that moved as another did (a row
 * that moved alone, brought to the top or removed, is not followed); 0 when none did.
 */
export function keptShift(onScreen: readonly (readonly [string, number])[], places: ReadonlyMap<string, number>): number {
  const shifts = onScreen.flatMap(([id, i]) => {
    const now = places.get(id)
    return now === undefined ? [] : [now - i]
  })
  return shifts.find((s, k) => shifts.indexOf(s) !== k || shifts.lastIndexOf(s) !== k) ?? 0
}
