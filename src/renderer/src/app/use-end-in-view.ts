import { useCallback, useEffect, useLayoutEffect, useRef } from 'react'

/**
 * Keeps the end of a text field's text in view while the field is not being edited. A field shows a
 * text too long for it from its start, so a long folder path lost the folder's own name, its end.
 * The browser scrolls a field back to its start when it loses the focus and keeps the scroll when the
 * field is resized: both are followed. `text` is what the field shows (its scroll is set again when it changes).
 */
export function useEndInView<T extends HTMLInputElement>(text: string) {
  const ref = useRef<T>(null)
  const scrollToEnd = useCallback(() => {
    if (ref.current) ref.current.scrollLeft = ref.current.scrollWidth
  }, [])
  // Not while the field is being edited: the caret's place is the browser's to keep in view.
  const showEnd = useCallback(() => {
    if (ref.current !== document.activeElement) scrollToEnd()
  }, [scrollToEnd])
  // A new text (a folder just chosen) is shown by its end, focused or not; the field may take the
  // value a render later (a searchable select writes its search back): once more at the next frame.
  useLayoutEffect(() => {
    scrollToEnd()
    const again = requestAnimationFrame(scrollToEnd)
    return () => cancelAnimationFrame(again)
  }, [scrollToEnd, text])
  useEffect(() => {
    const input = ref.current
    if (!input) return
    const resized = new ResizeObserver(showEnd)
    resized.observe(input)
    // After the blur is done: the browser's own scroll back to the start comes with it.
    const blurred = () => requestAnimationFrame(showEnd)
    input.addEventListener('blur', blurred)
    return () => {
      resized.disconnect()
      input.removeEventListener('blur', blurred)
    }
  }, [showEnd])
  return ref
}
