import { useSyncExternalStore } from 'react'

/** How often times said relative to now ("now", "5 min. ago") are worked out again. */
export const NOW_TICK_MS = 30_000

let now = Date.now()
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setTimeout> | undefined

/* A chain of timeouts, each due a tick after the last reading rather than a tick after it is set: a screen
   mounted on a reading 25 s old gets the next one 5 s later, not 30 (the time shown stays under a tick old). */
function scheduleTick(): void {
  timer = setTimeout(
    () => {
      now = Date.now()
      scheduleTick()
      for (const l of listeners) l()
    },
    Math.max(0, now + NOW_TICK_MS - Date.now())
  )
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Not read again here: a time changed between a screen's render and its subscription would have
  // React render the screen again before the browser paints it (the whole inbox list, at its first
  // paint). The snapshot below is already fresh for a screen rendered while no timer ran.
  if (!timer) scheduleTick()
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearTimeout(timer)
      timer = undefined
    }
  }
}

/** The time the ticks last read; read again when no timer has kept it up to date for a tick's length. */
function snapshot(): number {
  if (!timer && Date.now() - now >= NOW_TICK_MS) now = Date.now()
  return now
}

/**
 * The time, advanced every 30 s by one timer shared by everything on screen: a time shown as "now"
 * becomes "1 min. ago" while the screen stays open, instead of saying "now" for an hour.
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot)
}
