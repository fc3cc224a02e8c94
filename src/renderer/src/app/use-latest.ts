import { useEffect, useRef, type RefObject } from 'react'

/**
 * A ref holding `value` as of the last render, for work that resumes after an await or a timer and
 * must act on the props as they are then, not as they were when it began. Updated after each
 * render; the holder may also write it itself (two results arriving before a render both kept).
 */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value)
  useEffect(() => {
    latest.current = value
  })
  return latest
}
