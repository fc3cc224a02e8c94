import { useEffect, useRef, type RefObject } from 'react'

/**
 * Whether the component is still mounted, for work that resumes after an await (an upload, a file
 * read) and must not act for a form that has gone. A ref: reading it renders nothing.
 */
export function useMountedRef(): RefObject<boolean> {
  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  return mounted
}
