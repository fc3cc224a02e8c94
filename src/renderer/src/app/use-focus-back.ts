import { useEffect, useRef, type RefObject } from 'react'
import { focusWhenLost } from './focus-when-lost'
import { focusBackTo, focusableNow } from './focus-stand-in'

/**
 * A drawer's or dialog's opener gets the focus back when it closes, also when it closes while still
 * opening. Mantine's focus trap moves the focus into a dialog a task after it mounts, whether it is
 * still open or not, and its own return of the focus ran before that: Escape pressed at once (a fast
 * operator, a loaded machine) left the focus in the closing dialog, then on the page's body once it
 * was gone, and Tab started again from the top of the window. `opener`: the control that opens it;
 * without one, whatever had the focus when it opened. `returnFocus` false as it closes (as Mantine's
 * prop of that name): the dialog sends the focus elsewhere itself (to what it made). Returns the
 * element that had the focus as it last opened.
 */
export function useFocusBack(opened: boolean, opener?: RefObject<HTMLElement | null>, returnFocus = true): RefObject<Element | null> {
  const openedFrom = useRef<Element | null>(null)
  const wasOpen = useRef(false)
  const backTo = useRef<(() => HTMLElement | null) | null>(null)
  useEffect(() => {
    if (opened) {
      // Once per opening: run again while open (returnFocus changed), the focus is in the dialog by then.
      if (!wasOpen.current) {
        openedFrom.current = document.activeElement
        backTo.current = openedFrom.current instanceof HTMLElement ? focusBackTo(openedFrom.current) : null
      }
      wasOpen.current = true
      return
    }
    if (!wasOpen.current) return
    wasOpen.current = false
    if (!returnFocus) return
    // Hidden or gone meanwhile (the window made narrower or wider), the control standing in for it.
    const target = () => {
      const el = opener?.current
      return el ? focusableNow(el) : (backTo.current?.() ?? null)
    }
    // While the focus is still on the opener, the trap's late move into the closing dialog may come yet.
    return focusWhenLost(target, (el) => el === target())
  }, [opened, opener, returnFocus])
  return openedFrom
}
