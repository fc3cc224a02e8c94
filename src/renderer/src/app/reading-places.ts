import type { VirtualItem } from '@tanstack/react-virtual'

/**
 * Where the reader of a conversation was when they left it for a cited file, so that "Back to the
 * conversation" opens it there again rather than at its newest message (the place was lost, and a
 * long answer had to be found again by scrolling). Kept in memory for this window only.
 */
export interface ReadingPlace {
  /** The row under the list's top edge, by its key. */
  readonly key: string | number | bigint
  /** How far the list's top was below that row's start, in pixels. */
  readonly offset: number
  /** The rows' measured sizes by key: the list lays out again exactly as it was, before any row is drawn. */
  readonly sizes: readonly VirtualItem[]
}

/** At most this many conversations keep a place (the oldest is forgotten first). */
const MAX_PLACES = 20

const places = new Map<string, ReadingPlace>()
let returningTo: string | undefined

/** Keeps the place of a conversation the list leaves (none: the reader was at its end, where it opens anyway). */
export function leaveReadingPlace(inboxId: string, place: ReadingPlace | undefined): void {
  places.delete(inboxId)
  if (!place) return
  places.set(inboxId, place)
  if (places.size > MAX_PLACES) places.delete(places.keys().next().value!)
}

/** Said as the way back to a conversation is taken: the next list of it opens at its kept place. */
export function returnToReadingPlace(inboxId: string): void {
  returningTo = inboxId
}

/** The place the list of `inboxId` opens at: its kept place when the way back to it was taken, else none (the end). */
export function takeReadingPlace(inboxId: string): ReadingPlace | undefined {
  const back = returningTo === inboxId
  returningTo = undefined
  return back ? places.get(inboxId) : undefined
}
