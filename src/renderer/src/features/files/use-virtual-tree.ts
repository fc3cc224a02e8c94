import { useQueries, type QueryObserverResult } from '@tanstack/react-query'
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'
import { useCallback, useMemo, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react'
import type { FileInfo } from '../../../../shared/contract/vector-fs'
import { errorText } from '../../api/client'
import { useClient } from '../../api/client-context'
import { vfsFolderQuery } from '../../api/queries'
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

/** Marks the control of a row that takes the keyboard focus (the row's button or checkbox; rows write it as `data-tree-focus`). */
export const TREE_FOCUS = 'data-tree-focus'

interface Options<E extends TreeEntry> {
  /** The list's scrolling element. */
  readonly scrollRef: RefObject<HTMLDivElement | null>
  readonly lines: readonly TreeLine<E>[]
  readonly rowHeight: number
  /** Opens or closes a folder (ArrowRight / ArrowLeft); false for folders that cannot be toggled. */
  readonly toggle: (entry: E) => boolean
}

/**
 * A tree drawn as one virtual list of its visible rows: only the rows on screen (and a few around
 * them) are in the DOM, whatever the size of the folders. The row holding the focus, and one being
 * dragged, stay rendered when scrolled away, so scrolling never drops the focus or a drag. Keys:
 * Up/Down, PageUp/PageDown, Home/End move between rows; Right opens a folder (then goes to its first
 * child); Left closes it (or goes to the folder above); Enter and Space act on the row's control.
 */
export function useVirtualTree<E extends TreeEntry>({ scrollRef, lines, rowHeight, toggle }: Options<E>) {
  const indexOf = useMemo(() => new Map(lines.map((l, i) => [l.key, i])), [lines])
  const [active, setActive] = useState<string | null>(null)
  const [dragged, setDragged] = useState<string | null>(null)
  const kept = [active, dragged].map((k) => (k === null ? undefined : indexOf.get(k))).filter((i): i is number => i !== undefined)
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
    rangeExtractor
  })

  const focusLine = (index: number) => {
    const i = Math.max(0, Math.min(lines.length - 1, index))
    const line = lines[i]
    if (!line) return
    setActive(line.key)
    virtualizer.scrollToIndex(i, { align: 'auto' })
    // The row is rendered on the next frames (kept in range as the active one), then focused.
    const focus = (tries: number) => {
      const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${i}"]`)
      // The row's control, or the row itself when that control is disabled (and the row focusable).
      const el = row?.querySelector<HTMLElement>(`[${TREE_FOCUS}]:not(:disabled)`) ?? (row?.hasAttribute('tabindex') ? row : null)
      if (el) el.focus()
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1))
    }
    requestAnimationFrame(() => focus(60))
  }

  const onKeyDown = (e: KeyboardEvent) => {
    // Only keys pressed on the rows themselves (a row's menu, drawn elsewhere, handles its own).
    if (!(e.target instanceof Node) || !scrollRef.current?.contains(e.target)) return
    const rowEl = (e.target as HTMLElement).closest<HTMLElement>('[data-index]')
    if (!rowEl) return
    const current = Number(rowEl.dataset.index)
    const line = lines[current]
    const page = Math.max(1, Math.floor((scrollRef.current.clientHeight || rowHeight * 10) / rowHeight) - 1)
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + page,
      PageUp: current - page,
      Home: 0,
      End: lines.length - 1
    }
    if (e.key in moves) {
      e.preventDefault()
      focusLine(moves[e.key]!)
      return
    }
    if (line?.kind === 'note') {
      // A note stands for an open folder's children: Left goes back up to that folder, as from a child.
      const folder = indexOf.get(line.folder)
      if (e.key === 'ArrowLeft' && folder !== undefined) {
        e.preventDefault()
        focusLine(folder)
      }
      return
    }
    if (line?.kind !== 'entry') return
    if (e.key === 'ArrowRight' && line.entry.is_directory) {
      e.preventDefault()
      if (!line.open) toggle(line.entry)
      else if (lines[current + 1]?.kind === 'entry' && (lines[current + 1] as { parentKey?: string }).parentKey === line.key)
        focusLine(current + 1)
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault()
      if (line.entry.is_directory && line.open && toggle(line.entry)) return
      const parent = line.parentKey === undefined ? undefined : indexOf.get(line.parentKey)
      if (parent !== undefined) focusLine(parent)
    }
  }

  const lineKeyOf = (target: EventTarget | null) =>
    target instanceof HTMLElement ? (target.closest<HTMLElement>('[data-line]')?.dataset.line ?? null) : null
  const listProps = {
    onKeyDown,
    onFocus: (e: FocusEvent) => {
      const key = lineKeyOf(e.target)
      if (key !== null) setActive(key)
    }
  }
  const dragProps = (key: string) => ({
    onDragStart: () => setDragged(key),
    onDragEnd: () => setDragged(null)
  })
  return { virtualizer, listProps, dragProps }
}
