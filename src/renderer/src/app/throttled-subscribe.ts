/**
 * A store's subscribe for useSyncExternalStore whose listener is told at most once every `ms`: the first
 * change at once, those that follow within `ms` together at its end. A queue of thousands of uploads
 * changes several times a file (queued, bytes sent, done); drawing each change took the window's time from
 * sending the next files. `now()`: while true, every change is told at once (a few rows, where the operator's
 * clicks and the focus follow each change).
 */
export function throttledSubscribe(
  subscribe: (listener: () => void) => () => void,
  ms: number,
  now: () => boolean = () => false
): (listener: () => void) => () => void {
  return (listener) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let last = -Infinity
    let pending = false
    const tell = () => {
      timer = undefined
      pending = false
      last = Date.now()
      listener()
    }
    const off = subscribe(() => {
      if (now()) {
        if (timer !== undefined) clearTimeout(timer)
        return tell()
      }
      pending = true
      if (timer !== undefined) return
      const wait = last + ms - Date.now()
      if (wait <= 0) tell()
      else timer = setTimeout(() => pending && tell(), wait)
    })
    return () => {
      off()
      if (timer !== undefined) clearTimeout(timer)
    }
  }
}
