import { Alert, Button, CloseButton, EmptyState, Group, Loader, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { IconInbox, IconPlus, IconSearch } from '@tabler/icons-react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useInboxes } from '../../api/queries'
import { hrefOf } from '../../app/router'
import { useInboxFilters } from '../../stores/inbox-filters'
import { filterRows, toRow } from './inbox-rows'
import { InboxRow } from './InboxRow'

const ROW_HEIGHT = 68

function useNow(intervalMs = 30_000) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(t)
  }, [intervalMs])
  return now
}

export function InboxesPage() {
  const { search, setSearch, showHidden, setShowHidden } = useInboxFilters()
  const inboxes = useInboxes(showHidden)
  const rows = useMemo(() => (inboxes.data ?? []).map(toRow), [inboxes.data])
  const visible = useMemo(() => filterRows(rows, search), [rows, search])
  const now = useNow()
  const searchRef = useRef<HTMLInputElement>(null)
  const scrollRef = useRef<HTMLDivElement>(null)

  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6
  })

  /** Keyboard: rows are links; arrows move between them even when the next one is not rendered yet. */
  const focusRow = (index: number) => {
    const i = Math.max(0, Math.min(visible.length - 1, index))
    virtualizer.scrollToIndex(i, { align: 'auto' })
    const focus = (tries: number) => {
      const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${i}"] a`)
      if (row) row.focus()
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1))
    }
    requestAnimationFrame(() => focus(10))
  }
  const onListKey = (e: KeyboardEvent) => {
    const current = Number((document.activeElement?.closest('[data-index]') as HTMLElement | null)?.dataset.index ?? -1)
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + 8,
      PageUp: current - 8,
      Home: 0,
      End: visible.length - 1
    }
    if (e.key in moves) {
      e.preventDefault()
      if (e.key === 'ArrowUp' && current <= 0) searchRef.current?.focus()
      else focusRow(moves[e.key]!)
    }
  }

  return (
    <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
      <Group justify="space-between">
        <Title order={2}>Inboxes</Title>
        <Button component="a" href={hrefOf({ name: 'new-job' })} leftSection={<IconPlus size={16} />}>
          New job
        </Button>
      </Group>
      <Group>
        <TextInput
          ref={searchRef}
          id="inbox-search"
          style={{ flex: 1 }}
          aria-label="Search inboxes"
          placeholder="Search by name, message or provider (Ctrl+K)"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && visible.length) {
              e.preventDefault()
              focusRow(0)
            }
          }}
          rightSection={search ? <CloseButton aria-label="Clear search" onClick={() => setSearch('')} /> : null}
        />
        <Switch label="Show hidden" checked={showHidden} onChange={(e) => setShowHidden(e.currentTarget.checked)} />
      </Group>
      {inboxes.isPending && <Loader aria-label="Loading inboxes" />}
      {inboxes.isError && (
        <Alert color="red" title="The inboxes could not be loaded">
          {inboxes.error.message}
        </Alert>
      )}
      {inboxes.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={<IconInbox size={32} />}
          title="No inboxes yet"
          description="Each job has an inbox. Create a job to start a conversation with a provider."
        >
          <EmptyState.Actions>
            <Button component="a" href={hrefOf({ name: 'new-job' })} leftSection={<IconPlus size={16} />}>
              Create a job
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      )}
      {inboxes.isSuccess && rows.length > 0 && visible.length === 0 && <Text c="dimmed">No inbox matches “{search}”.</Text>}
      {visible.length > 0 && (
        <>
          <Text size="xs" c="dimmed" aria-live="polite">
            {visible.length === rows.length ? `${rows.length} inboxes` : `${visible.length} of ${rows.length} inboxes`}
          </Text>
          <div ref={scrollRef} style={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="inbox-scroll" onKeyDown={onListKey}>
            <div role="list" aria-label="Inboxes" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => (
                <div
                  key={visible[item.index]!.inboxId}
                  role="listitem"
                  data-index={item.index}
                  style={{ position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` }}
                >
                  <InboxRow row={visible[item.index]!} now={now} />
                </div>
              ))}
            </div>
          </div>
        </>
      )}
    </Stack>
  )
}
