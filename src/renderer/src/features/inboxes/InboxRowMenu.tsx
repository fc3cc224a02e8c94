import { Menu } from '@mantine/core'
import { useRef, useState } from 'react'
import type { InboxActions } from './inbox-actions'
import type { InboxRowData } from './inbox-rows'
import { RowMenuButton } from './RowMenuButton'

/** The row's menu, open as it first appears (it is made when its button is first clicked). */
export default function InboxRowMenu({ row, actions }: { row: InboxRowData; actions: InboxActions }) {
  const [opened, setOpened] = useState(true)
  const target = useRef<HTMLButtonElement>(null)
  const dropdown = useRef<HTMLDivElement>(null)
  const onChange = (open: boolean) => {
    setOpened(open)
    // Made open, the menu has no element to give the focus back to (the button it replaced is
    // gone): closing hands it to the new button, unless the user has put it somewhere else.
    const at = document.activeElement
    if (!open && (!at || at === document.body || dropdown.current?.contains(at))) target.current?.focus()
  }
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>
        <RowMenuButton ref={target} name={row.name} />
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
