import { Menu } from '@mantine/core'
import { useRef } from 'react'
import type { InboxActions } from './inbox-actions'
import type { InboxRowData } from './inbox-rows'
import { RowMenuButton } from './RowMenuButton'

/**
 * The row's menu, made open when it is first wanted (its button clicked, or Shift+F10 / the context-menu
 * key on the row). Closed, the focus goes back to what opened it: the button, or the row's link.
 */
export default function InboxRowMenu({
  row,
  actions,
  opened,
  returnTo,
  onOpenChange
}: {
  row: InboxRowData
  actions: InboxActions
  opened: boolean
  returnTo: 'button' | 'row'
  onOpenChange: (open: boolean) => void
}) {
  const target = useRef<HTMLButtonElement>(null)
  const dropdown = useRef<HTMLDivElement>(null)
  const onChange = (open: boolean) => {
    onOpenChange(open)
    // Made open, the menu has no element to give the focus back to (the button it replaced is
    // gone, or the row opened it): closing hands it back, unless the user has put it somewhere else.
    const at = document.activeElement
    if (open || !(!at || at === document.body || dropdown.current?.contains(at))) return
    const link = returnTo === 'row' ? target.current?.parentElement?.querySelector<HTMLElement>('a[href]') : null
    ;(link ?? target.current)?.focus()
  }
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>
        <RowMenuButton ref={target} name={row.name} tabIndex={-1} />
      </Menu.Target>
      <Menu.Dropdown ref={dropdown}>
        <Menu.Item onClick={() => actions.rename(row)}>Rename</Menu.Item>
        <Menu.Item onClick={() => void actions.setPinned([row], !row.isPinned)}>{row.isPinned ? 'Unpin' : 'Pin'}</Menu.Item>
        <Menu.Item onClick={() => void actions.setHidden([row], !row.isHidden)}>{row.isHidden ? 'Unhide' : 'Hide'}</Menu.Item>
        <Menu.Divider />
        <Menu.Label>Export</Menu.Label>
        <Menu.Item onClick={() => void actions.exportAs(row, 'markdown')}>Export as Markdown</Menu.Item>
        <Menu.Item onClick={() => void actions.exportAs(row, 'json')}>Export as JSON</Menu.Item>
        <Menu.Item onClick={() => void actions.exportAs(row, 'txt')}>Export as text</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" data-danger onClick={() => actions.remove([row])}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
