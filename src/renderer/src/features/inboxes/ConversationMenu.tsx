import { ActionIcon, Menu, Tooltip } from '@mantine/core'
import { IconDots } from '@tabler/icons-react'
import type { Inbox } from '../../../../shared/contract/inbox'
import { navigate } from '../../app/router'
import { useInboxActions } from './inbox-actions'
import { toRow } from './inbox-rows'
import { InboxActionItems } from './InboxActionItems'

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
        {/* Gone, it has nothing left to show: the list it was in opens. */}
        <InboxActionItems row={row} actions={actions} onRemoved={() => navigate({ name: 'inboxes' })} />
      </Menu.Dropdown>
    </Menu>
  )
}
