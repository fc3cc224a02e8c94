import { useEffect, useState } from 'react'

/** Whole seconds since the calling component was first shown, counted up once a second while it is. */
export function useSecondsSince(): number {
  const [start] = useState(() => Date.now())
  const [now, setNow] = useState(start)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return Math.max(0, Math.floor((now - start) / 1000))
}

/** A wait as said beside it: "45 s", "2 min 5 s". */
export function waitedText(seconds: number): string {
  const min = Math.floor(seconds / 60)
  const s = seconds % 60
  return min === 0 ? `${s} s` : s === 0 ? `${min} min` : `${min} min ${s} s`
}
