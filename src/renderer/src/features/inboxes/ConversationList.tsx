import { ActionIcon, Box, Button, CloseButton, Drawer, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconEyeOff, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconPin, IconSearch } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useDebouncedValue } from '@mantine/hooks'
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react'
import { useRemeasuredOnChange, useTextScale } from '../../app/text-scale'
import { IconTip } from '../../app/IconTip'
import { useOwnEscape } from '../../app/own-escape'
import { useLatest } from '../../app/use-latest'
import { useFocusStandIn } from '../../app/focus-stand-in'
import { scrollSparingMount } from '../../app/virtualizer-mount'
import { placeBlocks, rowsByPlace, NEAR_ROWS } from '../../api/inbox-pages'
import { useInboxPages, useInboxPlaces, useInboxSearch } from '../../api/queries'
import { hrefOf, navigate, navigateReplacing } from '../../app/router'
import { useInboxFilters } from '../../stores/inbox-filters'
import { useLayoutPrefs } from '../../stores/layout-prefs'
import { useNow } from '../../app/use-now'
import { relativeTime } from './relative-time'
import { useFocusAcrossBreakpoint } from './layout-focus'
import { useCloseWhenWide } from './close-when-wide'
import { useFocusBack } from '../../app/use-focus-back'
import { focusedRow, rowMove, rowsOnScreen, useFocusKeptOnRemoval, useFocusRow, useRovingTabStop } from './roving-rows'
import { useConversationKeys } from './conversation-keys'
import { conversationRoute, useFollowedSearch, type FollowedSearch } from './followed-search'
import { onOwnSend } from './own-sends'
import classes from './ConversationList.module.css'
import { CLOSED_BY_FIND, useClosedByFind } from './find/find-key'
import { useInboxActions } from './inbox-actions'
import { useOpenRemoval } from './open-removal'
import { openMenuFromRow, opensMenu, plainKey, RowMenu, type MenuState } from './row-menu'
import { cachedRowAt, conversationRows, indexOf, pinnedCountOf, rowOf, type ConversationRow } from './listed-conversations'
import { useRowsKeptInPlace } from './rows-kept-in-place'
import { useShownSearch } from './shown-search'

/** Two lines: the name, then when the conversation last changed and its last message (names alone repeat: see rowOf). */
const ROW = 52
/** Rows far past the loaded ones are read by place once the scrolling pauses this long (as in the inbox list). */
const PLACE_DEBOUNCE_MS = 120
/** How long a row the keyboard moved to is waited for (it may have to be read first). */
const FOCUS_WAIT_MS = 2000
/** How long after the operator's own message its conversation's row is followed when it moves (the node stores it at once). */
const OWN_SEND_FOLLOW_MS = 10_000

/**
 * The pinned and the other inboxes as one list (pinned first), its full length, and how to read more of
 * it; or, following a search, its results (all read at once).
 */
function useConversationRows(search: FollowedSearch | null) {
  const listHidden = useInboxFilters((s) => s.showHidden)
  const showHidden = search ? search.showHidden : listHidden
  const pinned = useInboxPages({ showHidden, pinned: true })
  const others = useInboxPages({ showHidden, pinned: false })
  const hits = useInboxSearch(search?.q ?? '', showHidden)
  const hitRows = useMemo(() => (hits.data ?? []).map((h) => rowOf(h.inbox)), [hits.data])
  const rows = useMemo(() => conversationRows(pinned.data?.pages, others.data?.pages), [pinned, others])
  const total = (pinned.data?.pages[0]?.total_count ?? 0) + (others.data?.pages[0]?.total_count ?? 0)
  /** How many of the rows are pinned (all loaded first: few); the rows after them are the unpinned ones read in order. */
  const pinnedCount = pinnedCountOf(pinned.data?.pages)
  /**
   * Pinned pages first (they sit on top), then the next unpinned page once the reader is at the loaded end.
   * A page that failed is not asked for again at once (each answer made a new callback: a request storm);
   * the inbox list's Try again or the next change asks again.
   */
  const loadMore = useCallback(
    (lastVisible: number) => {
      if (pinned.hasNextPage) {
        if (!pinned.isFetchingNextPage && !pinned.isFetchNextPageError) void pinned.fetchNextPage()
      } else if (lastVisible >= rows.length - 1 && others.hasNextPage && !others.isFetchingNextPage && !others.isFetchNextPageError)
        void others.fetchNextPage()
    },
    [pinned, others, rows.length]
  )
  /** The next page read now, whether or not a list shows its rows (into the cache, where Alt+Down finds it). */
  const readNext = useCallback(async (): Promise<void> => {
    if (pinned.hasNextPage || !others.hasNextPage) return
    await others.fetchNextPage({ cancelRefetch: false })
  }, [pinned, others])
  // Read and none to list (every conversation hidden, say): the list says so rather than showing nothing.
  const empty = pinned.isSuccess && others.isSuccess && total === 0
  // The search whose results are listed (those of the one before stand in while the next are asked for).
  const shownSearch = useShownSearch(`${search?.q ?? ''}|${showHidden}`, hits.isPlaceholderData)
  if (search)
    return {
      rows: hitRows,
      total: hitRows.length,
      loadMore: noMore,
      readNext: noNext,
      pinnedCount: 0,
      showHidden,
      empty: hits.isSuccess && !hitRows.length,
      shownSearch
    }
  return { rows, total, loadMore, readNext, pinnedCount, showHidden, empty, shownSearch: null }
}

