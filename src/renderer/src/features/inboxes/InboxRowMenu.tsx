import { Menu } from '@mantine/core'
import { useRef } from 'react'
import { MENU_AT_ONCE } from '../../app/menu-at-once'
import { MenuList } from '../../app/MenuList'
import type { InboxActions } from './inbox-actions'
import type { InboxRowData } from './inbox-rows'
import { RowMenuButton } from './RowMenuButton'
import { InboxActionItems } from './InboxActionItems'

/**
 * The row's menu, made open when it is first wanted (its button clicked, or Shift+F10 / the context-menu
 * key on the row). Closed, the focus goes back to what opened it: the button, or the row's link.
 */
export default function InboxRowMenu({
  row,
  actions,
  opened,
  returnTo,
  onOpenChange,
  className
}: {
  row: InboxRowData
  actions: InboxActions
  opened: boolean
  returnTo: 'button' | 'row'
  onOpenChange: (open: boolean) => void
  /** The button's look where it sits (added to its own). */
  className?: string
}) {
  const target = useRef<HTMLButtonElement>(null)
  const dropdown = useRef<HTMLDivElement>(null)
  const opener = () => (returnTo === 'row' ? target.current?.parentElement?.querySelector<HTMLElement>('a[href]') : null)
  const onChange = (open: boolean) => {
    onOpenChange(open)
    // Made open, the menu has no element to give the focus back to (the button it replaced is
    // gone, or the row opened it): closing hands it back, unless the user has put it somewhere else.
    const at = document.activeElement
    if (open || !(!at || at === document.body || dropdown.current?.contains(at))) return
    ;(opener() ?? target.current)?.focus()
  }
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange} {...MENU_AT_ONCE}>
      <Menu.Target>
        <RowMenuButton ref={target} name={row.name} tabIndex={-1} className={className} />
      </Menu.Target>
      {/* Drawn, its first item focused, as it opens: keys pressed right after Shift+F10 go to its items. Tab moves on from the row when it opened it. */}
      <MenuList ref={dropdown} tabFrom={opener}>
        <InboxActionItems row={row} actions={actions} />
      </MenuList>
    </Menu>
  )
}
