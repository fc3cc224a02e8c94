import { Anchor, List, Text } from '@mantine/core'
import { groupedNumber } from '../../../shared/byte-size'
import { jobIdOfInbox } from '../../../shared/contract/inbox-id'
import { absoluteTime } from '../features/inboxes'
import { hrefOf } from './router'

/** A job a dialog names: its conversation, by the name the operator sees. */
export interface NamedJob {
  readonly inbox_id: string
  readonly custom_name: string
  readonly is_hidden: boolean
}

/**
 * The few jobs a dialog names (the node's newest), each a link to its conversation, and how many more
 * there are. Following a link leaves the page: `onFollow` closes the dialog that holds the list.
 */
export function JobLinks({
  jobs,
  recent,
  onFollow,
  lastActive
}: {
  jobs: number
  recent: readonly NamedJob[]
  onFollow: () => void
  /** By inbox id: when jobs named alike were last active, to tell them apart (the time the inbox list's rows show, in full). */
  lastActive?: ReadonlyMap<string, string>
}) {
  const more = jobs - recent.length
  const when = (inboxId: string) => {
    const iso = lastActive?.get(inboxId)
    return iso === undefined ? undefined : absoluteTime(iso)
  }
  // Two alike last active in the same second (made together, never written to): their job ids tell them apart.
  const times = new Map<string, number>()
  for (const r of recent) {
    const t = when(r.inbox_id)
    if (t !== undefined) times.set(`${r.custom_name}\n${t}`, (times.get(`${r.custom_name}\n${t}`) ?? 0) + 1)
  }
  const sameTime = (r: NamedJob) => (times.get(`${r.custom_name}\n${when(r.inbox_id)}`) ?? 0) > 1
  return (
    <>
      <List size="sm" spacing={4}>
        {recent.map((r) => (
          <List.Item key={r.inbox_id}>
            <Anchor href={hrefOf({ name: 'inbox', inboxId: r.inbox_id })} onClick={onFollow} style={{ overflowWrap: 'anywhere' }}>
              {r.custom_name}
            </Anchor>
            {lastActive?.has(r.inbox_id) && (
              <Text span size="xs" c="dimmed">
                {' '}
                (last active <time dateTime={lastActive.get(r.inbox_id)}>{when(r.inbox_id)}</time>
                {sameTime(r) &&
                  `, job ${jobIdOfInbox(r.inbox_id)
                    .replace(/^jobid_/, '')
                    .slice(0, 8)}`}
                )
              </Text>
            )}
            {r.is_hidden && (
              <Text span size="xs" c="dimmed">
                {' '}
                (hidden)
              </Text>
            )}
          </List.Item>
        ))}
      </List>
      {more > 0 && (
        <Text size="sm" c="dimmed">
          and {more === 1 ? '1 more job' : `${groupedNumber(more)} more jobs`}
        </Text>
      )}
    </>
  )
}
