import { ActionIcon, Box, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core'
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useInboxPages } from '../../api/queries'
import { hrefOf, navigate } from '../../app/router'
import { useInboxFilters } from '../../stores/inbox-filters'

const ROW = 36

/**
 * The paged inbox list beside an open conversation (pinned first), collapsible; Alt+Up / Alt+Down
 * open the conversation above or below the current one.
 */
export function ConversationList({ inboxId }: { inboxId: string }) {
  const showHidden = useInboxFilters((s) => s.showHidden)
  const [open, setOpen] = useState(true)
  const pinned = useInboxPages({ showHidden, pinned: true })
  const others = useInboxPages({ showHidden, pinned: false })
  const rows = useMemo(() => {
    const seen = new Set<string>()
    const out: { id: string; name: string }[] = []
    for (const q of [pinned, others])
      for (const p of q.data?.pages ?? [])
        for (const i of p.inboxes)
          if (!seen.has(i.inbox_id)) {
            seen.add(i.inbox_id)
            out.push({ id: i.inbox_id, name: i.custom_name })
          }
    return out
  }, [pinned, others])
  const total = (pinned.data?.pages[0]?.total_count ?? 0) + (others.data?.pages[0]?.total_count ?? 0)
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: Math.max(total, rows.length),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 8
  })
  const items = virtualizer.getVirtualItems()
  const lastVisible = items.length ? items[items.length - 1]!.index : 0
  useEffect(() => {
    if (!open) return
    if (pinned.hasNextPage && !pinned.isFetchingNextPage) void pinned.fetchNextPage()
    else if (lastVisible >= rows.length - 1 && others.hasNextPage && !others.isFetchingNextPage) void others.fetchNextPage()
  }, [open, lastVisible, rows.length, pinned, others])

  const at = rows.findIndex((r) => r.id === inboxId)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') || at < 0) return
      const next = rows[at + (e.key === 'ArrowUp' ? -1 : 1)]
      if (!next) return
      e.preventDefault()
      navigate({ name: 'inbox', inboxId: next.id })
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [rows, at])

  if (!open) {
    return (
      <Tooltip label="Show conversations">
        <ActionIcon variant="subtle" aria-label="Show conversations" onClick={() => setOpen(true)} visibleFrom="lg">
          <IconLayoutSidebarLeftExpand size={18} />
        </ActionIcon>
      </Tooltip>
    )
  }
  return (
    <Stack gap={4} w={240} style={{ flexShrink: 0, minHeight: 0 }} visibleFrom="lg" data-testid="conversation-list">
      <Box style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Text size="sm" fw={600}>
          Conversations
        </Text>
        <ActionIcon variant="subtle" aria-label="Hide conversations" onClick={() => setOpen(false)}>
          <IconLayoutSidebarLeftCollapse size={18} />
        </ActionIcon>
      </Box>
      <div ref={scrollRef} style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <nav aria-label="Conversations" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const r = rows[item.index]
            return (
              <div
                key={r ? r.id : `placeholder-${item.index}`}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` }}
              >
                {r ? (
                  <UnstyledButton
                    component="a"
                    href={hrefOf({ name: 'inbox', inboxId: r.id })}
                    aria-current={r.id === inboxId ? 'page' : undefined}
                    px="xs"
                    py={6}
                    style={{
                      display: 'block',
                      borderRadius: 4,
                      background: r.id === inboxId ? 'var(--mantine-primary-color-light)' : undefined
                    }}
                  >
                    <Text size="sm" truncate>
                      {r.name}
                    </Text>
                  </UnstyledButton>
                ) : (
                  <Text size="sm" c="dimmed" px="xs" py={6}>
                    …
                  </Text>
                )}
              </div>
            )
          })}
        </nav>
      </div>
    </Stack>
  )
}
