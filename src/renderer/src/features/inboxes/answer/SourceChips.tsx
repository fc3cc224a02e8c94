import { Badge, Button, Group } from '@mantine/core'
import { IconFileText } from '@tabler/icons-react'
import { useId, useState } from 'react'
import type { AnswerSource } from '../../../../../shared/contract/vector-fs'
import { cameFrom, hrefOf, useRoute } from '../../../app/router'

/**
 * How many sources an answer shows before "Show N more": the node cites every passage it gave the
 * model, best first, and a scope of a hundred small files made a wall of a hundred names under a
 * one-line answer. Two lines of chips or so in a wide window.
 */
export const SOURCES_SHOWN = 8

/** Where the answer's passages came from; a library file opens its preview at the passage. */
export function SourceChips({ sources }: { sources: readonly AnswerSource[] }) {
  // The conversation shown: the file's preview offers the way back to it.
  const route = useRoute()
  const came = route.name === 'inbox' ? cameFrom(route.inboxId, route) : {}
  const [all, setAll] = useState(false)
  const listId = useId()
  if (sources.length === 0) return null
  // A local document opens nothing: one chip per document, not per passage.
  const chips = sources.filter((s, i) => !s.path.startsWith('local:') || sources.findIndex((o) => o.path === s.path) === i)
  const shown = all ? chips : chips.slice(0, SOURCES_SHOWN)
  const more = chips.length - SOURCES_SHOWN
  // Passages of one file would make chips that read the same: each then says which passage it opens.
  const chipsOf = new Map<string, number>()
  for (const s of chips) chipsOf.set(s.path, (chipsOf.get(s.path) ?? 0) + 1)
  const seen = new Map<string, number>()
  return (
    <Group gap={4} mt={6} align="center">
      <Group gap={4} aria-label="Sources" role="list" id={listId}>
        {shown.map((s) => {
          const local = s.path.startsWith('local:')
          const nth = (seen.get(s.path) ?? 0) + 1
          seen.set(s.path, nth)
          // Uploaded files number their passages from 1, as the preview lists them.
          const passage = /^\d+$/.test(s.node_id) ? s.node_id : String(nth)
          const label = local ? s.path.slice('local:'.length) : (chipsOf.get(s.path) ?? 0) > 1 ? `${s.name} · passage ${passage}` : s.name
          // The item wraps the chip: a role on the chip itself would hide that it is a link.
          return (
            // Keyed by place too: two documents given with a job may share a name and their nodes' ids.
            <div role="listitem" key={`${s.path}#${s.node_id}#${nth}`}>
              <Badge
                variant="light"
                tt="none"
                leftSection={<IconFileText size="0.75rem" />}
                title={local ? `${label} (a document given with the job)` : `${s.path}, passage ${s.node_id}`}
                data-testid="source-chip"
                {...(local
                  ? {}
                  : {
                      component: 'a' as const,
                      href: hrefOf({ name: 'files', path: s.path, node: s.node_id, ...came }),
                      style: { cursor: 'pointer' }
                    })}
              >
                {label}
              </Badge>
            </div>
          )
        })}
      </Group>
      {/* One button that stays, its label turned: the focus stays on it (at the foot of the chips, where
          the conversation keeps the reader as the answer grows), Shift+Tab goes back through the chips. */}
      {more > 0 && (
        <Button size="compact-xs" variant="subtle" aria-expanded={all} aria-controls={listId} onClick={() => setAll((a) => !a)}>
          {all ? 'Show fewer sources' : more === 1 ? 'Show 1 more source' : `Show ${more} more sources`}
        </Button>
      )}
    </Group>
  )
}
