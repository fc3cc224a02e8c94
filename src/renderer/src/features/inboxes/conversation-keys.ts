import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { inboxPlaceQuery, PLACE_BLOCK } from '../../api/inbox-pages'
import type { Client } from '../../api/client'
import { useClient } from '../../api/client-context'
import { onMac } from '../../app/platform'
import { navigate, parseRoute } from '../../app/router'
import { carryBack, carrying, carryTo, setMovesAhead, startCarrying } from '../../stores/carried-typing'
import { focusComposerOnOpen } from '../../stores/composer-focus'
import { cachedSearchRows, conversationRoute, searchNow, type FollowedSearch } from './followed-search'
import { cachedRowAt, cachedRows, indexOf, type ConversationRow } from './listed-conversations'

/**
 * Alt+Up / Alt+Down open the conversation above or below the current one, whichever layout shows the
 * list. When the open one has left the list (hidden or removed by another client), they open the
 * conversations around the place it had: the one now in its place below, the one before it above.
 *
 * One listener for the window, whichever conversation's list set it up: each conversation's view is
 * made anew, and keys pressed while one view goes and the next comes still count. A key whose
 * conversation must be read first (past the rows read so far) makes the next keys wait for it: two
 * presses at the end of the loaded rows move two conversations, in order.
 */

/** What the keys need from the list drawn last. */
interface Keys {
  readonly qc: QueryClient
  readonly client: Client
  readonly showHidden: boolean
  readonly inboxId: string
  /** Reads the next page of unpinned rows (undefined: none to read). */
  readonly readNext: () => Promise<unknown>
}

let keys: Keys | undefined
/** The open conversation's place when last known (it may leave the list: hidden, removed elsewhere). */
let lastAt = { inboxId: '', at: -1 }
/** Moves waiting on a read, the keys pressed since queued behind them. */
let underWay: Promise<void> | undefined
/** When the first of them was pressed. */
let underWaySince = 0
/**
 * How long keys wait behind a read: one the node does not answer (a request hanging while it
 * restarts) must not leave Alt+Up/Down dead. Pressed later, a key goes from the conversation open then.
 */
const QUEUE_WAIT_MS = 2000
let mounted = 0

const isTextField = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable || t.tagName === 'TEXTAREA' || (t.tagName === 'INPUT' && (t as HTMLInputElement).type !== 'checkbox'))

/** The message box, where the operator mostly is: its unsent text stays with its conversation. */
const isComposer = (t: EventTarget | null): t is HTMLElement => t instanceof HTMLElement && t.dataset.conversationKeys !== undefined

/** The conversation the address names now (navigate() changes it at once; the view follows a render later). */
function openedNow(): string | null {
  const route = parseRoute(window.location.hash)
  return route.name === 'inbox' ? route.inboxId : null
}

/**
 * Where the node says a conversation stands in the list (pinned ones first, as the rows are), for one
 * whose row was never read: opened from search, or by its address. Undefined when no list holds it.
 */
async function placeOf(client: Client, showHidden: boolean, pinnedCount: number, inboxId: string): Promise<number | undefined> {
  const show_hidden = String(showHidden)
  const unpinned = await client.call('inbox_place', { query: { inbox_name: inboxId, show_hidden, pinned: 'false' } })
  if (unpinned.position !== null) return pinnedCount + unpinned.position
  const pinned = await client.call('inbox_place', { query: { inbox_name: inboxId, show_hidden, pinned: 'true' } })
  return pinned.position ?? undefined
}

/**
 * Presses not done yet: one whose conversation is being read, and those waiting behind it. Until they
 * are done, a conversation drawn on the way is passed through: its message box does not take the keys
 * held (see carried-typing), which go on to the conversation the last press opens.
 */
let ahead = 0

const go = (to: string, typing: boolean, search: FollowedSearch | null = null) => {
  // Typing goes on in the next conversation's box, as it went on in this one's (pressed from the message
  // box, or on the way from it).
  if (typing) focusComposerOnOpen(to)
  carryTo(to)
  // A search followed (the address says it) goes on with the conversation opened along it.
  navigate(conversationRoute(to, search))
}

/** One press: false when it opens nothing; a promise when it reads first (it settles once the conversation is opened, or not). */
function move(k: Keys, up: boolean, typing: boolean): boolean | Promise<void> {
  const { qc, client, showHidden } = k
  const { rows, pinnedCount } = cachedRows(qc, showHidden)
  // From the conversation the address names, not the one the list shows: presses quicker than the
  // view opens each one (ten with no gap moved four rows) go on from the last one opened.
  const from = openedNow() ?? k.inboxId
  const was = lastAt.inboxId === from ? lastAt.at : -1
  // The search the address follows (opened from its results): the keys go through its results alone.
  const search = searchNow()
  if (search) return moveInSearch(k.qc, search, up, typing, from, was)
  const found = indexOf(qc, rows, pinnedCount, showHidden, from)
  if (found < 0 && was < 0) {
    // No place known (opened from search, its row never read): the node says where it stands first.
    return placeOf(client, showHidden, pinnedCount, from).then(
      async (at) => {
        if (at === undefined || openedNow() !== from) return
        const opened = openAt(k, rows, pinnedCount, at + (up ? -1 : 1), up, from, typing)
        if (opened !== true) await opened
      },
      () => {} // not answered (the node unreachable): the key does nothing, as at the list's end
    )
  }
  const target = found >= 0 ? found + (up ? -1 : 1) : up ? was - 1 : was
  return openAt(k, rows, pinnedCount, target, up, from, typing)
}

