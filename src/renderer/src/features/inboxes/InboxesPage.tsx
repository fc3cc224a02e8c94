import { useRemeasuredOnChange, useTextScale } from '../../app/text-scale'
import { Alert, Box, Button, CloseButton, EmptyState, Group, Input, Loader, Stack, Text, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconEye, IconEyeOff, IconInbox, IconPin, IconPinnedOff, IconPlus, IconSearch, IconX } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { Inbox } from '../../../../shared/contract/inbox'
import { SEARCH_QUERY_MAX } from '../../../../shared/contract/inbox-search-rules'
import { errorText, isNoSession } from '../../api/client'
import { useClient } from '../../api/client-context'
import { useLatest } from '../../app/use-latest'
import {
  cachedAtPlace,
  cachedPlace,
  inboxPageKeys,
  onInboxChanges,
  onListsReadAfterBreak,
  pageQuery,
  placeBlocks,
  NEAR_ROWS,
  rowsByPlace
} from '../../api/inbox-pages'
import { SEARCH_LIMIT, useHiddenInboxCount, useInboxPages, useInboxPlaces, useInboxSearch, useProviders } from '../../api/queries'
import { hrefOf } from '../../app/router'
import { useInboxFilters } from '../../stores/inbox-filters'
import { useInboxActions, type InboxActions } from './inbox-actions'
import { countText } from '../../app/count-format'
import { searchWords } from '../../app/highlight'
import { firstMatchesNote, inboxCount, matchesCount, selectedCount } from './inbox-count'
import { toRow, type InboxRowData } from './inbox-rows'
import { snippetOfFailedAnswer, snippetOfStoppedAnswer } from './snippet-source'
import {
  keepSelection,
  keptSelection,
  patchedSelection,
  selectionAfter,
  selectionChangesAfterBreak,
  takeKeptSelection,
  type Selection
} from './kept-selection'
import { InboxRow } from './InboxRow'
import { isSelectAllKey, selectEveryRow, typingIn } from './select-all'
import { EACH_MAX } from './bulk-calls'
import { onMac, withCommandKey } from '../../app/platform'
import { rectAfterLayout, scrollSparingMount } from '../../app/virtualizer-mount'
import { rememberListPlace, takeReturnFocus } from './return-focus'
import { focusedRow, rowMove, rowsOnScreen, useFocusKeptOnRemoval, useFocusRow, useRovingTabStop } from './roving-rows'
import classes from './InboxRow.module.css'
import barClasses from './bulk-bar.module.css'
import { useNow } from '../../app/use-now'
import { useSearchText } from '../../api/search-text'
import { PlainSwitch } from '../../app/PlainSwitch'
import { useAskedFlags } from '../../stores/asked-flags'
import { barCounts, barRows, chosenRows } from './bar-counts'
import { useRowsKeptInPlace } from './rows-kept-in-place'
import { useShownSearch } from './shown-search'
// Not through ../providers: that would bring the contract's schemas (zod) into the first screen's code.
import { providerNamer } from '../../../../shared/provider-title'

const ROW_HEIGHT = 68
/** Search asks the node once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 200
/** Rows far past the loaded ones are read by place once the scrolling pauses this long. */
const PLACE_DEBOUNCE_MS = 120
/** Blocks shown while inboxes changed (places shifted) are read again this long after the first change. */
const PLACE_REFRESH_MS = 1000
/** Rows per request when a Shift-click range holds rows not read yet (the node's page limit). */
const RANGE_READ = 200
/** How long a row the keyboard moved to is waited for (it may have to be read first). */
const FOCUS_WAIT_MS = 3000

/** The loaded rows of a paged list, each inbox once (a moved inbox may briefly sit in two pages). */
function rowsOf(pages: { inboxes: Inbox[] }[] | undefined): InboxRowData[] {
  const seen = new Set<string>()
  const rows: InboxRowData[] = []
  for (const p of pages ?? [])
    for (const inbox of p.inboxes) {
      if (seen.has(inbox.inbox_id)) continue
      seen.add(inbox.inbox_id)
      rows.push(toRow(inbox))
    }
  return rows
}

