/**
 * Each entry of the window's history carries its place (in `history.state`), so that an address
 * changed by Back or Forward can be undone by going the same number of steps the other way (see
 * leave-guard.tsx). Apart from the guard, so that the page's entry can mark the first entry in the
 * same history write that takes the one-time code out of the address: each write is a few ms of the
 * page's thread before its first screen.
 */
const PLACE = 'nodedeskPlace'

/** The place `history.state` gives the entry shown, if marked. */
export function placeOfEntry(history: History = window.history): number | undefined {
  const state: unknown = history.state
  if (state === null || typeof state !== 'object') return undefined
  const value = (state as Record<string, unknown>)[PLACE]
  return typeof value === 'number' ? value : undefined
}

/** The entry's state with its place: the place it has, else the one a first entry is given (its index). */
export function stateWithPlace(history: History, at: number = placeOfEntry(history) ?? history.length - 1): object {
  const state: unknown = history.state
  return { ...(state !== null && typeof state === 'object' ? state : {}), [PLACE]: at }
}
