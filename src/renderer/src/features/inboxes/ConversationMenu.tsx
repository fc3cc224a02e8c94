import { ActionIcon, Menu, Tooltip } from '@mantine/core'
import { IconDots } from '@tabler/icons-react'
import type { Inbox } from '../../../../shared/contract/inbox'
import { navigate } from '../../app/router'
import { useInboxActions } from './inbox-actions'
import { toRow } from './inbox-rows'

/**
 * Pin, hide, export and delete for the open conversation. They were on the inbox list's rows only:
 * to export or delete the conversation being read, the operator went back to the list and found its row.
 */
export function ConversationMenu({ inbox }: { inbox: Inbox }) {
  const actions = useInboxActions()
  const row = toRow(inbox)
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label="Pin, hide, export or delete">
          <ActionIcon variant="subtle" aria-label="Conversation actions">
            <IconDots size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void actions.setPinned([row], !row.isPinned)}>{row.isPinned ? 'Unpin' : 'Pin'}</Menu.Item>
        <Menu.Item onClick={() => void actions.setHidden([row], !row.isHidden)}>{row.isHidden ? 'Unhide' : 'Hide'}</Menu.Item>
        <Menu.Divider />
        <Menu.Label>Export</Menu.Label>
        <Menu.Item onClick={() => void actions.exportAs(row, 'markdown')}>Export as Markdown</Menu.Item>
        <Menu.Item onClick={() => void actions.exportAs(row, 'json')}>Export as JSON</Menu.Item>
        <Menu.Item onClick={() => void actions.exportAs(row, 'txt')}>Export as text</Menu.Item>
        <Menu.Divider />
        {/* Gone, it has nothing left to show: the list it was in opens. */}
        <Menu.Item color="red" onClick={() => actions.remove([row], () => navigate({ name: 'inboxes' }))}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
