import { useEffect, useState } from 'react'

/**
 * Whole seconds since `since` (milliseconds since the epoch), counted up once a second while the calling
 * component is shown. Without it, or when it is later than when the component was first shown (a clock
 * ahead of this one's), they are counted from then: a wait has lasted at least as long as it was shown.
 */
export function useSecondsSince(since?: number): number {
  const [shown] = useState(() => Date.now())
  const [now, setNow] = useState(shown)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const start = since !== undefined && since < shown ? since : shown
  return Math.max(0, Math.floor((now - start) / 1000))
}

/** A wait as said beside it: "45 s", "2 min 5 s". */
export function waitedText(seconds: number): string {
  const min = Math.floor(seconds / 60)
  const s = seconds % 60
  return min === 0 ? `${s} s` : s === 0 ? `${min} min` : `${min} min ${s} s`
}
