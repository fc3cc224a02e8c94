import { useEffect, useState } from 'react'

/** Whole seconds until `until` (epoch ms), 0 once it has passed; counted down each second while shown. */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [until])
  return Math.max(0, Math.ceil((until - now) / 1000))
}
