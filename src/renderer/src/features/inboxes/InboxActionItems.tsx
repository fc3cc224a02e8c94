import { Menu } from '@mantine/core'
import { useShownFlags } from '../../stores/asked-flags'
import type { InboxActions } from './inbox-actions'
import type { InboxRowData } from './inbox-rows'

/** Rename, pin, hide, the three exports and delete: the items both a row's menu and the open conversation's menu hold. */
export function InboxActionItems({ row, actions }: { row: InboxRowData; actions: InboxActions }) {
  // As the operator just set them (here, in another menu or the bulk bar), before the node's event reaches the row.
  const { isHidden, isPinned } = useShownFlags(row)
  return (
    <>
      <Menu.Item onClick={() => actions.rename(row)}>Rename</Menu.Item>
      <Menu.Item onClick={() => void actions.setPinned([row], !isPinned)}>{isPinned ? 'Unpin' : 'Pin'}</Menu.Item>
      <Menu.Item onClick={() => void actions.setHidden([row], !isHidden)}>{isHidden ? 'Unhide' : 'Hide'}</Menu.Item>
      <Menu.Divider />
      <Menu.Label>Export</Menu.Label>
      <Menu.Item onClick={() => void actions.exportAs(row, 'markdown')}>Export as Markdown</Menu.Item>
      <Menu.Item onClick={() => void actions.exportAs(row, 'json')}>Export as JSON</Menu.Item>
      <Menu.Item onClick={() => void actions.exportAs(row, 'txt')}>Export as text</Menu.Item>
      <Menu.Divider />
      <Menu.Item color="red" data-danger onClick={() => actions.remove([row])}>
        Delete
      </Menu.Item>
    </>
  )
}
