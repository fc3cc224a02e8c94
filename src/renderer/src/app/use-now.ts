import { useSyncExternalStore } from 'react'

/** How often times said relative to now ("now", "5 min. ago") are worked out again. */
export const NOW_TICK_MS = 30_000

let now = Date.now()
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Not read again here: a time changed between a screen's render and its subscription would have
  // React render the screen again before the browser paints it (the whole inbox list, at its first
  // paint). The snapshot below is already fresh for a screen rendered while no timer ran.
  timer ??= setInterval(() => {
    now = Date.now()
    for (const l of listeners) l()
  }, NOW_TICK_MS)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
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
