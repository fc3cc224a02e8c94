/**
 * Timestamps in `YYYY-MM-DDTHH:MM:SS.mmmZ`. Each one is later than every one this clock gave
 * before and than `after`, so node_timestamp strictly increases within an inbox even when two
 * messages land in the same millisecond or the wall clock steps back.
 */
export interface Clock {
  next(after?: string | null): string
}

export function monotonicClock(now: () => number = Date.now): Clock {
  let last = 0
  return {
    next(after) {
      let t = Math.max(now(), last + 1)
      if (after) {
        const floor = Date.parse(after)
        if (Number.isFinite(floor) && t <= floor) t = floor + 1
      }
      last = t
      return new Date(t).toISOString()
    }
  }
}
