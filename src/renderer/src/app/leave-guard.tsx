import { Text } from '@mantine/core'
import { useEffect, useSyncExternalStore } from 'react'
import { askToConfirm } from './confirm'
import { placeOfEntry, stateWithPlace } from './history-place'

/**
 * A page with changes not saved (a provider's Edit page, Settings) asks before it is left: an in-app link, a
 * shortcut, the browser's Back, or closing or reloading the window. Edits were lost without a word.
 * One page at a time holds the guard (the page shown); the router asks it before going elsewhere.
 */
interface Guard {
  /** The address of the guarded page: going to it again is not leaving. */
  readonly hash: string
  /** The question's title and its sentence (naming what would be lost). */
  readonly title: string
  readonly sentence: string
}

let guard: Guard | null = null
/** The question's sentence follows the guard while it is open (an edit made just before leaving registers late). */
const guardWatchers = new Set<() => void>()
function holdGuard(next: Guard | null): void {
  guard = next
  guardWatchers.forEach((watcher) => watcher())
}
/** `watcher` is told when a page takes or gives up the guard (the address shown may change with it). */
export const watchGuard = (watcher: () => void) => {
  guardWatchers.add(watcher)
  return () => guardWatchers.delete(watcher)
}
/** The question is open: another attempt to leave meanwhile is refused, not asked twice. */
let asking = false

/** Has the browser (or Electron's main process, on will-prevent-unload) ask whether to leave the window. */
export const askBeforeUnload = (e: BeforeUnloadEvent) => {
  e.preventDefault()
  e.returnValue = ''
}

const onBeforeUnload = (e: BeforeUnloadEvent) => {
  if (guard) askBeforeUnload(e)
}

/** Gives up the guard: leaving asks nothing any more, in the app or of the browser. */
function dropGuard(): void {
  holdGuard(null)
  window.removeEventListener('beforeunload', onBeforeUnload)
}

/**
 * Holds the guard for the page at `hash` (its own address, as the router writes it: not the address at
 * the moment, which Back may have changed already when an edit made just before registers) until the
 * returned function is called (saved, nothing changed any more, or the page gone).
 */
export function guardLeaving(hash: string, title: string, sentence: string): () => void {
  const own: Guard = { hash, title, sentence }
  holdGuard(own)
  window.addEventListener('beforeunload', onBeforeUnload)
  return () => {
    if (guard === own) dropGuard()
  }
}

/**
 * A page's guard as a hook: held while `sentence` is given (what is not saved, in words), given up
 * when it is null or the page goes.
 */
export function useGuardLeaving(hash: string, title: string, sentence: string | null): void {
  useEffect(() => (sentence === null ? undefined : guardLeaving(hash, title, sentence)), [hash, title, sentence])
}

/** The open question's sentence: the guard's as it is now (an edit registered since is named too). */
function GuardSentence({ asked }: { asked: Guard }) {
  const sentence = useSyncExternalStore(watchGuard, () => (guard?.hash === asked.hash ? guard.sentence : asked.sentence))
  return <Text size="sm">{sentence}</Text>
}

/**
 * An address as the router writes it (router.ts gives it as it loads): the same page typed another way
 * (`#/settings/`, `#/settings?`) is not another page, and going to it asks nothing.
 */
let canonical = (hash: string): string => hash

/** Going to `hash` leaves a guarded page. */
export const wouldLeave = (hash: string): boolean => guard !== null && canonical(hash) !== guard.hash

/**
 * Leaving to `hash` may go on now (true); else the operator is asked, and `leave` runs once they
 * choose Leave (the guard given up first, so that it goes through). Stay keeps the page as it is.
 */
export function mayLeave(hash: string, leave: () => void): boolean {
  if (!guard || !wouldLeave(hash)) return true
  if (asking) return false
  const held = guard
  asking = true
  askToConfirm({
    title: held.title,
    children: <GuardSentence asked={held} />,
    labels: { confirm: 'Leave', cancel: 'Stay' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      // The page's guard, even one put in the asked one's place since (its sentence changed meanwhile).
      if (guard?.hash === held.hash) dropGuard()
      leave()
    },
    onClose: () => {
      asking = false
    }
  })
  return false
}

/** A plain click on an in-app link (`#/...`) leaving a guarded page: asked first, taken only on Leave. */
function onLinkClick(e: MouseEvent): void {
  if (!guard || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
  // Routes only ("#/providers"): the skip link's "#main-content" moves the focus, it leaves nothing.
  const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[href^="#/"]') : null
  if (!link || link.target === '_blank') return
  const href = link.getAttribute('href')!
  if (!wouldLeave(href)) return
  e.preventDefault()
  e.stopPropagation()
  // On Leave the link is clicked again, unguarded: its own handlers run too (the navigation's closes the
  // drawer on a narrow window), which stopping this click kept from running.
  mayLeave(href, () => {
    if (link.isConnected) link.click()
    else window.location.hash = href
  })
}

/** The place of the entry shown (see history-place.ts). */
let place = 0
/** A trip back to the guarded page is under way: the address it returns to (shown meanwhile). */
let returning: string | null = null

function markEntry(at: number): void {
  window.history.replaceState(stateWithPlace(window.history, at), '')
}

/**
 * The address the views show: the guarded page's while the window goes back to it (the address
 * bar names the page left for a moment, until the trip ends), and while a change of address away from
 * it waits for its hashchange event (a render in between, for an edit registered late, drew the page
 * left and dropped the edits without asking).
 */
export const addressShown = (): string => returning ?? (wouldLeave(window.location.hash) ? guard!.hash : window.location.hash)

/**
 * The address changed by other means (the browser's Back or Forward, an address typed): the views
 * are not told, the window goes back to the page's entry, and the operator is asked. On Leave the
 * window goes to the entry that was asked for, by the same number of steps.
 */
function onHashChange(e: HashChangeEvent): void {
  const to = window.location.hash
  let at = placeOfEntry()
  // An entry not seen before (a link followed, an address typed) comes right after the one shown.
  if (at === undefined) {
    at = place + 1
    markEntry(at)
  }
  if (returning !== null) {
    const awaited = returning
    returning = null
    if (to === awaited) {
      place = at
      return
    }
    // Somewhere else (the trip back did not happen as asked): taken as any change of address.
  }
  if (!wouldLeave(to)) {
    place = at
    return
  }
  e.stopImmediatePropagation()
  const from = place
  if (at === from) {
    // No step to undo (should not happen): put the page's address back as a new entry.
    window.history.pushState(window.history.state, '', guard!.hash)
    markEntry(from + 1)
    place = from + 1
    mayLeave(to, () => window.history.back())
    return
  }
  returning = guard!.hash
  window.history.go(from - at)
  mayLeave(to, () => window.history.go(at - from))
}

/**
 * Listens before any view does (called as the router loads). `write` gives an address as the router
 * writes it: guards are taken with such addresses, and any other is compared as written so.
 */
export function watchLeaving(write: (hash: string) => string): void {
  canonical = write
  // Imported where there is no page (the router's helpers in a test of plain functions): nothing to watch.
  if (typeof document === 'undefined') return
  // Marked already where the page's entry took the one-time code out of the address (one history write, not two).
  if (placeOfEntry() === undefined) window.history.replaceState(stateWithPlace(window.history), '')
  place = placeOfEntry()!
  document.addEventListener('click', onLinkClick, true)
  window.addEventListener('hashchange', onHashChange)
}
