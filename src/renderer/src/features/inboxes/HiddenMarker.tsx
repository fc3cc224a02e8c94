import { Badge } from '@mantine/core'
import { IconEyeOff } from '@tabler/icons-react'
import type { CSSProperties } from 'react'
import type { Inbox } from '../../../../shared/contract/inbox'
import { useShownFlags } from '../../stores/asked-flags'

/**
 * "Hidden" beside an open conversation's name, as on its row in the inbox list: a hidden conversation
 * is left out of the conversation list beside it, and nothing said why. It follows a hide or unhide
 * asked here at once, and another client's through the inbox's events.
 */
export function HiddenMarker({ inbox }: { inbox: Inbox }) {
  const { isHidden } = useShownFlags({ inboxId: inbox.inbox_id, isHidden: inbox.is_hidden, isPinned: inbox.is_pinned })
  if (!isHidden) return null
  return <HiddenBadge style={{ flexShrink: 0, alignSelf: 'center' }} />
}

/** The "Hidden" badge itself: on an inbox row (`small`) and beside an open conversation's name. */
export function HiddenBadge({ small = false, className, style }: { small?: boolean; className?: string; style?: CSSProperties }) {
  return (
    <Badge
      size={small ? 'xs' : 'sm'}
      color="gray"
      variant="outline"
      className={className}
      style={style}
      leftSection={<IconEyeOff size={small ? '0.625rem' : '0.75rem'} aria-hidden />}
      data-testid="hidden-marker"
    >
      Hidden
    </Badge>
  )
}