const noMore = () => {}
const noNext = async () => {}

interface NavProps {
  readonly inboxId: string
  readonly rows: readonly ConversationRow[]
  readonly total: number
  readonly loadMore: (lastVisible: number) => void
  readonly pinnedCount: number
  readonly showHidden: boolean
  /** Called when a conversation is picked (the drawer closes). */
  readonly onPick?: () => void
  /**
   * In the drawer: the row holding the Tab stop (the open conversation) takes the focus as it opens,
   * so the arrows move at once (it went to the drawer's Close button, where Enter closed the drawer).
   */
  readonly focusOnOpen?: boolean
  /** Nothing to list (read, and none there). */
  readonly empty?: boolean
  /** The search whose results it lists (none: all conversations). */
  readonly search: FollowedSearch | null
}

/** The virtual list of conversations, read page by page as it scrolls, the open one marked. */
function ConversationNav({
  inboxId,
  rows,
  total,
  loadMore,
  pinnedCount,
  showHidden,
  onPick,
  focusOnOpen = false,
  empty = false,
  search
}: NavProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const now = useNow()
  const idBase = useId()
  const count = Math.max(total, rows.length)
  const qc = useQueryClient()
  // Opened on another conversation (the drawer, or one opened from far down the inbox list), the list starts where the open one is.
  const at = search ? rows.findIndex((r) => r.id === inboxId) : indexOf(qc, rows, pinnedCount, showHidden, inboxId)
  // One Tab stop (a roving tabindex, see roving-rows): the row last focused, else the open
  // conversation, else the first. (Another conversation opened, the open one takes the Tab stop again.)
  const { tabStop, rangeExtractor, onFocus, setFocusedAt } = useRovingTabStop({
    count,
    fallback: at >= 0 ? at : 0,
    scope: inboxId,
    scrollRef,
    placeOf: (id) => {
      const i = rows.findIndex((r) => r.id === id)
      return i >= 0 ? i : undefined
    }
  })
  // In rem, not px: at a large text size the name and the line under it overran the row (textScale).
  const rowHeight = Math.round(ROW * useTextScale())
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    rangeExtractor,
    // The scroll to the top it already has is not written as it mounts (app/virtualizer-mount.ts). Its
    // size is read at once, though: it scrolls to the open conversation's row right after (below),
    // which a size guessed from the window's could leave just under its bottom edge.
    scrollToFn: scrollSparingMount
  })
  // The text size changed while the list is open: its rows are placed again at their new height.
  useRemeasuredOnChange(virtualizer, rowHeight)
  const { focusRow, pendingRow } = useFocusRow(virtualizer, scrollRef, count, FOCUS_WAIT_MS, setFocusedAt)
  // Made again only when the rows change: asked at every render, as many as there are rows read.
  const shownPlaces = useMemo(() => new Map(rows.map((r, i) => [r.id, i])), [rows])
  useRowsKeptInPlace({
    scrollRef,
    rowHeight,
    scope: `${search ? 'search' : 'all'}|${showHidden}`,
    placesOf: () => shownPlaces
  })
  // Each row's menu, as the inbox list's rows have it (Shift+F10 on a row, or its button on hover): one made at a time.
  // Its delete of the open conversation opens the next one (open-removal).
  const actions = useOpenRemoval(useInboxActions(), inboxId)
  const [menu, setMenu] = useState<{ readonly id: string; readonly state: MenuState } | null>(null)
  // A focused row taken away by another client (removed, hidden): the focus goes to the row now in its place, not to the page.
  const listFocus = useFocusKeptOnRemoval({ count, tabStop, onFocus, focusRow, listed: (id) => rows.some((r) => r.id === id) })
  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return
    const current = pendingRow() ?? focusedRow(e.target)
    const to = current < 0 ? undefined : rowMove(e.key, current, count)
    if (to === undefined) return
    e.preventDefault()
    focusRow(to)
  }
  const items = virtualizer.getVirtualItems()
  const onScreen = rowsOnScreen(items, tabStop)
  const firstVisible = onScreen.length ? onScreen[0]!.index : 0
  const lastVisible = onScreen.length ? onScreen[onScreen.length - 1]!.index : 0
  // Pages in order only near the loaded rows: the scrollbar dragged far down read every page before
  // the rows shown, one after the other (hundreds of requests a second for a minute at 100,000
  // inboxes). Far rows are read by place, as the inbox list reads them.
  const loadedOthers = rows.length - pinnedCount
  const near = firstVisible - pinnedCount <= loadedOthers + NEAR_ROWS
  useEffect(() => {
    if (near) loadMore(lastVisible)
  }, [loadMore, lastVisible, near])
  const wantedBlocks = placeBlocks(firstVisible - pinnedCount, lastVisible - pinnedCount, loadedOthers).join()
  const [settledBlocks] = useDebouncedValue(wantedBlocks, PLACE_DEBOUNCE_MS)
  const blocks = useMemo(() => (settledBlocks ? settledBlocks.split(',').map(Number) : []), [settledBlocks])
  const places = useInboxPlaces({ showHidden, pinned: false }, blocks)
  const placed = useMemo(
    () =>
      rowsByPlace(
        blocks,
        places.rows,
        rowOf,
        rows.map((r) => r.id)
      ),
    [blocks, places.rows, rows]
  )
  const placedIds = useMemo(() => new Set([...placed.values()].map((r) => r.id)), [placed])
  const loadedIds = useMemo(() => new Set(rows.map((r) => r.id)), [rows])
  // Near the loaded rows (blocks no longer asked for: the pages in order come), a block still cached
  // stands in until they do, rather than rows turning to placeholders.
  const rowAt = (i: number) => {
    const row = rows[i] ?? placed.get(i - pinnedCount)
    if (row || search) return row
    const cached = cachedRowAt(qc, rows, pinnedCount, showHidden, i)
    return cached && !placedIds.has(cached.id) && !loadedIds.has(cached.id) ? cached : undefined
  }
  // The operator's own message moves the open conversation's row (to the top of its section), out of a
  // list scrolled down: the list follows it once the row has moved (its activity is the message's), by as
  // little as shows it. A message from another client moves rows without scrolling the list.
  const openRow = at >= 0 ? rowAt(at) : undefined
  const openActivity = useRef<string | undefined>(undefined)
  openActivity.current = openRow?.id === inboxId ? openRow.activity : undefined
  const ownSend = useRef<{ readonly inboxId: string; readonly activity: string | undefined; readonly at: number } | null>(null)
  useEffect(
    () =>
      onOwnSend((id) => {
        if (id === inboxId) ownSend.current = { inboxId: id, activity: openActivity.current, at: Date.now() }
      }),
    [inboxId]
  )
  useEffect(() => {
    const sent = ownSend.current
    if (!sent || sent.inboxId !== inboxId || Date.now() - sent.at > OWN_SEND_FOLLOW_MS) return
    if (openRow?.id !== inboxId || openRow.activity === sent.activity) return
    ownSend.current = null
    virtualizer.scrollToIndex(at, { align: 'auto' })
  }, [at, openRow?.id, openRow?.activity, inboxId, virtualizer])
  const scrolledTo = useRef(false)
  // The list's height: none while the window is too narrow to show it (the conversation opened there,
  // then the window widened, showed the list at its top, the open conversation's row far below).
  const shownHeight = virtualizer.scrollRect?.height ?? 0
  useEffect(() => {
    // Once the list is that long (its count comes with the first page), and shown.
    if (scrolledTo.current || at < 0 || at >= count || shownHeight === 0) return
    scrolledTo.current = true
    virtualizer.scrollToIndex(at, { align: 'auto' })
  }, [at, count, virtualizer, shownHeight])

  const shownIds = new Set<string>()
  return (
    <div ref={scrollRef} style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
      {empty &&
        (search ? (
          <Text size="sm" c="dimmed" px="xs" py={6}>
            No conversation matches “{search.q}” now.
          </Text>
        ) : (
          <EmptyConversations showHidden={showHidden} />
        ))}
      <nav
        aria-label="Conversations"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        onKeyDown={onKeyDown}
        onFocus={listFocus.onFocus}
        onBlur={listFocus.onBlur}
      >
        {items.map((item) => {
          // Each inbox once: rows standing in from blocks read at different moments may both hold one that moved.
          const found = rowAt(item.index)
          const r = found && !shownIds.has(found.id) ? (shownIds.add(found.id), found) : undefined
          return (
            <div
              key={r ? r.id : `placeholder-${item.index}`}
              className={classes.item}
              data-index={item.index}
              data-row-key={r?.id}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` }}
            >
              {r ? (
                <>
                  <UnstyledButton
                    component="a"
                    href={hrefOf(conversationRoute(r.id, search))}
                    onClick={(e) => {
                      // No selection here: Ctrl/Cmd- or Shift-click opened the link in a new tab or window (a
                      // browser's way), Alt-click downloaded it; it opens the conversation in place, as a plain click does.
                      if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) {
                        e.preventDefault()
                        navigate(conversationRoute(r.id, search))
                      }
                      onPick?.()
                    }}
                    // A middle-click followed the link into a new tab, which the desktop app does not have (it
                    // denies new windows: nothing happened). It opens the conversation here, as Ctrl-click does:
                    // the app has one window, and a click on a row means "show me this one".
                    onAuxClick={(e) => {
                      if (e.button !== 1) return
                      e.preventDefault()
                      navigate(conversationRoute(r.id, search))
                      onPick?.()
                    }}
                    onKeyDown={(e) => {
                      // As on the inbox list's rows: F2 renames, Delete deletes (asking first).
                      if (plainKey(e, 'F2')) actions.rename(r.data)
                      else if (plainKey(e, 'Delete')) actions.remove([r.data])
                      else if (!opensMenu(e)) return
                      else {
                        // Made open during this keydown: the menu's listener for keys outside it would see it and close it.
                        e.stopPropagation()
                        openMenuFromRow((state) => setMenu({ id: r.id, state }))
                      }
                      e.preventDefault()
                    }}
                    aria-keyshortcuts="F2 Delete Shift+F10"
                    aria-current={r.id === inboxId ? 'page' : undefined}
                    aria-describedby={`${idBase}-detail-${item.index}`}
                    tabIndex={item.index === tabStop ? 0 : -1}
                    data-autofocus={focusOnOpen && item.index === tabStop ? true : undefined}
                    className={classes.row}
                    px="xs"
                    py={4}
                    style={{
                      display: 'block',
                      height: '100%',
                      borderRadius: 4,
                      background: r.id === inboxId ? 'var(--mantine-primary-color-light)' : undefined
                    }}
                  >
                    <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                      {r.pinned && <IconPin size="0.75rem" aria-label="Pinned" role="img" style={{ flexShrink: 0 }} />}
                      <Text size="sm" truncate style={{ minWidth: 0 }} title={r.name}>
                        {r.name}
                      </Text>
                      {r.hidden && <IconEyeOff size="0.75rem" aria-label="Hidden" role="img" style={{ flexShrink: 0 }} />}
                    </span>
                  </UnstyledButton>
                  {/* The second line describes the link (when, what was last written) and is drawn in its lower half,
                    but is not in it: the link is named by the conversation's name alone, which is all its text. A
                    click on it reaches the link under it. */}
                  {/* A div, not a paragraph: a reader's paragraph spacing (WCAG 1.4.12: 2em after each) lifted it onto the name. */}
                  <Text
                    component="div"
                    id={`${idBase}-detail-${item.index}`}
                    size="xs"
                    c="dimmed"
                    truncate
                    px="xs"
                    data-testid="conversation-detail"
                    style={{ position: 'absolute', left: 0, right: 0, bottom: 4, pointerEvents: 'none' }}
                  >
                    <time dateTime={r.activity}>{relativeTime(r.activity, now)}</time>
                    {/* As the inbox list says it: a new conversation's line read "now" alone, as if something were missing. */}
                    {r.preview === null ? ' · No messages yet' : r.preview ? ` · ${r.preview}` : ''}
                  </Text>
                  <RowMenu
                    row={r.data}
                    actions={actions}
                    menu={menu?.id === r.id ? menu.state : null}
                    setMenu={(state) => setMenu({ id: r.id, state })}
                    className={classes.menuButton}
                  />
                </>
              ) : (
                // The Tab stop's row not read yet still takes the Tab (the arrows go on from it).
                <Text
                  size="sm"
                  c="dimmed"
                  px="xs"
                  py={6}
                  tabIndex={item.index === tabStop ? 0 : undefined}
                  data-autofocus={focusOnOpen && item.index === tabStop ? true : undefined}
                >
                  …
                </Text>
              )}
            </div>
          )
        })}
      </nav>
    </div>
  )
}

/**
 * With every conversation hidden (the open one too, opened from a link or before it was hidden), the
 * list was a blank panel: it says why, and offers what the inbox list offers, to show hidden ones.
 */
function EmptyConversations({ showHidden }: { showHidden: boolean }) {
  const setShowHidden = useInboxFilters((s) => s.setShowHidden)
  if (showHidden)
    return (
      <Text size="sm" c="dimmed" px="xs" py={6}>
        No conversations.
      </Text>
    )
  return (
    <Stack gap={4} px="xs" py={6} align="flex-start">
      <Text size="sm" c="dimmed">
        Hidden conversations are not listed.
      </Text>
      <Button size="compact-sm" variant="subtle" onClick={() => setShowHidden(true)}>
        Show hidden conversations
      </Button>
    </Stack>
  )
}

/**
 * The search the list follows, and the way back to all conversations: the search is cleared (the
 * inbox list's too, and the address's, in its place: Back does not bring it back), and the focus goes
 * to the open conversation's row in the whole list.
 */
function SearchedFor({ q, inboxId }: { readonly q: string; readonly inboxId: string }) {
  const setSearch = useInboxFilters((s) => s.setSearch)
  const box = useRef<HTMLDivElement>(null)
  const clear = () => {
    const list = box.current?.parentElement
    navigateReplacing(conversationRoute(inboxId, null))
    setSearch('')
    requestAnimationFrame(() => list?.querySelector<HTMLElement>('nav [tabindex="0"]')?.focus())
  }
  return (
    <Box ref={box} px="xs" style={{ display: 'flex', alignItems: 'center', gap: 4 }} data-testid="conversation-search">
      <IconSearch size="0.875rem" aria-hidden style={{ flexShrink: 0 }} />
      <Text size="xs" truncate style={{ flex: 1, minWidth: 0 }} title={q}>
        Results for “{q}”
      </Text>
      <CloseButton size="sm" aria-label="Clear search" title="Clear search: list all conversations" onClick={clear} />
    </Box>
  )
}

interface ConversationListProps {
  readonly inboxId: string
  /** Narrow windows: the list as a drawer, opened from the inbox view's header. */
  readonly drawerOpened: boolean
  readonly onDrawerClose: () => void
  /** The button that opens the drawer on narrow windows (the view's header has it). */
  readonly drawerButton: RefObject<HTMLButtonElement | null>
}

/**
 * The paged inbox list beside an open conversation (pinned first): on wide windows a side list the
 * operator can collapse (remembered), on narrow ones a drawer. Alt+Up / Alt+Down work in both.
 */
export function ConversationList({ inboxId, drawerOpened, onDrawerClose, drawerButton }: ConversationListProps) {
  const search = useFollowedSearch()
  const { rows, total, loadMore, readNext, pinnedCount, showHidden, empty, shownSearch } = useConversationRows(search)
  const open = useLayoutPrefs((s) => s.conversationsOpen)
  const setConversationsOpen = useLayoutPrefs((s) => s.setConversationsOpen)
  // The toggle clicked goes away and the other one appears: the focus follows to it.
  const toggled = useRef(false)
  const hideButton = useRef<HTMLButtonElement>(null)
  const showButton = useRef<HTMLButtonElement>(null)
  const setOpen = (next: boolean) => {
    toggled.current = true
    setConversationsOpen(next)
  }
  useEffect(() => {
    if (!toggled.current) return
    toggled.current = false
    ;(open ? hideButton : showButton).current?.focus()
  }, [open])
  // The list's toggle, or the drawer's button: whichever the window's width shows takes a focus the other lost.
  const toggle = useCallback(() => (open ? hideButton : showButton).current, [open])
  useFocusAcrossBreakpoint('lg', toggle, drawerButton)
  const inDrawer = useRef<HTMLDivElement>(null)
  useOwnEscape(drawerOpened, onDrawerClose, inDrawer)
  // Ctrl+F in the drawer: it closes and the find opens on the conversation (FindBar), not the browser's find.
  const drawerReturnsFocus = useClosedByFind(drawerOpened, onDrawerClose)
  // Widened past lg, the list is beside the conversation: the drawer showing it too closes.
  useCloseWhenWide('lg', drawerOpened, onDrawerClose, inDrawer)
  // The drawer gives the focus back to the button that opened it. Closed once the window was widened past
  // lg, that button is hidden, and the focus went to the page's body: then it goes to the list beside (the
  // row holding its Tab stop), or to its toggle where the list is hidden.
  const sideList = useRef<HTMLDivElement>(null)
  const toggleNow = useLatest(toggle)
  // A dialog asked from a row beside the conversation, closed once the window is narrower than lg: its focus goes to the Conversations button.
  useFocusStandIn(sideList, () => drawerButton.current)
  const drawerReturn = useMemo<RefObject<HTMLElement | null>>(
    () => ({
      get current() {
        const button = drawerButton.current
        if (!button || button.checkVisibility()) return button
        return sideList.current?.querySelector<HTMLElement>('nav [tabindex="0"]') ?? toggleNow.current() ?? button
      }
    }),
    [drawerButton, toggleNow]
  )
  useFocusBack(drawerOpened, drawerReturn)
  useConversationKeys(rows, inboxId, pinnedCount, showHidden, readNext, search)
  const nav = { inboxId, rows, total, loadMore, pinnedCount, showHidden, empty, search }
  // Made anew for the search or the whole list: each starts at the open conversation's row. Another search's
  // list once its results come: made while those of the search before stood in, it started at the open
  // conversation's row among them, and kept their rows in place (useRowsKeptInPlace) when the new came.
  const navKey = shownSearch === null ? 'all' : `search:${shownSearch}`
  const searched = search && <SearchedFor q={search.q} inboxId={inboxId} />

  return (
    <>
      {open ? (
        <Stack ref={sideList} gap={4} w={240} style={{ flexShrink: 0, minHeight: 0 }} visibleFrom="lg" data-testid="conversation-list">
          <Box style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Text size="sm" fw={600}>
              Conversations
            </Text>
            <IconTip label="Hide conversations">
              <ActionIcon ref={hideButton} variant="subtle" aria-label="Hide conversations" aria-expanded onClick={() => setOpen(false)}>
                <IconLayoutSidebarLeftCollapse size="1.125rem" />
              </ActionIcon>
            </IconTip>
          </Box>
          {searched}
          <ConversationNav key={navKey} {...nav} />
        </Stack>
      ) : (
        <IconTip label="Show conversations">
          <ActionIcon
            ref={showButton}
            variant="subtle"
            aria-label="Show conversations"
            aria-expanded={false}
            onClick={() => setOpen(true)}
            visibleFrom="lg"
          >
            <IconLayoutSidebarLeftExpand size="1.125rem" />
          </ActionIcon>
        </IconTip>
      )}
      <Drawer
        opened={drawerOpened}
        onClose={onDrawerClose}
        // Its own Escapes only (useOwnEscape): Mantine's listener on the window also heard the one that
        // closed a Rename or Delete asked from a row over it, and the drawer closed under the dialog.
        closeOnEscape={false}
        returnFocus={drawerReturnsFocus}
        title="Conversations"
        position="left"
        size="xs"
        styles={{
          content: { display: 'flex', flexDirection: 'column' },
          body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }
        }}
      >
        <div ref={inDrawer} style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} {...{ [CLOSED_BY_FIND]: '' }}>
          {searched}
          <ConversationNav key={navKey} {...nav} onPick={onDrawerClose} focusOnOpen />
        </div>
      </Drawer>
    </>
  )
}
