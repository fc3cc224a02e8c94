import { useQueries, type QueryObserverResult } from '@tanstack/react-query'
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'
import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react'
import { useRemeasuredOnChange, useTextScale } from '../../app/text-scale'
import { rectAfterLayout, scrollSparingMount } from '../../app/virtualizer-mount'
import type { FileInfo } from '../../../../shared/contract/vector-fs'
import { errorText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { vfsFolderQuery } from '../../api/queries'
import { treeKeyAction, typeAheadMatch } from './tree-keys'
import type { Listing, TreeEntry, TreeLine } from './tree-lines'

/** A listing as the tree shows it, from a query's state. */
const listingOf = (r: QueryObserverResult<FileInfo[]>): Listing<FileInfo> =>
  r.data ? { state: 'ready', entries: r.data } : r.isError ? { state: 'error', message: errorText(r.error) } : { state: 'loading' }
// Stable, so the combined array stays the same one until a listing changes.
const combineListings = (results: QueryObserverResult<FileInfo[]>[]) => results.map(listingOf)

/**
 * The listings of these folders by path (one request each, shared with every other view of the
 * library). The map is a new one only when `paths` or a listing changed.
 */
export function useFolderListings(paths: readonly string[]): ReadonlyMap<string, Listing<FileInfo>> {
  const client = useClient()
  const listings = useQueries({ queries: paths.map((p) => vfsFolderQuery(client, p)), combine: combineListings })
  return useMemo(() => new Map(paths.map((p, i) => [p, listings[i] ?? { state: 'loading' }])), [paths, listings])
}

/** Marks a row's menu button (`data-row-menu`): the context menu key (or Shift+F10) on the row clicks it. */
const ROW_MENU = 'data-row-menu'
/** After this long without a key, type-ahead starts a new name. */
const TYPE_AHEAD_MS = 700
/** How long a row deleted from its menu or a dialog waits for the focus to come back from it (a dialog's closing transition). */
const FOCUS_RETURN_MS = 3000

interface Options<E extends TreeEntry> {
  /** The list's scrolling element. */
  readonly scrollRef: RefObject<HTMLDivElement | null>
  readonly lines: readonly TreeLine<E>[]
  /** A row's height in px at the usual 16 px text size; scaled with the window's text size (textScale). */
  readonly rowHeight: number
  /** Opens or closes a folder (ArrowRight / ArrowLeft); false for folders that cannot be toggled. */
  readonly toggle: (entry: E) => boolean
  /** Enter or Space on an entry's row. */
  readonly act: (entry: E, key: 'Enter' | ' ') => void
  /** The row holding the tree's Tab stop until the user moves it (such as the file shown); the first row otherwise. */
  readonly initial?: string
}

/**
 * A tree drawn as one virtual list of its visible rows, as the WAI-ARIA tree view pattern has it:
 * only the rows on screen (and a few around them) are in the DOM, whatever the size of the
 * folders, and the tree is one Tab stop (a roving tabindex: the row last focused, or `initial`, is
 * the one Tab reaches). The row holding the Tab stop, and one being dragged, stay rendered when
 * scrolled away, so scrolling never drops the focus or a drag. Keys (see tree-keys.ts): Up/Down,
 * PageUp/PageDown, Home/End move between rows; Right opens a folder (then goes to its first
 * child); Left closes it (or goes to the folder above); Enter and Space act on the row; the context
 * menu key or Shift+F10 opens the row's menu; typing a name's first letters goes to it. When the
 * focused row goes away (deleted, moved), the focus goes to the row now in its place.
 */
export function useVirtualTree<E extends TreeEntry>({ scrollRef, lines, rowHeight: baseHeight, toggle, act, initial }: Options<E>) {
  // In rem, not px: at a large text size (the OS's or Chromium's) a row's text and controls ran over the next row.
  const rowHeight = Math.round(baseHeight * useTextScale())
  const indexOf = useMemo(() => new Map(lines.map((l, i) => [l.key, i])), [lines])
  const [active, setActive] = useState<string | null>(null)
  const [dragged, setDragged] = useState<string | null>(null)
  const tabKey =
    active !== null && indexOf.has(active) ? active : initial !== undefined && indexOf.has(initial) ? initial : (lines[0]?.key ?? null)
  const kept = [tabKey, dragged].map((k) => (k === null ? undefined : indexOf.get(k))).filter((i): i is number => i !== undefined)
  const keptKey = kept.join(',')
  const rangeExtractor = useCallback(
    (range: Range) => {
      const out = defaultRangeExtractor(range)
      for (const i of keptKey ? keptKey.split(',').map(Number) : []) if (i < range.count && !out.includes(i)) out.push(i)
      return out.sort((a, b) => a - b)
    },
    [keptKey]
  )
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (i) => lines[i]?.key ?? i,
    overscan: 8,
    rangeExtractor,
    // The tree's first render forces no layout of the page (app/virtualizer-mount.ts).
    initialRect: { width: 0, height: window.innerHeight },
    observeElementRect: rectAfterLayout,
    scrollToFn: scrollSparingMount
  })
  // The text size changed while the list is open: its rows are placed again at their new height.
  useRemeasuredOnChange(virtualizer, rowHeight)

  // Where the focused row was, and whether the focus is (or was last) in the tree: a row deleted
  // under the focus hands it to the row taking its place instead of dropping it on the page.
  const place = useRef({ index: 0, inside: false })
  /** The latest focus asked for: an older one still waiting for its row gives way (a row revealed meanwhile). */
  const focusAsked = useRef(0)
  /**
   * The row a key moved to that has not taken the focus yet (it does on a later frame). Keys come
   * faster than that: the next one moves on from this row, not from the one still focused.
   */
  const pending = useRef<number | null>(null)
  /** How many times the operator has moved in the tree (keys that move the focus, a press on a row): a reveal asked before gives way. */
  const moves = useRef(0)
  const focusLine = (index: number) => {
    const i = Math.max(0, Math.min(lines.length - 1, index))
    const line = lines[i]
    if (!line) return
    setActive(line.key)
    place.current.index = i
    pending.current = i
    virtualizer.scrollToIndex(i, { align: 'auto' })
    // The row is rendered on the next frames (kept in range as the active one), then focused.
    const asked = ++focusAsked.current
    const focus = (tries: number) => {
      if (focusAsked.current !== asked) return
      const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${i}"]`)
      if (row) row.focus()
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1))
      if (row || tries <= 0) pending.current = null
    }
    requestAnimationFrame(() => focus(60))
  }

  const refocus = useRef(focusLine)
  useEffect(() => {
    refocus.current = focusLine
  })
  // The wait for the focus to come back (below); it outlives the render that started it.
  const waiting = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(waiting.current), [])
  useEffect(() => {
    if (active === null || indexOf.has(active) || !place.current.inside || lines.length === 0) return
    const index = Math.min(place.current.index, lines.length - 1)
    setActive(lines[index]!.key)
    // The row may go while its menu or a dialog it opened holds the focus, which comes back (to the
    // row, now gone) once the dialog has closed: the row in its place takes it then.
    const until = Date.now() + FOCUS_RETURN_MS
    const check = () => {
      const el = document.activeElement
      if (!el || el === document.body || !el.isConnected) refocus.current(index)
      else if (!scrollRef.current?.contains(el) && Date.now() < until) waiting.current = setTimeout(check, 50)
    }
    clearTimeout(waiting.current)
    check()
  }, [active, indexOf, lines, scrollRef])

  // What was typed ahead, when, and the row it found (keys come faster than the focus moves).
  const typed = useRef({ text: '', at: 0, index: 0 })
  const onKeyDown = (e: KeyboardEvent) => {
    // Only keys pressed on the rows themselves (a row's menu, drawn elsewhere, handles its own).
    if (!(e.target instanceof HTMLElement) || !scrollRef.current?.contains(e.target)) return
    const rowEl = e.target.closest<HTMLElement>('[data-index]')
    if (!rowEl) return
    const current = pending.current ?? Number(rowEl.dataset.index)
    const page = Math.max(1, Math.floor((scrollRef.current.clientHeight || rowHeight * 10) / rowHeight) - 1)
    const now = e.timeStamp || Date.now()
    const typing = typed.current.text !== '' && now - typed.current.at <= TYPE_AHEAD_MS
    // A space while a name is being typed is part of the name, if a name goes on so; else it is the
    // row's Space (a letter, then Space at once on the row it found, ticked nothing in the scope picker).
    const spaceTyped = typing && e.key === ' ' && typeAheadMatch(lines, typed.current.index, `${typed.current.text} `) >= 0
    const action = spaceTyped ? ({ kind: 'type', char: ' ' } as const) : treeKeyAction(lines, current, e, page)
    if (!action) return
    // Any other key ends the typing: a Space after an arrow is the row's, however soon it comes.
    if (action.kind !== 'type') typed.current = { text: '', at: 0, index: 0 }
    // Enter and Space on a control inside the row (a checkbox clicked with the mouse) are that control's.
    if (action.kind === 'act' && e.target !== rowEl) return
    const line = lines[current]
    e.preventDefault()
    switch (action.kind) {
      case 'focus':
        moves.current++
        return focusLine(action.index)
      case 'toggle':
        if (line?.kind === 'entry') toggle(line.entry)
        return
      case 'act':
        if (line?.kind === 'entry') act(line.entry, action.key)
        return
      case 'menu':
        // The menu opens during this keydown: Mantine's menu, whose listener for keys outside it is
        // added then, saw the same keydown reach the document and closed at once when its items were
        // already drawn (opened again while its closing transition ran; or drawn at once).
        e.stopPropagation()
        rowEl.querySelector<HTMLElement>(`[${ROW_MENU}]`)?.click()
        return
      case 'type': {
        const from = typing ? typed.current.index : current
        const text = (typing ? typed.current.text : '') + action.char
        const found = typeAheadMatch(lines, from, text)
        typed.current = { text, at: now, index: found >= 0 ? found : from }
        if (found >= 0) {
          moves.current++
          focusLine(found)
        }
      }
    }
  }

  const treeProps = {
    onKeyDown,
    onPointerDown: () => {
      moves.current++
    },
    onFocus: (e: FocusEvent) => {
      if (!(e.target instanceof HTMLElement)) return
      const row = e.target.closest<HTMLElement>('[data-line]')
      if (!row) return
      const index = Number(row.dataset.index)
      // The focus landed elsewhere (a click) while a key's move waited: that move gives way.
      if (pending.current !== null && index !== pending.current) focusAsked.current++
      pending.current = null
      place.current = { index, inside: true }
      setActive(row.dataset.line ?? null)
      // A control inside a row (clicked with the mouse) hands the focus to its row, which the keys act on.
      if (e.target !== row) row.focus({ preventScroll: true })
    },
    onBlur: (e: FocusEvent) => {
      // Focus leaving for somewhere else on the page; not a focused row being removed (no next
      // element then), nor the row's menu or a dialog opened from it (the focus comes back).
      const to = e.relatedTarget
      if (to instanceof Element && !scrollRef.current?.contains(to) && !to.closest('[role=menu], [role=dialog]'))
        place.current.inside = false
    }
  }
  /** A row's place in the tree for assistive technology, and whether Tab reaches it. */
  const rowProps = (line: TreeLine<E>) =>
    line.kind === 'note'
      ? { role: 'treeitem', 'aria-level': line.depth + 1, 'aria-disabled': true, tabIndex: line.key === tabKey ? 0 : -1 }
      : {
          role: 'treeitem',
          'aria-level': line.depth + 1,
          'aria-posinset': line.pos,
          'aria-setsize': line.size,
          'aria-expanded': line.entry.is_directory ? line.open : undefined,
          tabIndex: line.key === tabKey ? 0 : -1
        }
  const dragProps = (key: string) => ({
    onDragStart: () => setDragged(key),
    onDragEnd: () => setDragged(null)
  })
  /** Makes the row of `key` the tree's Tab stop, drawn and scrolled into view; false while the tree has no such row. */
  const reveal = (key: string): boolean => {
    const i = indexOf.get(key)
    if (i === undefined) return false
    focusAsked.current++
    pending.current = null
    clearTimeout(waiting.current)
    setActive(key)
    place.current.index = i
    virtualizer.scrollToIndex(i, { align: 'auto' })
    return true
  }
  /** How many times the operator has moved in the tree so far (see `moves`). */
  const userMoves = () => moves.current
  return { virtualizer, treeProps, rowProps, dragProps, reveal, userMoves }
}