/**
 * One press along a search's results (all read at once: no page to read first). The open conversation
 * no longer among them (renamed, hidden), the keys open those around the place it had, as in the whole list.
 */
export function neighbourInSearch(rows: readonly ConversationRow[], from: string, was: number, up: boolean): ConversationRow | undefined {
  const found = rows.findIndex((r) => r.id === from)
  const target = found >= 0 ? found + (up ? -1 : 1) : was < 0 ? -1 : up ? was - 1 : was
  return target >= 0 ? rows[target] : undefined
}

function moveInSearch(qc: QueryClient, search: FollowedSearch, up: boolean, typing: boolean, from: string, was: number): boolean {
  const next = neighbourInSearch(cachedSearchRows(qc, search), from, was, up)
  if (!next) return false
  go(next.id, typing, search)
  return true
}

/** Opens the conversation at a place of the list, reading it first when needed; false when there is none. */
function openAt(
  k: Keys,
  rows: readonly ConversationRow[],
  pinnedCount: number,
  target: number,
  up: boolean,
  from: string,
  typing: boolean
) {
  const { qc, client, showHidden } = k
  const next = cachedRowAt(qc, rows, pinnedCount, showHidden, target)
  if (next) {
    go(next.id, typing)
    return true
  }
  if (!up && target >= 0 && target === rows.length) {
    // Past the rows read so far, which no list has asked for (collapsed, or not scrolled there): the
    // next page is read, then its first conversation opened, unless another was opened meanwhile.
    return k.readNext().then(
      () => {
        const row = cachedRows(qc, showHidden).rows[target]
        if (row && openedNow() === from) go(row.id, typing)
      },
      () => {}
    )
  }
  if (target >= rows.length) {
    // Far past them, beyond the rows read by place (a block not read, or no longer cached): that block is read first.
    const place = target - pinnedCount
    return qc.fetchQuery(inboxPlaceQuery(client, { showHidden, pinned: false }, Math.floor(place / PLACE_BLOCK))).then(
      (block) => {
        const inbox = block[place % PLACE_BLOCK]
        if (inbox && openedNow() === from) go(inbox.inbox_id, typing)
      },
      () => {} // not read (the node unreachable): the key does nothing, as at the list's end
    )
  }
  return false
}

/** After the moves under way (each from where the one before it went). */
function queue(step: () => boolean | Promise<void>) {
  // Counted until it is done, its read included, not only while it waits behind another: the press
  // reading the next page counted for nothing, so the conversation it started from, drawn meanwhile,
  // ended the holding; the next press, made from the page (that box gone in its turn), then opened the
  // last conversation with its box unfocused and the letters typed since lost.
  setMovesAhead(++ahead)
  const after = (underWay ?? Promise.resolve())
    .then(async () => {
      const result = step()
      if (result !== true && result !== false) await result
    })
    .finally(() => setMovesAhead((ahead = Math.max(0, ahead - 1))))
  // Keys held on the way go back to the box they were typed in if nothing was opened in the end, and
  // to the last conversation's box if it is shown already.
  const settled = after.finally(() => {
    if (underWay === settled) {
      underWay = undefined
      carryBack()
    }
  })
  if (!underWay) underWaySince = Date.now()
  underWay = settled
}

function onKey(e: KeyboardEvent) {
  if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return
  // Keys an input method is composing with (Chinese, Japanese) are its own: leaving then cut a word off.
  if (e.isComposing) return
  // In a text field Option+arrows move the caret on macOS. Elsewhere Alt+arrows do nothing in one, so
  // the message box lets them through (they were dead where the focus is after each message sent);
  // other fields do not, as leaving would drop what is being edited there.
  const inComposer = isComposer(e.target)
  if (isTextField(e.target) && (onMac() || !inComposer)) return
  if (!keys) return
  const up = e.key === 'ArrowUp'
  // The keys typed from here on go to the conversation opened (see carried-typing).
  if (inComposer) startCarrying(openedNow() ?? keys.inboxId, e.target)
  if (underWay && Date.now() - underWaySince > QUEUE_WAIT_MS) {
    underWay = undefined
    setMovesAhead((ahead = 0))
  }
  // Pressed from the message box, or while keys typed on the way from it are held.
  const typing = inComposer || carrying()
  if (underWay) {
    e.preventDefault()
    return queue(() => (keys ? move(keys, up, typing) : false))
  }
  const result = move(keys, up, typing)
  if (result === false) return carryBack()
  e.preventDefault()
  if (result !== true) queue(() => result)
}

/** Alt+Up / Alt+Down for the list of `inboxId`'s view (see above). */
export function useConversationKeys(
  rows: readonly ConversationRow[],
  inboxId: string,
  pinnedCount: number,
  showHidden: boolean,
  readNext: () => Promise<unknown>,
  search: FollowedSearch | null
) {
  const qc = useQueryClient()
  const client = useClient()
  const at = search ? rows.findIndex((r) => r.id === inboxId) : indexOf(qc, rows, pinnedCount, showHidden, inboxId)
  useEffect(() => {
    if (at >= 0 || lastAt.inboxId !== inboxId) lastAt = { inboxId, at }
  }, [inboxId, at])
  useEffect(() => {
    keys = { qc, client, showHidden, inboxId, readNext }
  }, [qc, client, showHidden, inboxId, readNext])
  useEffect(() => {
    if (mounted++ === 0) window.addEventListener('keydown', onKey)
    return () => {
      // The list of the next conversation's view is set up right after (its keys kept meanwhile).
      if (--mounted === 0) window.removeEventListener('keydown', onKey)
    }
  }, [])
}
