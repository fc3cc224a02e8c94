import { useSyncExternalStore } from 'react'

/** How often times said relative to now ("now", "5 min. ago") are worked out again. */
export const NOW_TICK_MS = 30_000

let now = Date.now()
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (!timer) {
    now = Date.now()
    timer = setInterval(() => {
      now = Date.now()
      for (const l of listeners) l()
    }, NOW_TICK_MS)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

/**
 * The time, advanced every 30 s by one timer shared by everything on screen: a time shown as "now"
 * becomes "1 min. ago" while the screen stays open, instead of saying "now" for an hour.
 */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now)
}