/** `emptyWaits`: an empty list is not called empty yet (the window may be on its way to the first-run wizard). */
export function InboxesPage({ emptyWaits = false }: { readonly emptyWaits?: boolean }) {
  const { search, setSearch, showHidden, setShowHidden } = useInboxFilters()
  const query = useSearchText(search.trim(), SEARCH_DEBOUNCE_MS)
  const searching = search.trim().length > 0
  const pinned = useInboxPages({ showHidden, pinned: true })
  const others = useInboxPages({ showHidden, pinned: false })
  const hits = useInboxSearch(searching ? query : '', showHidden)
  const actions = useInboxActions()
  const now = useNow()
  // Rows name their provider as the operator named it, as pickers and the providers page do (inboxes carry only its id).
  const providers = useProviders()
  const noProvider = providers.data?.length === 0
  // Two providers with one display name are told apart by their ids, as in a conversation and its exports.
  const providerNames = useMemo(() => {
    const list = providers.data ?? []
    const nameOf = providerNamer(list)
    return new Map(list.map((p) => [p.id, nameOf(p.id)]))
  }, [providers.data])
  const searchRef = useRef<HTMLInputElement>(null)
  const scrollRef = useRef<HTMLDivElement>(null)

  const pinnedRows = useMemo(() => rowsOf(pinned.data?.pages), [pinned.data])
  const loaded = useMemo(() => rowsOf(others.data?.pages), [others.data])
  const loadedIds = useMemo(() => new Set(loaded.map((r) => r.inboxId)), [loaded])
  const hitRows = useMemo(
    () =>
      (hits.data ?? []).map((h) => ({
        row: toRow(h.inbox),
        snippet: {
          text: h.snippet,
          failed: snippetOfFailedAnswer(h.inbox, h.snippet),
          stopped: snippetOfStoppedAnswer(h.inbox, h.snippet)
        }
      })),
    [hits.data]
  )
  const pinnedTotal = pinned.data?.pages[0]?.total_count ?? 0
  const othersTotal = others.data?.pages[0]?.total_count ?? 0
  const total = pinnedTotal + othersTotal
  // Said beside the count while hidden inboxes are not shown (else they seemed gone), and while they are
  // (counted among the inboxes, they were told apart only by their rows' markers, most of them unloaded).
  const hiddenCount = useHiddenInboxCount().data ?? 0
  const hiddenNote = hiddenCount > 0 ? `, ${countText(hiddenCount)} hidden` : ''

  // The list: pinned inboxes on top (all loaded: few), then the others page by page; unloaded rows are placeholders.
  const count = searching ? hitRows.length : pinnedRows.length + Math.max(othersTotal, loaded.length)
  const rowAt = (i: number): { row: InboxRowData; snippet?: { text: string; failed: boolean; stopped: boolean } } | undefined =>
    searching
      ? hitRows[i]
      : i < pinnedRows.length
        ? { row: pinnedRows[i]! }
        : (() => {
            const k = i - pinnedRows.length
            // Past the loaded rows, a row read by place, unless it is among the loaded ones (it moved). Near
            // them, where blocks are no longer asked for (the pages in order come), a block still cached
            // stands in until they do: the rows stay shown instead of turning to placeholders.
            const r = loaded[k] ?? placed.get(k) ?? cachedPlaceRow(k)
            return r && (k < loaded.length || !loadedIds.has(r.inboxId)) ? { row: r } : undefined
          })()

  // One Tab stop for the whole list (a roving tabindex, see roving-rows): the row last focused, else the first.
  const shownRef = useRef<{
    placesOf: () => ReadonlyMap<string, number>
    placeOf: (id: string) => number | undefined
    rowsBetween: (lo: number, hi: number) => Promise<InboxRowData[]>
  }>(null)
  const { tabStop, rangeExtractor, onFocus, setFocusedAt, startOver } = useRovingTabStop({
    count,
    fallback: 0,
    scope: searching ? 'search' : 'list',
    scrollRef,
    placeOf: (id) => {
      const at = (searching ? hitRows.map((h) => h.row) : pinnedRows).findIndex((r) => r.inboxId === id)
      if (at >= 0 || searching) return at >= 0 ? at : undefined
      const k = loaded.findIndex((r) => r.inboxId === id)
      // Else among the rows read by place (made below from this render's items): as the last render had them.
      return k >= 0 ? pinnedRows.length + k : shownRef.current?.placesOf().get(id)
    }
  })
  // In rem, not px: at a large text size a row's second line ran over the next row (textScale).
  const rowHeight = Math.round(ROW_HEIGHT * useTextScale())
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    rangeExtractor,
    // The first render draws the rows a window's height holds, and the list's size is read when the
    // browser lays the page out anyway (see rectAfterLayout), not forced in the middle of that render;
    // nor is the scroll to the top the list already has (scrollSparingMount).
    initialRect: { width: 0, height: window.innerHeight },
    observeElementRect: rectAfterLayout,
    scrollToFn: scrollSparingMount
  })
  // The text size changed while the list is open: its rows are placed again at their new height.
  useRemeasuredOnChange(virtualizer, rowHeight)
  const items = virtualizer.getVirtualItems()
  const onScreen = rowsOnScreen(items, tabStop)
  const firstVisible = onScreen.length ? onScreen[0]!.index : 0
  const lastVisible = onScreen.length ? onScreen[onScreen.length - 1]!.index : 0

  // Pages load in order as their rows scroll into view, one request at a time. A page that failed is
  // asked for again from the error's Try again, not at once (each answer re-ran this: hundreds of
  // requests a second). Rows far past the loaded ones (the scrollbar dragged, End) are read by place
  // instead, a block at a time, once the scrolling pauses.
  const nearLoadedEnd = firstVisible - pinnedRows.length <= loaded.length + NEAR_ROWS
  useEffect(() => {
    if (searching) return
    if (pinned.hasNextPage && !pinned.isFetchingNextPage && !pinned.isFetchNextPageError) void pinned.fetchNextPage()
    if (
      lastVisible >= pinnedRows.length + loaded.length - 1 &&
      nearLoadedEnd &&
      others.hasNextPage &&
      !others.isFetchingNextPage &&
      !others.isFetchNextPageError
    )
      void others.fetchNextPage()
  }, [searching, lastVisible, nearLoadedEnd, pinnedRows.length, loaded.length, pinned, others])
  const wantedBlocks = searching ? '' : placeBlocks(firstVisible - pinnedRows.length, lastVisible - pinnedRows.length, loaded.length).join()
  const [settledBlocks] = useDebouncedValue(wantedBlocks, PLACE_DEBOUNCE_MS)
  const blocks = useMemo(() => (settledBlocks ? settledBlocks.split(',').map(Number) : []), [settledBlocks])
  const places = useInboxPlaces({ showHidden, pinned: false }, blocks)
  // A removal or a move shifts the places after it: a block shown meanwhile keeps rows one place off, a
  // gap at its end (a row left loading) and the list's last row beyond the count. It is read again a
  // moment after the first change, once for all the changes of that moment (not a request per event).
  const qc = useQueryClient()
  const refreshDue = places.refreshDue
  useEffect(() => {
    if (!refreshDue) return
    const t = setTimeout(() => void qc.refetchQueries({ queryKey: inboxPageKeys.places, type: 'active', stale: true }), PLACE_REFRESH_MS)
    return () => clearTimeout(t)
  }, [refreshDue, qc])
  const placed = useMemo(() => rowsByPlace(blocks, places.rows, toRow), [blocks, places.rows])
  const placedIds = useMemo(() => new Set([...placed.values()].map((r) => r.inboxId)), [placed])
  const cachedPlaceRow = (k: number): InboxRowData | undefined => {
    const inbox = cachedAtPlace(qc, { showHidden, pinned: false }, k)
    return inbox && !placedIds.has(inbox.inbox_id) ? toRow(inbox) : undefined
  }
  /**
   * Where each inbox the list shows stands in it (its index), the rows read by place included: as rowAt finds them.
   * Made again only when the rows change: it is asked at every render (useRowsKeptInPlace), and a render per
   * scrolled frame built a Map of every row read (tens of thousands after a long scroll).
   */
  const places$ = useMemo((): ReadonlyMap<string, number> => {
    const at = new Map<string, number>()
    if (searching) hitRows.forEach((h, i) => at.set(h.row.inboxId, i))
    else {
      pinnedRows.forEach((r, i) => at.set(r.inboxId, i))
      loaded.forEach((r, k) => at.set(r.inboxId, pinnedRows.length + k))
      for (const [k, r] of placed) if (k >= loaded.length && !at.has(r.inboxId)) at.set(r.inboxId, pinnedRows.length + k)
    }
    return at
  }, [searching, hitRows, pinnedRows, loaded, placed])
  const placesOf = (): ReadonlyMap<string, number> => places$
  /** The rows at indices lo…hi (a Shift-click range), those not read yet read by place, each inbox once. */
  const client = useClient()
  const rowsBetween = async (lo: number, hi: number): Promise<InboxRowData[]> => {
    const rows: (InboxRowData | undefined)[] = []
    for (let i = lo; i <= hi; i++) rows.push(rowAt(i)?.row)
    for (let i = 0; i < rows.length;) {
      if (rows[i]) {
        i++
        continue
      }
      let j = i
      while (j < rows.length && !rows[j] && j - i < RANGE_READ) j++
      try {
        const { inboxes } = await client.call('all_inboxes_paginated', {
          query: { ...pageQuery({ showHidden, pinned: false }, undefined, j - i), position: String(lo + i - pinnedRows.length) }
        })
        inboxes.slice(0, j - i).forEach((inbox, k) => (rows[i + k] = toRow(inbox)))
      } catch {
        // Not read (the node unreachable): the range holds the rows that were.
      }
      i = j
    }
    const seen = new Set<string>()
    return rows.flatMap((r) => (r && !seen.has(r.inboxId) && seen.add(r.inboxId) ? [r] : []))
  }
  // The list as this render shows it, for handlers and effects that run later.
  /** Where an inbox stands: as shown, else (read by place, its rows scrolled away since) where its cached block had it. */
  const placeOf = (inboxId: string): number | undefined => {
    const at = placesOf().get(inboxId)
    if (at !== undefined || searching) return at
    const place = cachedPlace(qc, { showHidden, pinned: false }, inboxId)
    return place === undefined ? undefined : pinnedRows.length + place
  }
  shownRef.current = { placesOf, placeOf, rowsBetween }
  const shownSearch = useShownSearch(`${query}|${showHidden}`, hits.isPlaceholderData)
  useRowsKeptInPlace({ scrollRef, rowHeight, scope: searching ? `search|${shownSearch}` : `list|${showHidden}`, placesOf })

  /**
   * A row is opened: one of a search's results, the list beside the conversation follows the search (its
   * row's address says it: followedSearch); one of the whole list, its place there is remembered for the way back.
   */
  const opening = (inboxId: string, index: number) => {
    if (!searching) rememberListPlace(inboxId, index, showHidden)
  }
  // The search a result opens its conversation following (the same object while it is the same search: the rows are memoised).
  const followedSearch = useMemo(() => (searching && query ? { q: query, showHidden } : null), [searching, query, showHidden])

  // Selection: checkboxes, Shift-click selects the range from the last one clicked. The range is found
  // when the click happens (a state updater may run later, after the next click), between inboxes named
  // by id: events from other clients move rows between the two clicks.
  // Kept while a conversation opened from the list was read: Back finds the same inboxes selected.
  const [kept] = useState(() => keptSelection(qc, search.trim(), showHidden))
  const [selected, setSelected] = useState<Selection>(kept.rows)
  const keptRef = useRef({ selected, search: search.trim(), showHidden })
  keptRef.current = { selected, search: search.trim(), showHidden }
  useEffect(
    () => () => {
      const { selected: rows, search: text, showHidden: hidden } = keptRef.current
      keepSelection(qc, text, hidden, rows)
    },
    [qc]
  )
  const anchor = useRef<string | null>(null)
  const onSelect = useCallback((row: InboxRowData, e: { readonly shiftKey: boolean }) => {
    const { placeOf, rowsBetween } = shownRef.current!
    const at = placeOf(row.inboxId) ?? -1
    // The row clicked before may have scrolled out of the rows read by place (a few screens up).
    const from = anchor.current === null ? -1 : (placeOf(anchor.current) ?? -1)
    anchor.current = row.inboxId
    if (e.shiftKey && at >= 0 && from >= 0) {
      // Rows in between may not be read yet (the list was dragged past them): they are read first.
      void rowsBetween(Math.min(from, at), Math.max(from, at)).then((range) =>
        setSelected((prev) => {
          return patchedSelection(prev, new Map(range.map((r) => [r.inboxId, r])))
        })
      )
      return
    }
    setSelected((prev) => {
      return patchedSelection(prev, new Map([[row.inboxId, prev.has(row.inboxId) ? undefined : row]]))
    })
  }, [])
  // What the bar acts on: the selected inboxes as they are now. One removed, or hidden while hidden ones
  // are not shown (here or by another client), is no longer acted on. One read by place is no longer in
  // the lists once its rows are not shown: the events keep it (or drop it) then.
  const present = useMemo(
    () => new Map([...pinnedRows, ...loaded, ...placed.values(), ...hitRows.map((h) => h.row)].map((r) => [r.inboxId, r])),
    [pinnedRows, loaded, placed, hitRows]
  )
  const showHiddenRef = useRef(showHidden)
  showHiddenRef.current = showHidden
  // Inboxes changed as the node has them now (`null`: removed): a selected one removed, or hidden while
  // hidden ones are not shown, leaves the selection; the others keep their new name and flags.
  const dropFromSelection = useCallback(
    (changes: ReadonlyMap<string, Inbox | null>) => setSelected((prev) => selectionAfter(prev, changes, showHiddenRef.current)),
    []
  )
  useEffect(() => onInboxChanges(qc, dropFromSelection), [qc, dropFromSelection])
  // After a break in the node's events an inbox removed (or hidden) meanwhile was not told: selected, it
  // leaves the selection once the node has been asked after it (see selectionChangesAfterBreak).
  const selectedRef = useRef(selected)
  selectedRef.current = selected
  const checkAfterBreak = useCallback(
    (since: number) =>
      void selectionChangesAfterBreak(qc, client, selectedRef.current, since, showHiddenRef.current).then(dropFromSelection),
    [qc, client, dropFromSelection]
  )
  useEffect(() => onListsReadAfterBreak(qc, checkAfterBreak), [qc, checkAfterBreak])
  // The kept selection is taken now that the list's listeners are on: changes told since the first render
  // were applied to it. A break while the list was left (a conversation read) is checked as above.
  useEffect(() => {
    const { search: text, showHidden: hidden } = keptRef.current
    const now = takeKeptSelection(qc, text, hidden)
    if (now.rows !== kept.rows && (now.rows.size > 0 || kept.rows.size > 0)) setSelected(now.rows)
    if (now.brokeSince !== undefined) checkAfterBreak(now.brokeSince)
  }, [qc, kept, checkAfterBreak])
  // The bar offers what applies: Hide for the visible ones among them, Unhide for the hidden ones (as just set here, before the node's event).
  // Pin or Unpin, one button (the bar stays one line at 768 px): Pin while any of them is not pinned, Unpin once all are.
  // Counted without going through the selection (100,000 at Ctrl+A) each render; its rows are listed when a button is pressed.
  const asked = useAskedFlags((s) => s.asked)
  const counts = useMemo(() => barCounts(selected, present, asked, showHidden), [selected, present, asked, showHidden])
  const chosen = () => chosenRows(selected, present, showHidden)
  const rowsFor = () => barRows(chosen(), asked)
  // Ctrl+A: every inbox of the list, those not read yet read first (how many so far while they are).
  const [selectingAll, setSelectingAll] = useState<number | null>(null)
  const selectAllRun = useRef(0)
  const selectAll = () => {
    const run = ++selectAllRun.current
    if (searching) {
      setSelected(new Map(hitRows.map((h) => [h.row.inboxId, h.row])))
      return
    }
    // All read already (a short list): no request.
    if (pinnedRows.length >= pinnedTotal && loaded.length >= othersTotal && !pinned.hasNextPage && !others.hasNextPage) {
      setSelected(new Map([...pinnedRows, ...loaded].map((r) => [r.inboxId, r])))
      return
    }
    setSelectingAll(0)
    // Given up once the list is another (a search typed, hidden ones shown or not): "all" was of this one.
    const stale = () => selectAllRun.current !== run || keptRef.current.search !== '' || keptRef.current.showHidden !== showHidden
    // The node's changes told while it reads are applied to what it read (see selectEveryRow).
    selectEveryRow(qc, client, showHidden, (n) => !stale() && setSelectingAll(n), stale).then(
      (all) => {
        if (stale() || !all) return
        setSelectingAll(null)
        // Patched, not copied, as the node's events take inboxes out of it (see selectionAfter).
        setSelected(all.rows)
        // A break in the events while it read: those the lists read since do not hold are asked after.
        if (all.brokeSince !== undefined)
          void selectionChangesAfterBreak(qc, client, all.rows, all.brokeSince, showHidden).then(dropFromSelection)
      },
      (err: unknown) => {
        if (stale()) return
        setSelectingAll(null)
        setSelectError(`Not all inboxes could be read, so none were selected: ${errorText(err)}`)
      }
    )
  }
  const [selectError, setSelectError] = useState<string | null>(null)
  // Another list (a search typed, hidden ones shown or not): a Ctrl+A reading this one's rows stops.
  useEffect(() => {
    selectAllRun.current++
    setSelectingAll(null)
  }, [searching, showHidden])
  const clearSelection = () => {
    // A Ctrl+A still reading its rows is given up too.
    selectAllRun.current++
    setSelectingAll(null)
    setSelectError(null)
    setSelected(new Map())
  }

  // After a delete the focus would fall to the page's start (the deleted row, or the bulk bar, held it):
  // once the deleted rows have left the list, it goes to the row now in their place, else to the search.
  const refocus = useRef<{ readonly index: number; readonly gone: ReadonlySet<string> } | null>(null)
  // A row pinned or unpinned moves to its section, far up or down: the focus goes with it (the row
  // keeps it), and the view follows, else the focus is somewhere off screen.
  const follow = useRef<{ readonly inboxId: string; readonly pinned: boolean } | null>(null)
  const listActions = useMemo<InboxActions>(
    () => ({
      ...actions,
      setPinned: async (rows, pinned) => {
        await actions.setPinned(rows, pinned)
        follow.current = rows.length === 1 ? { inboxId: rows[0]!.inboxId, pinned } : null
      },
      // Hidden while hidden ones are not shown, they leave the list as deleted ones do (the row menu or
      // the bulk bar held the focus): it goes to the row now in their place as well.
      setHidden: async (rows, hidden) => {
        const places = shownRef.current!.placesOf()
        const notChanged = await actions.setHidden(rows, hidden)
        // Those the node did not hide stay in the list: the focus is not held back until they leave.
        const gone = rows.filter((r) => !notChanged.has(r.inboxId))
        if (!hidden || showHiddenRef.current || gone.length === 0) return notChanged
        const at = gone.reduce((min, r) => Math.min(min, places.get(r.inboxId) ?? Infinity), Infinity)
        refocus.current = { index: Number.isFinite(at) ? at : 0, gone: new Set(gone.map((r) => r.inboxId)) }
        return notChanged
      },
      remove: (rows, onDone) => {
        // Where they are as the delete is asked for: by the time the node has answered, its events
        // may have taken them out of the list (the focus went to the first row then).
        const asked = shownRef.current!.placesOf()
        // Named in the confirmation in the list's order, not the order they were ticked in (those not drawn last).
        const place = (r: InboxRowData) => asked.get(r.inboxId) ?? Number.MAX_SAFE_INTEGER
        const listed = [...rows].sort((a, b) => place(a) - place(b))
        actions.remove(listed, () => {
          const gone = new Set(rows.map((r) => r.inboxId))
          const places = shownRef.current!.placesOf()
          const at = [...gone].reduce((min, id) => Math.min(min, places.get(id) ?? asked.get(id) ?? Infinity), Infinity)
          refocus.current = { index: Number.isFinite(at) ? at : 0, gone }
          onDone?.()
        })
      }
    }),
    [actions]
  )
  // Delete on a selected row deletes the selection it is part of (the confirmation says how many);
  // on any other row, that row alone. Read through a ref: the rows are memoised and keep one callback.
  const deleteKey = useLatest((row: InboxRowData) => {
    const all = chosen()
    const withIt = all.some((r) => r.inboxId === row.inboxId) ? all : [row]
    listActions.remove(withIt, withIt === all ? clearSelection : undefined)
  })
  const onDeleteKey = useCallback((row: InboxRowData) => deleteKey.current(row), [deleteKey])
  useEffect(() => {
    const moved = follow.current
    if (!moved || present.get(moved.inboxId)?.isPinned !== moved.pinned) return
    const at = shownRef.current!.placesOf().get(moved.inboxId)
    if (at === undefined) return
    follow.current = null
    if (focusedRow(document.activeElement) === at) virtualizer.scrollToIndex(at, { align: 'auto' })
  })
  useEffect(() => {
    const wanted = refocus.current
    if (!wanted) return
    const places = shownRef.current!.placesOf()
    if ([...wanted.gone].some((id) => places.has(id))) return
    refocus.current = null
    // The confirmation may still be closing (it gives the focus back as it goes): wait for it, 1.5 s at most.
    let tries = 30
    const settle = () => {
      const at = document.activeElement
      if (!at || at === document.body || !at.isConnected) {
        if (count > 0) focusRow(wanted.index)
        else searchRef.current?.focus()
      } else if (at.closest('[role="dialog"]') && tries-- > 0) setTimeout(settle, 50)
      // else the operator has put the focus somewhere meanwhile: it stays there.
    }
    settle()
  })

  /** Keyboard: rows are links; arrows move between them even when the next one is not rendered yet. */
  const { focusRow, pendingRow } = useFocusRow(virtualizer, scrollRef, count, FOCUS_WAIT_MS, setFocusedAt)
  // The selection cleared from the bar (Clear selection, Unhide): the bar goes with the focus it held,
  // which goes back to the row selected last (rows hidden or deleted are refocused above, once gone).
  const barRef = useRef<HTMLDivElement>(null)
  // A focused row taken away by another client: the focus goes to the row now in its place.
  const listFocus = useFocusKeptOnRemoval({
    count,
    tabStop,
    onFocus,
    focusRow,
    listed: (id) => shownRef.current!.placesOf().has(id),
    waits: () => refocus.current !== null
  })
  const barHasFocus = () => !!barRef.current?.contains(document.activeElement)
  // `fromBar`: known as the bar's button was pressed, when the node's answer is awaited (its events,
  // coming first, may have taken the button away with the focus already).
  // Pinned or unpinned from the bar, the rows move to their section once the node's events come: the
  // focus the bar held goes to the row selected last (or the first of them) there, not to the page.
  const pinFocus = useRef<{ readonly inboxId: string; readonly pinned: boolean } | null>(null)
  useEffect(() => {
    const wanted = pinFocus.current
    if (!wanted || present.get(wanted.inboxId)?.isPinned !== wanted.pinned) return
    const at = shownRef.current!.placeOf(wanted.inboxId)
    if (at === undefined) return
    pinFocus.current = null
    const now = document.activeElement
    // else the operator has put the focus somewhere meanwhile: it stays there.
    if (!now || now === document.body || !now.isConnected) focusRow(at)
  })
  const pinFromBar = (rows: readonly InboxRowData[], pinned: boolean) => {
    const fromBar = barHasFocus()
    const last = rows.find((r) => r.inboxId === anchor.current) ?? rows[0]
    void actions.setPinned(rows, pinned).then(() => {
      // Too many to pin (one call each, see EACH_MAX): nothing was done, the selection stays for another try.
      if (rows.length > EACH_MAX) return
      if (fromBar && last) pinFocus.current = { inboxId: last.inboxId, pinned }
      clearSelection()
    })
  }
  const leaveBar = (fromBar = barHasFocus()) => {
    clearSelection()
    if (!fromBar) return
    const at = anchor.current === null ? undefined : shownRef.current!.placeOf(anchor.current)
    focusRow(at ?? 0)
  }
  const onListKey = (e: KeyboardEvent) => {
    // Keys in a row's menu (a portal elsewhere in the page) reach here through React's tree: they are the menu's.
    if (!e.currentTarget.contains(e.target as Node)) return
    // Ctrl+A (⌘A) selects every inbox of the list, as in a file manager (it selected the page's text).
    if (isSelectAllKey(e, onMac()) && !typingIn(e.target)) {
      e.preventDefault()
      selectAll()
      return
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return
    // Escape drops the selection, as in a file manager; the focus stays on the row or its box.
    if (e.key === 'Escape' && (selected.size > 0 || selectingAll !== null)) {
      e.preventDefault()
      clearSelection()
      return
    }
    const current = pendingRow() ?? focusedRow(document.activeElement)
    const to = rowMove(e.key, current, count)
    if (to === undefined) return
    e.preventDefault()
    if (e.key === 'ArrowUp' && current <= 0) searchRef.current?.focus()
    else focusRow(to)
    // Shift+Up/Down selects the row left and the one reached, as in a file manager (only Shift+Space did).
    if (e.shiftKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp') && current >= 0 && to >= 0 && to < count) extendSelection(current, to)
  }
  const extendSelection = (from: number, to: number) => {
    void shownRef.current!.rowsBetween(Math.min(from, to), Math.max(from, to)).then((range) => {
      const left = range[from < to ? 0 : range.length - 1]
      // The range a later Shift+Space or Shift-click extends starts where this one began.
      if (anchor.current === null && left) anchor.current = left.inboxId
      setSelected((prev) => {
        return patchedSelection(prev, new Map(range.map((r) => [r.inboxId, r])))
      })
    })
  }

  // With none shown, whether hidden ones exist (the list says so rather than "No inboxes yet").
  const everyInbox = useInboxPages({ showHidden: true }, !showHidden && !pinned.isPending && !others.isPending && total === 0)
  const hiddenTotal = showHidden ? 0 : (everyInbox.data?.pages[0]?.total_count ?? 0)
  const pending = pinned.isPending || others.isPending || (total === 0 && (emptyWaits || (!showHidden && everyInbox.isLoading)))
  // Back from a conversation: once the first rows are in, the focus goes to its row, if it is among them
  // and nothing else holds the focus (the search field, say). Looked for once, whether found or not.
  // A search kept from before shows its results: the row is looked for among them, once they are in.
  const returnChecked = useRef(false)
  useEffect(() => {
    if (returnChecked.current || pending || (searching && hits.isPending)) return
    returnChecked.current = true
    const to = takeReturnFocus()
    if (to === undefined) return
    if (searching) {
      const hit = shownRef.current!.placesOf().get(to.inboxId)
      if (hit !== undefined) focusRow(hit, { onlyIfIdle: true })
      return
    }
    // One opened from far down is not among the rows read in order: its block, while still cached, says
    // where it is; later, the row it was opened from (its neighbours may have moved meanwhile).
    const place = cachedPlace(qc, { showHidden, pinned: false }, to.inboxId)
    const at =
      shownRef.current!.placesOf().get(to.inboxId) ??
      (place === undefined ? undefined : pinnedRows.length + place) ??
      (to.place?.showHidden === showHidden ? to.place.index : undefined)
    if (at !== undefined) focusRow(at, { onlyIfIdle: true })
  })
  // A search shows its results from the top; once cleared, the list is back where the operator was
  // (it came back at the few rows a search's results had kept the scroll to, far from rows read by place).
  const listTop = useRef(0)
  const typeSearch = (value: string) => {
    if (!searching && value.trim()) listTop.current = scrollRef.current?.scrollTop ?? 0
    // A selection is of the rows shown: another search (or none) shows others, and the bar would
    // count, and Delete remove, inboxes the operator no longer sees.
    if (value.trim() !== search.trim()) {
      setSelected((prev) => (prev.size ? new Map() : prev))
      anchor.current = null // a Shift-click in the new rows starts from itself
      // Other results: Tab enters them on their first (or on the row last focused, if among them), not at
      // the old row's place (the last result, or another search's row far down).
      if (searching) startOver()
    }
    setSearch(value)
  }
  // The results from their top: on the list as it was when the search began, or on the new one their
  // first rows come in (which the virtualizer would scroll to where the whole list was).
  const wasSearching = useRef(searching)
  const resultsTopOf = useRef<HTMLDivElement | null>(null)
  useLayoutEffect(() => {
    const list = scrollRef.current
    if (searching !== wasSearching.current) {
      wasSearching.current = searching
      resultsTopOf.current = null
      if (!searching && list) list.scrollTop = listTop.current
    }
    if (!searching || !list || resultsTopOf.current === list) return
    resultsTopOf.current = list
    virtualizer.scrollToOffset(0)
  })
  // Hidden inboxes shown or not: another list, shown from its top. It kept the scroll of the one before,
  // somewhere in its middle, its first row cut in half (the virtualizer scrolls a list drawn anew, once
  // the new rows come, to where the old one was); the place to come back to after a search goes too, and
  // the Tab stop's place (the row there is another one now).
  const listedHidden = useRef(showHidden)
  const topPending = useRef(false)
  useLayoutEffect(() => {
    if (listedHidden.current !== showHidden) {
      listedHidden.current = showHidden
      listTop.current = 0
      topPending.current = true
      startOver()
    }
    if (!topPending.current || !scrollRef.current) return
    topPending.current = false
    virtualizer.scrollToOffset(0)
  })
  const error = pinned.error ?? others.error ?? hits.error
  const tryAgain = () => {
    for (const q of [pinned, others]) {
      if (q.isFetchNextPageError) void q.fetchNextPage()
      else if (q.isError) void q.refetch()
    }
    if (hits.isError) void hits.refetch()
  }
  const waitingForSearch = searching && (query !== search.trim() || hits.isFetching) && !hits.data
  // The results shown are the typed query's own (not the last query's, kept while the next one is asked).
  const hitsAreCurrent = query === search.trim() && !hits.isPlaceholderData
  const noHits = searching && hits.isSuccess && hitsAreCurrent && hitRows.length === 0
  // Nothing visible matches: are hidden inboxes what it is looking for? ("No inbox matches" read as
  // if none did, while the ones the operator hid, and searched for, were there.)
  const hiddenHits = useInboxSearch(noHits && !showHidden ? query : '', true)
  const hiddenMatches = noHits && !showHidden && hiddenHits.isSuccess && !hiddenHits.isPlaceholderData ? hiddenHits.data.length : 0
  const shownIds = new Set<string>()

  return (
    <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
      <Group justify="space-between">
        <Title order={2}>Inboxes</Title>
        <Button component="a" href={hrefOf({ name: 'new-job' })} leftSection={<IconPlus size="1rem" />}>
          New job
        </Button>
      </Group>
      <Group>
        {/* Input, not TextInput: its wrapper renders a second time as it mounts (PlainSwitch.module.css). */}
        <Input
          ref={searchRef}
          id="inbox-search"
          style={{ flex: 1 }}
          aria-label="Search inboxes"
          placeholder={`Search names and messages (${withCommandKey('K')})`}
          maxLength={SEARCH_QUERY_MAX}
          leftSection={<IconSearch size="1rem" />}
          rightSectionPointerEvents="all"
          value={search}
          onChange={(e) => typeSearch(e.currentTarget.value)}
          onKeyDown={(e) => {
            // While an input method composes, the arrows pick among its candidates (and Escape cancels it).
            if (e.nativeEvent.isComposing) return
            if (e.key === 'ArrowDown' && count) {
              e.preventDefault()
              // A Down before the first one's row has taken the focus (drawn on a later frame) goes on from it.
              focusRow((pendingRow() ?? -1) + 1)
            } else if (e.key === 'Escape' && search) {
              // Escape clears the search: the list is back where it was, the focus stays here.
              e.preventDefault()
              typeSearch('')
            } else if (e.key === 'Escape' && (selected.size > 0 || selectingAll !== null)) {
              // With nothing to clear in the field, Escape drops the selection, as it does from a row.
              e.preventDefault()
              clearSelection()
            }
          }}
          rightSection={
            search ? (
              <CloseButton
                aria-label="Clear search"
                title="Clear search (Escape)"
                onClick={() => {
                  typeSearch('')
                  // The button goes with the search: the focus stays in the field, not on the page.
                  searchRef.current?.focus()
                }}
              />
            ) : null
          }
        />
        <PlainSwitch label="Show hidden" checked={showHidden} onChange={(e) => setShowHidden(e.currentTarget.checked)} />
      </Group>
      {pending && <Loader role="img" aria-label="Loading inboxes" />}
      {error && (
        <Alert color="red" title="The inboxes could not be loaded">
          {/* Not signed in, asking again cannot help (no Try again): the banner above says what to do. */}
          {errorText(error)}{' '}
          {!isNoSession(error) && (
            <Button size="xs" variant="light" color="red" onClick={tryAgain}>
              Try again
            </Button>
          )}
        </Alert>
      )}
      {!pending && !error && total === 0 && !searching && hiddenTotal > 0 && (
        <EmptyState
          data-empty-list
          icon={<IconEyeOff size="2rem" />}
          title={hiddenTotal === 1 ? 'The only inbox is hidden.' : `All ${countText(hiddenTotal)} inboxes are hidden.`}
          description="Hidden inboxes are left out of the list until hidden ones are shown."
        >
          <EmptyState.Actions>
            <Button variant="default" leftSection={<IconEye size="1rem" />} onClick={() => setShowHidden(true)}>
              Show hidden inboxes
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      )}
      {!pending && !error && total === 0 && !searching && hiddenTotal === 0 && (
        <EmptyState
          data-empty-list
          icon={<IconInbox size="2rem" />}
          title="No inboxes yet"
          description={
            noProvider
              ? 'Each job has an inbox, and answers through an LLM provider. Add a provider first, then create a job.'
              : 'Each job has an inbox. Create a job to start a conversation with a provider.'
          }
        >
          <EmptyState.Actions>
            {/* A job needs a provider: with none, New job could only send the operator on to add one. */}
            {noProvider ? (
              <Button component="a" href={hrefOf({ name: 'new-provider' })} leftSection={<IconPlus size="1rem" />}>
                Add a provider
              </Button>
            ) : (
              <Button component="a" href={hrefOf({ name: 'new-job' })} leftSection={<IconPlus size="1rem" />}>
                Create a job
              </Button>
            )}
          </EmptyState.Actions>
        </EmptyState>
      )}
      {searching && waitingForSearch && <Loader role="img" size="sm" aria-label="Searching" />}
      {noHits && (!hiddenHits.isFetching || showHidden) && (
        <Group gap="xs">
          <Text c="dimmed" role="status">
            {searchWords(search).length === 0
              ? // "%" found nothing though a name held "100%": the search looks for words, and there were none to look for.
                `“${search.trim()}” has no word to look for: the search finds names and messages by their words (letters and digits).`
              : hiddenMatches === 0
                ? `No inbox matches “${search.trim()}”.`
                : `No visible inbox matches “${search.trim()}”; ${
                    hiddenMatches === 1
                      ? '1 hidden inbox does'
                      : `${hiddenMatches >= SEARCH_LIMIT ? `${countText(SEARCH_LIMIT)}+` : countText(hiddenMatches)} hidden inboxes do`
                  }.`}
          </Text>
          {hiddenMatches > 0 && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconEye size="0.875rem" />}
              onClick={() => {
                setShowHidden(true)
                // The button goes with the message: the focus stays in the search, not on the page.
                searchRef.current?.focus()
              }}
            >
              Show the hidden matches
            </Button>
          )}
        </Group>
      )}
      {/* The count, and the bulk bar beside it while inboxes are selected: one line of the same height
          either way, so selecting does not move the rows under the pointer. */}
      {selectError && (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setSelectError(null)}>
          {selectError}
        </Alert>
      )}
      {(count > 0 || counts.chosen > 0 || selectingAll !== null) && (
        <Group justify="space-between" wrap="nowrap" gap="xs" mih={30}>
          {/* Beside the bulk bar on a narrow window the count had no room and read as a wrong number ("3…" for
              3,000): it steps aside there while inboxes are selected. */}
          <Text
            size="xs"
            c="dimmed"
            aria-live="polite"
            truncate
            style={{ minWidth: 0 }}
            visibleFrom={counts.chosen > 0 ? 'md' : undefined}
            data-testid="inbox-count"
          >
            {count === 0
              ? ''
              : searching
                ? matchesCount(hitRows.length, SEARCH_LIMIT, total)
                : `${inboxCount(total)}${pinnedTotal ? `, ${countText(pinnedTotal)} pinned` : ''}${hiddenNote}`}
          </Text>
          {selectingAll !== null && (
            <Group gap="xs" wrap="nowrap" data-testid="selecting-all">
              <Loader size="xs" aria-hidden />
              <Text size="sm" role="status">
                {`Selecting all ${countText(total)} inboxes… ${countText(selectingAll)} read`}
              </Text>
              <Button size="xs" variant="subtle" onClick={() => clearSelection()}>
                Cancel
              </Button>
            </Group>
          )}
          {counts.chosen > 0 && selectingAll === null && (
            // One line at every width (it wrapped between about 770 and 890 px, and the rows moved down
            // under the pointer): the count beside it gives way (truncated) instead.
            // Narrow (below md), its buttons are closer set and Clear selection is its icon: with a hundred or more
            // selected, Hide, Unhide and Delete with three-digit counts ran past the column at 768 px. Should the
            // numbers grow past even that, the count gives way (cut, whole on hover) rather than the page scrolling sideways.
            <Group
              ref={barRef}
              className={barClasses.bar}
              gap="xs"
              justify="flex-end"
              wrap="nowrap"
              data-testid="bulk-bar"
              // Escape in the bar does what Clear selection does: the focus goes back to the row selected last.
              onKeyDown={(e) => {
                if (e.key !== 'Escape' || e.altKey || e.ctrlKey || e.metaKey) return
                e.preventDefault()
                leaveBar(true)
              }}
              style={{ flexShrink: 0, maxWidth: '100%' }}
            >
              {/* Where the count steps aside (narrow windows), the bar says it: selecting did not hide how many there are. */}
              <Text
                size="sm"
                fw={600}
                hiddenFrom="md"
                truncate
                style={{ minWidth: 0 }}
                data-testid="bulk-count"
                title={
                  searching && hitRows.length >= SEARCH_LIMIT
                    ? firstMatchesNote(hitRows.length)
                    : selectedCount(counts.chosen, { inboxes: total })
                }
              >
                {selectedCount(counts.chosen, searching ? { listed: hitRows.length, limit: SEARCH_LIMIT } : { inboxes: total })}
              </Text>
              <Text size="sm" fw={600} visibleFrom="md">
                {countText(counts.chosen)} selected
              </Text>
              {/* Narrow (below md) it is its icon, as Clear selection is: its words and count as its name and tip. */}
              {counts.toPin + counts.toUnpin > 0 && (
                <Button
                  size="xs"
                  className={barClasses.button}
                  variant="default"
                  aria-label={counts.toPin > 0 ? `Pin ${countText(counts.toPin)}` : `Unpin ${countText(counts.toUnpin)}`}
                  title={counts.toPin > 0 ? `Pin ${countText(counts.toPin)}` : `Unpin ${countText(counts.toUnpin)}`}
                  onClick={() => {
                    const { toPin, toUnpin } = rowsFor()
                    if (toPin.length > 0) pinFromBar(toPin, true)
                    else pinFromBar(toUnpin, false)
                  }}
                >
                  <Box component="span" hiddenFrom="md" display="flex">
                    {counts.toPin > 0 ? <IconPin size="1rem" aria-hidden /> : <IconPinnedOff size="1rem" aria-hidden />}
                  </Box>
                  <Box component="span" visibleFrom="md">
                    {counts.toPin > 0 ? `Pin ${countText(counts.toPin)}` : `Unpin ${countText(counts.toUnpin)}`}
                  </Box>
                </Button>
              )}
              {counts.toHide > 0 && (
                <Button
                  size="xs"
                  className={barClasses.button}
                  variant="default"
                  // Hidden ones shown, the rows stay (marked): the focus goes back to them with the bar. Those the
                  // node did not hide stay selected, for another try; the button, gone while the hide was asked,
                  // took the focus with it: it goes back to the row selected last, unless rows hidden took it.
                  onClick={() => {
                    const fromBar = barHasFocus()
                    const { toHide } = rowsFor()
                    void listActions.setHidden(toHide, true).then((notChanged) => {
                      if (notChanged.size === 0) {
                        if (showHiddenRef.current) leaveBar(fromBar)
                        else clearSelection()
                        return
                      }
                      setSelected((prev) => new Map([...prev].filter(([id]) => notChanged.has(id))))
                      const now = document.activeElement
                      const idle = !now || now === document.body || !now.isConnected
                      if (fromBar && idle && (showHiddenRef.current || notChanged.size === toHide.length)) {
                        const at = anchor.current === null ? undefined : shownRef.current!.placeOf(anchor.current)
                        focusRow(at ?? 0)
                      }
                    })
                  }}
                >
                  Hide {countText(counts.toHide)}
                </Button>
              )}
              {counts.toUnhide > 0 && (
                <Button
                  size="xs"
                  className={barClasses.button}
                  variant="default"
                  onClick={() => {
                    const fromBar = barHasFocus()
                    // Too many (see EACH_MAX): nothing was done, the selection stays.
                    const { toUnhide } = rowsFor()
                    void actions.setHidden(toUnhide, false).then(() => toUnhide.length <= EACH_MAX && leaveBar(fromBar))
                  }}
                >
                  Unhide {countText(counts.toUnhide)}
                </Button>
              )}
              <Button
                size="xs"
                className={barClasses.button}
                color="red"
                variant="light"
                onClick={() => listActions.remove(chosen(), clearSelection)}
              >
                Delete {countText(counts.chosen)}
              </Button>
              <Button
                size="xs"
                className={barClasses.button}
                variant="subtle"
                aria-label="Clear selection"
                title="Clear selection"
                onClick={() => leaveBar()}
              >
                <Box component="span" hiddenFrom="md" display="flex">
                  <IconX size="1rem" aria-hidden />
                </Box>
                <Box component="span" visibleFrom="md">
                  Clear selection
                </Box>
              </Button>
            </Group>
          )}
        </Group>
      )}
      {count > 0 && (
        <>
          <div
            ref={scrollRef}
            style={{ flex: 1, minHeight: 0, overflow: 'auto' }}
            data-testid="inbox-scroll"
            onKeyDown={onListKey}
            onFocus={listFocus.onFocus}
            onBlur={listFocus.onBlur}
          >
            <div role="list" aria-label="Inboxes" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {items.map((item) => {
                // Each inbox once: rows standing in from blocks read at different moments may both hold one that moved.
                const found = rowAt(item.index)
                const at = found && !shownIds.has(found.row.inboxId) ? (shownIds.add(found.row.inboxId), found) : undefined
                return (
                  <div
                    key={at ? at.row.inboxId : `placeholder-${item.index}`}
                    role="listitem"
                    data-index={item.index}
                    data-row-key={at?.row.inboxId}
                    onClickCapture={
                      at
                        ? (e) => {
                            // Opening it (its link), not selecting it (its box, Shift- or Ctrl-click) or its menu.
                            if ((e.target as Element).closest('a[href]') && !e.shiftKey && !e.ctrlKey && !e.metaKey)
                              opening(at.row.inboxId, item.index)
                          }
                        : undefined
                    }
                    // A middle-click opens it too (InboxRow): as a plain click does.
                    onAuxClickCapture={
                      at
                        ? (e) => {
                            if (e.button === 1 && (e.target as Element).closest('a[href]')) opening(at.row.inboxId, item.index)
                          }
                        : undefined
                    }
                    data-pinned={!searching && item.index < pinnedRows.length ? '' : undefined}
                    style={{ position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` }}
                  >
                    {at ? (
                      <InboxRow
                        row={at.row}
                        providerName={providerNames.get(at.row.providerId)}
                        now={now}
                        snippet={at.snippet === undefined ? undefined : { ...at.snippet, query }}
                        selected={selected.has(at.row.inboxId)}
                        tabStop={item.index === tabStop}
                        onSelect={onSelect}
                        actions={listActions}
                        onDeleteKey={onDeleteKey}
                        search={followedSearch}
                      />
                    ) : (
                      // The Tab stop's row not read yet still takes the Tab (the arrows go on from it).
                      <div
                        className={classes.placeholder}
                        data-testid="inbox-placeholder"
                        aria-label="Loading"
                        tabIndex={item.index === tabStop ? 0 : undefined}
                      >
                        <Text c="dimmed" size="sm">
                          …
                        </Text>
                      </div>
                    )}
                  </div>
                )
              })}
            </div>
          </div>
        </>
      )}
    </Stack>
  )
}
