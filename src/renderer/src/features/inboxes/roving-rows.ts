import { defaultRangeExtractor, type Range, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type RefObject } from 'react'
import { isWindowReturn, watchWindowReturn } from '../../app/window-return'

/*
 * A virtual list of rows as one Tab stop (a roving tabindex), shared by the inbox list and the
 * conversation list: Tab enters the list on the row last focused and leaves it with the next Tab;
 * the arrows, Page Up/Down, Home and End move between rows, drawn or not yet. Each row's wrapper
 * carries `data-index` (its place) and `data-row-key` (what it shows); its link is what takes the focus.
 */

/** Where a key moves the focus from row `current` of `count` rows; undefined for other keys. */
export function rowMove(key: string, current: number, count: number, pageRows = 8): number | undefined {
  switch (key) {
    case 'ArrowDown':
      return current + 1
    case 'ArrowUp':
      return current - 1
    case 'PageDown':
      return current + pageRows
    case 'PageUp':
      return current - pageRows
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return undefined
  }
}

interface Focused {
  readonly scope: string | undefined
  readonly index: number
  readonly key: string | undefined
}

/**
 * The list's Tab stop: the row last focused (followed by what it shows when rows move, as other
 * clients' changes make them), else `fallback`. A new `scope` (another conversation opened) starts
 * over from the fallback. The Tab stop's row stays drawn when scrolled away (`rangeExtractor`), so
 * Tab always finds it.
 */
export function useRovingTabStop({
  count,
  fallback,
  scope,
  placeOf,
  scrollRef
}: {
  count: number
  fallback: number
  scope?: string
  /** Where the row showing `key` is now, if it is shown. */
  placeOf: (key: string) => number | undefined
  /** The element the rows scroll in (the virtualizer's). */
  scrollRef: RefObject<HTMLElement | null>
}) {
  const [focused, setFocused] = useState<Focused | null>(null)
  useEffect(() => watchWindowReturn(), [])
  const mine = focused && focused.scope === scope ? focused : null
  const at = mine ? ((mine.key !== undefined ? placeOf(mine.key) : undefined) ?? mine.index) : fallback
  const tabStop = Math.max(0, Math.min(count - 1, at))
  const rangeExtractor = useCallback(
    (range: Range) => {
      const out = defaultRangeExtractor(range)
      if (tabStop < range.count && !out.includes(tabStop)) out.push(tabStop)
      return out.sort((a, b) => a - b)
    },
    [tabStop]
  )
  const setFocusedAt = useCallback(
    (index: number, key?: string) =>
      setFocused((prev) => (prev && prev.scope === scope && prev.index === index && prev.key === key ? prev : { scope, index, key })),
    [scope]
  )
  /**
   * The list's focus handler: any element of a row focused (the mouse too) makes that row the Tab stop,
   * and a row focused wholly out of view is brought into view. A dialog gives the focus back to the row
   * it was opened from without scrolling (Mantine's focus return): moved meanwhile by another client's
   * change, the row held the focus out of sight, and the next arrow key jumped the list. Not the focus a
   * window gives back as it becomes active again: the list scrolled away from its row stays where it is.
   */
  const onFocus = useCallback(
    (e: FocusEvent<HTMLElement>) => {
      const row = e.target instanceof HTMLElement ? e.target.closest<HTMLElement>('[data-index]') : null
      if (!row || !e.currentTarget.contains(row)) return
      setFocusedAt(Number(row.dataset.index), row.dataset.rowKey)
      // The window active again gives the focus back to the row it left on: the list stays where the operator scrolled it.
      if (isWindowReturn(e.target)) return
      const view = scrollRef.current?.getBoundingClientRect()
      const at = row.getBoundingClientRect()
      if (view && view.height > 0 && (at.bottom <= view.top || at.top >= view.bottom)) row.scrollIntoView({ block: 'nearest' })
    },
    [setFocusedAt, scrollRef]
  )
  /**
   * The rows are another list now (hidden inboxes shown or not), shown from its top: the Tab stop is the
   * row last focused if this list has it among the rows it has read, else `fallback`, not that row's old
   * place, where this list has another row (Tab went to it, far down, and Enter opened it).
   */
  const startOver = useCallback(
    () => setFocused((prev) => (prev && prev.scope === scope && prev.index !== fallback ? { ...prev, index: fallback } : prev)),
    [scope, fallback]
  )
  return { tabStop, rangeExtractor, onFocus, setFocusedAt, startOver }
}

/** The rows actually on screen: without the Tab stop's row, kept drawn far away (which would read every page up to it). */
export const rowsOnScreen = (items: readonly VirtualItem[], tabStop: number) =>
  items.length > 1 ? items.filter((it) => it.index !== tabStop) : items

/** The index of the row holding the focus, or -1. */
export const focusedRow = (target: EventTarget | null) =>
  Number((target instanceof Element ? target.closest<HTMLElement>('[data-index]') : null)?.dataset.index ?? -1)

