import { useSyncExternalStore } from 'react'
import { flushSync } from 'react-dom'
import { dialogsFollowPage } from './confirm'
import { addressShown, mayLeave, watchGuard, watchLeaving } from './leave-guard'

export type Route =
  | { readonly name: 'inboxes' }
  /**
   * A conversation; opened from the inbox list's search results, `q` is the search (and `hidden` says
   * hidden conversations were searched too): the list beside it follows those results, and a reload,
   * Back or a new tab on its address does too (followed-search.ts).
   */
  | ({ readonly name: 'inbox'; readonly inboxId: string } & SearchFollowed)
  | { readonly name: 'new-job' }
  | { readonly name: 'providers' }
  | { readonly name: 'new-provider' }
  /**
   * A provider's settings; opened from a failed answer (its "Open the provider's settings"), `fix` is the
   * failure's kind and `status` its HTTP status (the wizard opens at the step to fix), `from` the inbox
   * the operator came from (saving goes back to it, see CameFrom).
   */
  | ({
      readonly name: 'edit-provider'
      readonly providerId: string
      readonly fix?: string
      readonly status?: number
    } & CameFrom)
  /**
   * The document library; `path` opens a file's preview, `node` scrolls to one of its passages, `from`
   * is the inbox whose answer cited it (a source chip), which the preview offers to go back to (see CameFrom).
   */
  | ({ readonly name: 'files'; readonly path?: string; readonly node?: string } & CameFrom)
  | { readonly name: 'settings' }

/** The inbox list's search a conversation follows: `q` the words, `hidden` whether hidden conversations were searched too. */
export interface SearchFollowed {
  readonly q?: string
  readonly hidden?: boolean
}

/**
 * The conversation a page was opened from (`from`, its inbox), with the search it followed (`q`,
 * `hidden`): the way back opens it as it was, its list beside it still following that search. Back
 * from a provider's settings or a cited file, the list beside showed all conversations.
 */
export type CameFrom = { readonly from?: string } & SearchFollowed

/** A search followed, as it goes in a route: none when its words are blank. */
const searchPart = (r: SearchFollowed): SearchFollowed => {
  const q = r.q?.trim()
  return q ? { q, ...(r.hidden ? { hidden: true } : {}) } : {}
}

/** A page opened from conversation `inboxId`: it came from there, with the search the address `route` follows there. */
export const cameFrom = (inboxId: string, route: Route): CameFrom => ({
  from: inboxId,
  ...(route.name === 'inbox' && route.inboxId === inboxId ? searchPart(route) : {})
})

/** The way back to the conversation a page was opened from, if any. */
export const backTo = (came: CameFrom): Route | undefined =>
  came.from === undefined ? undefined : { name: 'inbox', inboxId: came.from, ...searchPart(came) }

const readSearch = (params: URLSearchParams): SearchFollowed =>
  searchPart({ q: params.get('q') ?? undefined, hidden: params.get('hidden') === '1' })

const readCameFrom = (params: URLSearchParams): CameFrom => {
  const from = params.get('from')
  return from ? { from, ...readSearch(params) } : {}
}

function writeSearch(params: URLSearchParams, r: SearchFollowed) {
  const { q, hidden } = searchPart(r)
  if (q) params.set('q', q)
  if (hidden) params.set('hidden', '1')
}

function writeCameFrom(params: URLSearchParams, came: CameFrom) {
  if (!came.from) return
  params.set('from', came.from)
  writeSearch(params, came)
}

export function parseRoute(hash: string): Route {
  const whole = hash.replace(/^#/, '') || '/inboxes'
  const q = whole.indexOf('?')
  // Typed by hand, the same page may come with slashes more or less (`#settings`, `#/settings/`).
  const path = `/${(q < 0 ? whole : whole.slice(0, q)).split('/').filter(Boolean).join('/')}`
  if (path === '/files') {
    const params = new URLSearchParams(q < 0 ? '' : whole.slice(q + 1))
    return {
      name: 'files',
      path: params.get('path') ?? undefined,
      node: params.get('node') ?? undefined,
      ...readCameFrom(params)
    }
  }
  if (path === '/settings') return { name: 'settings' }
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent)
  if (parts[0] === 'inboxes' && parts[1]) {
    return { name: 'inbox', inboxId: parts[1], ...readSearch(new URLSearchParams(q < 0 ? '' : whole.slice(q + 1))) }
  }
  if (parts[0] === 'jobs' && parts[1] === 'new') return { name: 'new-job' }
  if (parts[0] === 'providers' && parts[1] === 'new') return { name: 'new-provider' }
  if (parts[0] === 'providers' && parts[1] && parts[2] === 'edit') {
    const params = new URLSearchParams(q < 0 ? '' : whole.slice(q + 1))
    const status = Number(params.get('status') ?? NaN)
    return {
      name: 'edit-provider',
      providerId: parts[1],
      ...(params.get('fix') ? { fix: params.get('fix')! } : {}),
      ...(Number.isInteger(status) ? { status } : {}),
      ...readCameFrom(params)
    }
  }
  if (parts[0] === 'providers') return { name: 'providers' }
  return { name: 'inboxes' }
}

