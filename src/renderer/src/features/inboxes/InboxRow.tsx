import { ActionIcon, Badge, Checkbox, Group, Menu, Text, UnstyledButton } from '@mantine/core'
import { IconDots, IconEyeOff, IconPin } from '@tabler/icons-react'
import { memo, type MouseEvent } from 'react'
import { hrefOf } from '../../app/router'
import { highlightParts, type InboxRowData } from './inbox-rows'
import type { InboxActions } from './inbox-actions'
import { absoluteTime, relativeTime } from './relative-time'
import classes from './InboxRow.module.css'

interface RowProps {
  readonly row: InboxRowData
  readonly now: number
  /** A search hit: the matching text shown instead of the preview, the query's words marked. */
  readonly snippet?: { text: string; query: string }
  readonly selected?: boolean
  readonly onSelect?: (row: InboxRowData, e: MouseEvent) => void
  readonly actions?: InboxActions
}

function Snippet({ text, query }: { text: string; query: string }) {
  return (
    <Text size="sm" truncate data-testid="inbox-snippet">
      {highlightParts(text, query).map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </Text>
  )
}

/** One inbox in the list: name, markers, provider, last-message preview (or search snippet) and when; select box and menu. */
export const InboxRow = memo(function InboxRow({ row, now, snippet, selected, onSelect, actions }: RowProps) {
  return (
    <Group gap={0} wrap="nowrap" className={classes.line} data-selected={selected || undefined}>
      {onSelect && (
        <Checkbox
          className={classes.check}
          aria-label={`Select ${row.name}`}
          checked={!!selected}
          onChange={() => {}}
          onClick={(e) => onSelect(row, e)}
        />
      )}
      <UnstyledButton component="a" href={hrefOf({ name: 'inbox', inboxId: row.inboxId })} className={classes.row} data-testid="inbox-row">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {row.isPinned && <IconPin size={14} aria-label="Pinned" role="img" style={{ flexShrink: 0 }} />}
            <Text fw={600} truncate className={classes.name}>
              {row.name}
            </Text>
            {row.isHidden && (
              <Badge size="xs" color="gray" variant="outline" leftSection={<IconEyeOff size={10} />} data-testid="hidden-marker">
                Hidden
              </Badge>
            )}
          </Group>
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
          {snippet ? (
            <Snippet text={snippet.text} query={snippet.query} />
          ) : (
            <Text
              size="sm"
              c={row.preview === null ? 'dimmed' : row.previewIsError ? 'red' : undefined}
              fs={row.preview === null ? 'italic' : undefined}
              truncate
              data-testid="inbox-preview"
            >
              {row.preview ?? 'No messages yet'}
            </Text>
          )}
        </Group>
      </UnstyledButton>
      {actions && <RowMenu row={row} actions={actions} />}
    </Group>
  )
})

function RowMenu({ row, actions }: { row: InboxRowData; actions: InboxActions }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${row.name}`} className={classes.menu}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => actions.rename(row)}>Rename</Menu.Item>
        <Menu.Item onClick={() => void actions.setPinned([row], !row.isPinned)}>{row.isPinned ? 'Unpin' : 'Pin'}</Menu.Item>
        <Menu.Item onClick={() => void actions.setHidden([row], !row.isHidden)}>{row.isHidden ? 'Unhide' : 'Hide'}</Menu.Item>
        <Menu.Divider />
        <Menu.Label>Export</Menu.Label>
        <Menu.Item onClick={() => void actions.exportAs(row, 'markdown')}>Export as Markdown</Menu.Item>
        <Menu.Item onClick={() => void actions.exportAs(row, 'json')}>Export as JSON</Menu.Item>
        <Menu.Item onClick={() => void actions.exportAs(row, 'txt')}>Export as text</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => actions.remove([row])}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
