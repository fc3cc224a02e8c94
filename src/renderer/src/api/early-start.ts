import type { BridgeRequest } from '../../../shared/bridge'
import { routePaths } from '../../../shared/contract/route-paths'
import { persistedShowHidden } from '../stores/inbox-filters-storage'
import { definedQuery, requestUrl, startSession, takeCodeFromLocation } from './http-basics'
import { firstScreenLists, pageQuery } from './inbox-pages'

/**
 * The first screen's requests, sent by main.tsx as soon as the page's HTML is read, while the
 * browser still loads and runs the app's code: the one-time code's trade, then the reads the
 * first screen makes. The transport takes each response once, for a request with the same URL;
 * whatever is not taken is simply not used. Headless mode only: over IPC nothing is sent early.
 */
interface Early {
  session: Promise<void>
  readonly responses: Map<string, Promise<Response>>
}

let early: Early | undefined

/** What the first screen reads, as the client sends it (health, providers, the two lists' first pages). */
export function firstScreenRequests(showHidden: boolean): Pick<BridgeRequest, 'path' | 'query'>[] {
  return [
    { path: routePaths.health_check.path, query: {} },
    { path: routePaths.available_llm_providers.path, query: {} },
    ...firstScreenLists(showHidden).map((f) => ({
      path: routePaths.all_inboxes_paginated.path,
      query: definedQuery(pageQuery(f, undefined))
    }))
  ]
}

export function startEarly(win: Window, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): void {
  if (win.nodedesk || early) return
  const origin = win.location.origin
  const code = takeCodeFromLocation(win.location, win.history)
  const session = code ? startSession(origin, code, fetchImpl) : Promise.resolve()
  const responses = new Map<string, Promise<Response>>()
  let showHidden = false
  try {
    showHidden = persistedShowHidden(win.localStorage) // reading localStorage throws where storage is blocked
  } catch {
    // the list's own store falls back the same way
  }
  for (const req of firstScreenRequests(showHidden)) {
    const url = requestUrl(origin, req)
    const response = session.then(() => fetchImpl(url, { credentials: 'same-origin' }))
    response.catch(() => {}) // a failure is the transport's to see, when it takes the response
    responses.set(url.href, response)
  }
  early = { session, responses }
}

/** The session trade main.tsx started, if it did. */
export const earlySession = (): Promise<void> | undefined => early?.session

/** The early response for this URL, once. */
export function earlyResponse(href: string): Promise<Response> | undefined {
  const response = early?.responses.get(href)
  early?.responses.delete(href)
  return response
}

/** Tests: forget what was started. */
export function resetEarly(): void {
  early = undefined
}
