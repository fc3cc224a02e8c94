import { useEffect, useState } from 'react'

/**
 * Whole seconds until `until` (epoch ms), 0 once it has passed; counted down while shown. Each tick
 * comes as the count changes (at whole seconds before `until`), so 0 is seen when the time is up,
 * not up to a second later.
 */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now())
  // An unreadable time (NaN) counts as passed: nothing to wait for, and no timer that fires at once forever.
  const left = Number.isFinite(until) ? Math.max(0, Math.ceil((until - now) / 1000)) : 0
  useEffect(() => {
    if (left === 0) return
    const ms = until - Date.now()
    // To the next whole second before `until` (a few ms past it, so the count has changed by then).
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, ms - (left - 1) * 1000) + 5)
    return () => clearTimeout(timer)
  }, [until, now, left])
  return left
}