export function hrefOf(route: Route): string {
  switch (route.name) {
    case 'inbox': {
      const params = new URLSearchParams()
      writeSearch(params, route)
      const q = params.toString()
      return `#/inboxes/${encodeURIComponent(route.inboxId)}${q ? `?${q}` : ''}`
    }
    case 'new-job':
      return '#/jobs/new'
    case 'providers':
      return '#/providers'
    case 'new-provider':
      return '#/providers/new'
    case 'edit-provider': {
      const params = new URLSearchParams()
      if (route.fix) params.set('fix', route.fix)
      if (route.status !== undefined) params.set('status', String(route.status))
      writeCameFrom(params, route)
      const q = params.toString()
      return `#/providers/${encodeURIComponent(route.providerId)}/edit${q ? `?${q}` : ''}`
    }
    case 'files': {
      const params = new URLSearchParams()
      if (route.path) params.set('path', route.path)
      if (route.node) params.set('node', route.node)
      writeCameFrom(params, route)
      const q = params.toString()
      return q ? `#/files?${q}` : '#/files'
    }
    case 'settings':
      return '#/settings'
    default:
      return '#/inboxes'
  }
}

/** The route the address names now (navigate() changes it at once; the views follow a render later). */
export const routeNow = (): Route => parseRoute(addressShown())

/** Goes to `route`; from a page with changes not saved, only once the operator chooses to leave it (leave-guard). */
export function navigate(route: Route): void {
  const href = hrefOf(route)
  if (mayLeave(href, () => navigate(route))) window.location.hash = href
}

/**
 * Goes to `route` in the place of the page shown, adding no entry to the window's history: for a page
 * the operator did not ask for but was sent to (the first run's wizard), from which Back goes to where
 * they were before, not to the page they were sent from. The entry keeps its state (its place, history-place.ts),
 * and everything that follows the address is told as for any change of it (a hashchange event).
 */
export function navigateReplacing(route: Route): void {
  const href = hrefOf(route)
  if (!mayLeave(href, () => navigateReplacing(route))) return
  const oldURL = window.location.href
  window.history.replaceState(window.history.state, '', href)
  if (window.location.href !== oldURL) window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: window.location.href }))
}

/** The views following the address (told on hashchange, or at once by navigateNow). */
const routeListeners = new Set<() => void>()

// Before the views: an address changed away from a page with changes not saved is put back first.
watchLeaving((hash) => hrefOf(parseRoute(hash)))
// Dialogs close when the page shown changes (the same page written another way is not another).
dialogsFollowPage(() => hrefOf(parseRoute(addressShown())))

/**
 * Goes to `route` and draws it before returning, not on the hashchange event a task later: for a
 * shortcut that then focuses a field of the new screen, so keys typed right after it land there.
 * False when it waits for the operator to choose to leave the page shown (then it goes, not drawn at once).
 */
export function navigateNow(route: Route): boolean {
  if (!mayLeave(hrefOf(route), () => navigateNow(route))) return false
  window.location.hash = hrefOf(route)
  flushSync(() => routeListeners.forEach((cb) => cb()))
  return true
}

const subscribe = (cb: () => void) => {
  window.addEventListener('hashchange', cb)
  routeListeners.add(cb)
  // The address shown is the guarded page's while a change away from it is undecided (leave-guard).
  const unwatch = watchGuard(cb)
  return () => {
    window.removeEventListener('hashchange', cb)
    routeListeners.delete(cb)
    unwatch()
  }
}

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, addressShown)
  return parseRoute(hash)
}
