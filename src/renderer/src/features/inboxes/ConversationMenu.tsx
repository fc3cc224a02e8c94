import { ActionIcon, Menu, Tooltip } from '@mantine/core'
import { IconDots } from '@tabler/icons-react'
import { useRef } from 'react'
import type { Inbox } from '../../../../shared/contract/inbox'
import { MENU_AT_ONCE } from '../../app/menu-at-once'
import { MenuList } from '../../app/MenuList'
import { useInboxActions, type InboxActions } from './inbox-actions'
import { toRow } from './inbox-rows'
import { InboxActionItems } from './InboxActionItems'
import { useOpenRemoval } from './open-removal'

/**
 * Rename, pin, hide, export and delete for the open conversation. They were on the inbox list's rows only:
 * to export or delete the conversation being read, the operator went back to the list and found its row.
 */
export function ConversationMenu({ inbox }: { inbox: Inbox }) {
  // Its delete goes on as the list's does: to the conversation below it (open-removal).
  const listActions = useOpenRemoval(useInboxActions(), inbox.inbox_id)
  const row = toRow(inbox)
  const button = useRef<HTMLButtonElement>(null)
  // A dialog gives the focus back to what held it as it opened: the menu's item (Delete, Rename), gone
  // with the menu, so Cancel left the focus on the page. The menu's button holds it instead.
  const fromButton =
    <A extends unknown[]>(action: (...args: A) => void) =>
    (...args: A) => {
      button.current?.focus()
      action(...args)
    }
  const actions: InboxActions = {
    ...listActions,
    remove: fromButton((...args: Parameters<InboxActions['remove']>) => listActions.remove(...args)),
    rename: fromButton((...args: Parameters<InboxActions['rename']>) => listActions.rename(...args))
  }
  return (
    // Drawn, its first item focused, as it opens: keys pressed right after opening it go to its items.
    <Menu position="bottom-end" withinPortal {...MENU_AT_ONCE}>
      {/* The tooltip outside the menu's target: inside, it kept the menu's props from the button (no id,
          aria-haspopup or aria-expanded; the menu was labelled by an id nothing had). */}
      <Tooltip label="Rename, pin, hide, export or delete">
        <Menu.Target>
          <ActionIcon ref={button} variant="subtle" aria-label="Conversation actions">
            {/* In rem, as its button: 18 px, the "…" looked tiny at a large text size. */}
            <IconDots size="1.125rem" />
          </ActionIcon>
        </Menu.Target>
      </Tooltip>
      <MenuList>
        <InboxActionItems row={row} actions={actions} />
      </MenuList>
    </Menu>
  )
}