export interface FocusRow {
  /** Moves the focus to row `index`. */
  readonly focusRow: (index: number, options?: { onlyIfIdle?: boolean }) => void
  /** The row asked for and not focused yet (it is being read or drawn), else undefined. */
  readonly pendingRow: () => number | undefined
}

/**
 * Moves the focus to row `index`: a row already drawn is focused at once, so the next key (a held
 * arrow repeats faster than a slow machine draws frames) starts from it; a row not drawn yet is
 * scrolled to and focused once drawn (a row far away may have to be read first: it is waited for by
 * time, `waitMs`, not frames, and only for the last row asked for), and meanwhile `pendingRow()` names
 * it, for keys to count from. The focus put elsewhere meanwhile (a click, a key leaving the list for
 * the search field) ends the wait: the row does not take it back. `onlyIfIdle`: not if the operator
 * has put the focus somewhere meanwhile.
 */
export function useFocusRow(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scrollRef: RefObject<HTMLElement | null>,
  count: number,
  waitMs: number,
  setFocusedAt: (index: number) => void
): FocusRow {
  const wanted = useRef(0)
  const pendingRow = useRef<number | undefined>(undefined)
  /** Ends the wait for the row asked for last (its focus listener removed, `pendingRow` cleared). */
  const endWait = useRef(() => {})
  // The list may get shorter while a row is waited for (the rows of a delete leave before the count
  // does): the last row then is the one meant.
  const rows = useRef(count)
  useLayoutEffect(() => {
    rows.current = count
  })
  useEffect(() => () => endWait.current(), [])
  const focusRow = (index: number, { onlyIfIdle = false } = {}) => {
    const i = Math.max(0, Math.min(count - 1, index))
    if (!onlyIfIdle) setFocusedAt(i)
    endWait.current()
    const mine = ++wanted.current
    const until = performance.now() + waitMs
    const tryFocus = (): boolean => {
      if (wanted.current !== mine) return true // another row was asked for since, or the focus put elsewhere
      const active = document.activeElement
      if (onlyIfIdle && active && active !== document.body && active.isConnected) return true
      const at = Math.max(0, Math.min(rows.current - 1, i))
      const link = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${at}"] a`)
      if (!link) return false
      endWait.current()
      link.focus()
      return true
    }
    const drawn = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${i}"] a`)
    if (drawn) {
      // In view as the browser puts a focused element (scrollIntoView's 'nearest'), before the list scrolls it to its place.
      tryFocus()
      virtualizer.scrollToIndex(i, { align: 'auto' })
      return
    }
    if (!onlyIfIdle) {
      // Keys count from it until it is focused (keys on the page's body, where an idle focus is, are not the list's).
      pendingRow.current = i
      const doc = scrollRef.current?.ownerDocument ?? document
      const elsewhere = () => {
        wanted.current++
        endWait.current()
      }
      doc.addEventListener('focusin', elsewhere)
      endWait.current = () => {
        doc.removeEventListener('focusin', elsewhere)
        pendingRow.current = undefined
        endWait.current = () => {}
      }
    }
    virtualizer.scrollToIndex(i, { align: 'auto' })
    const step = () => {
      if (tryFocus()) return
      if (performance.now() < until) requestAnimationFrame(step)
      else if (wanted.current === mine) endWait.current()
    }
    requestAnimationFrame(step)
  }
  return { focusRow, pendingRow: () => pendingRow.current }
}

/**
 * A focused row taken away by another client (removed, or hidden while hidden ones are not shown)
 * leaves the focus on the page: it goes to the row now in its place (`tabStop`, which follows it
 * there). Only when what the row showed is no longer listed (`listed`, by its `data-row-key`): a row
 * that only left the rows drawn (another conversation opened, the list scrolled) takes nothing. Not
 * while `waits()` (the list puts the focus back itself after its own delete or hide), nor once the
 * operator has taken the focus out of the list. Returns the list element's focus handlers, the roving
 * Tab stop's `onFocus` (useRovingTabStop) among them: the list hands out this one pair.
 */
export function useFocusKeptOnRemoval({
  count,
  tabStop,
  onFocus,
  focusRow,
  listed,
  waits = () => false
}: {
  count: number
  tabStop: number
  /** The roving Tab stop's focus handler (useRovingTabStop's `onFocus`). */
  onFocus: (e: FocusEvent<HTMLElement>) => void
  focusRow: (index: number) => void
  listed: (key: string) => boolean
  waits?: () => boolean
}) {
  const lastFocused = useRef<{ readonly el: Element; readonly key: string | null } | null>(null)
  useLayoutEffect(() => {
    const last = lastFocused.current
    if (!last || last.el.isConnected || waits() || count === 0) return
    lastFocused.current = null
    if (last.key !== null && listed(last.key)) return
    const at = document.activeElement
    if (!at || at === document.body) focusRow(tabStop)
  })
  return {
    onFocus: (e: FocusEvent<HTMLElement>) => {
      lastFocused.current = { el: e.target, key: e.target.closest('[data-row-key]')?.getAttribute('data-row-key') ?? null }
      onFocus(e)
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      // The operator took the focus elsewhere: a row removed later is no reason to take it back.
      if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) lastFocused.current = null
    }
  }
}
