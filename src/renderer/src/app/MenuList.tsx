import { Menu, useMenuContext, usePopoverContext, type MenuDropdownProps } from '@mantine/core'
import { useMergedRef } from '@mantine/hooks'
import type { KeyboardEvent, Ref } from 'react'
import { useMenuFocusAtOnce } from './menu-at-once'
import { hasTabStopBeyond } from './tab-stops'

/**
 * A menu's items (in place of Menu.Dropdown), as the WAI-ARIA menu button pattern has them: the first
 * item focused as the menu opens, the arrows among the items, Escape back to the button, and Tab or
 * Shift+Tab closing the menu and moving the focus on from its button, as if the menu had not been open
 * (or leaving it on the button when nothing follows it: the focus would leave the window).
 * Mantine's focus trap kept Tab inside (it went round the items; only Escape got out): the theme turns
 * the trap off for every menu, and every menu's items are drawn by this.
 *
 * `tabFrom`: where Tab moves on from, when not the menu's button (a row's menu opened from the row).
 */
export function MenuList({
  ref,
  onKeyDown,
  tabFrom,
  ...props
}: MenuDropdownProps & { ref?: Ref<HTMLDivElement>; tabFrom?: () => HTMLElement | null | undefined }) {
  const menu = useMenuContext()
  const popover = usePopoverContext()
  const dropdown = useMergedRef(ref, useMenuFocusAtOnce())
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(e)
    if (e.key !== 'Tab' || e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey) return
    // The focus put on the button now, the browser's own Tab (not prevented) moves on from it; unless the
    // button (or row) is the page's last stop (first, for Shift+Tab): the focus then left the window. It
    // stays on the button instead, as the menu closes.
    const from = tabFrom?.() ?? document.getElementById(popover.getTargetId())
    if (from && !hasTabStopBeyond(from, e.shiftKey, e.currentTarget)) e.preventDefault()
    from?.focus({ preventScroll: true })
    menu.closeDropdownImmediately()
  }
  return <Menu.Dropdown {...props} ref={dropdown} onKeyDown={onKey} />
}
