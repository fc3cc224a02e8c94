import { useCallback } from 'react'
import { pressHeldMenuKeys } from './menu-keys-held'

/**
 * Mantine draws a menu's items a frame after it opens (its opening transition starts on an animation
 * frame) and its focus trap (on before MenuList) focused the first item a timer after that: a key pressed right after
 * opening one from the keyboard (Enter on its button, then ArrowDown and Enter at once) went to the
 * button, where Enter closed the menu again, and the item meant was not chosen. With these props the
 * menu is drawn in the task that opens it; useMenuFocusAtOnce's ref puts the focus on its first item as
 * it is drawn (before the task that opened it ends), so the next key goes there.
 */
export const MENU_AT_ONCE = { transitionProps: { duration: 0 } } as const

const FOCUSED = 'data-autofocus'

/**
 * The ref for a Menu.Dropdown (MenuList uses it): its first item takes the focus as the menu is drawn.
 * Should a focus trap be on, its late focus (its timer) goes to the item marked data-autofocus, which
 * here is the one the keys have moved to by then, not back to the first.
 */
export function useMenuFocusAtOnce(): (node: HTMLElement | null) => void {
  return useCallback((node: HTMLElement | null) => {
    if (!node) return
    const mark = (el: Element) => {
      for (const marked of node.querySelectorAll(`[${FOCUSED}]`)) if (marked !== el) marked.removeAttribute(FOCUSED)
      el.setAttribute(FOCUSED, '')
    }
    node.addEventListener('focusin', (e) => {
      if (e.target instanceof Element) mark(e.target)
    })
    // After the menu's effects, in which Mantine notes the element to give the focus back to on closing
    // (the button; it would note the item if it had the focus by then), and before the next key's task.
    queueMicrotask(() => {
      if (!node.isConnected) return
      if (!node.contains(document.activeElement))
        node.querySelector<HTMLElement>('[data-menu-item]:not([data-disabled])')?.focus({ preventScroll: true })
      // Pressed while its code loaded (menu-keys-held): they go on in it.
      if (node.contains(document.activeElement)) pressHeldMenuKeys()
    })
  }, [])
}
