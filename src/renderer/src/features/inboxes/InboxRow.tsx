import { Badge, Group, Text, UnstyledButton } from '@mantine/core'
import { memo } from 'react'
import { hrefOf } from '../../app/router'
import type { InboxRowData } from './inbox-rows'
import { absoluteTime, relativeTime } from './relative-time'
import classes from './InboxRow.module.css'

/** One inbox in the list: name, provider, last-message preview and when. */
export const InboxRow = memo(function InboxRow({ row, now }: { row: InboxRowData; now: number }) {
  return (
    <UnstyledButton component="a" href={hrefOf({ name: 'inbox', inboxId: row.inboxId })} className={classes.row} data-testid="inbox-row">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={600} truncate className={classes.name}>
          {row.name}
        </Text>
        <Text size="xs" c="dimmed" title={absoluteTime(row.activity)} style={{ flexShrink: 0 }}>
          <time dateTime={row.activity}>{relativeTime(row.activity, now)}</time>
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Badge size="xs" variant="light" tt="none" style={{ flexShrink: 0 }}>
          {row.providerId}
        </Badge>
        {row.model && (
          <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
            {row.model}
          </Text>
        )}
        <Text
          size="sm"
          c={row.preview === null ? 'dimmed' : row.previewIsError ? 'red' : undefined}
          fs={row.preview === null ? 'italic' : undefined}
          truncate
          data-testid="inbox-preview"
        >
          {row.preview ?? 'No messages yet'}
        </Text>
      </Group>
    </UnstyledButton>
  )
})
