import { Badge, Checkbox, Group, Text, UnstyledButton } from '@mantine/core'
import { IconEyeOff, IconPin } from '@tabler/icons-react'
import { lazy, memo, Suspense, useState, type MouseEvent } from 'react'
import { hrefOf } from '../../app/router'
import { highlightParts, type InboxRowData } from './inbox-rows'
import type { InboxActions } from './inbox-actions'
import { absoluteTime, relativeTime } from './relative-time'
import classes from './InboxRow.module.css'
import { RowMenuButton } from './RowMenuButton'

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

/**
 * The row's menu is made on first use, from code loaded then: a closed Mantine Menu still sets up
 * its popover (floating position, listeners) on mount, which for every row of the list was a good
 * part of the first paint, and the popover code is not needed to show the list.
 */
function RowMenu({ row, actions }: { row: InboxRowData; actions: InboxActions }) {
  const [wanted, setWanted] = useState(false)
  const button = <RowMenuButton name={row.name} onClick={wanted ? undefined : () => setWanted(true)} />
  if (!wanted) return button
  return (
    <Suspense fallback={button}>
      <InboxRowMenu row={row} actions={actions} />
    </Suspense>
  )
}

const InboxRowMenu = lazy(() => import('./InboxRowMenu'))
