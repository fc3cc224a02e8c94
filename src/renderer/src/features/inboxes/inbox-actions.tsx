import { Button, Group, List, Text, TextInput } from '@mantine/core'
import { modals } from '@mantine/modals'
import { askToConfirm, openDialog } from '../../app/confirm'
import { countText } from '../../app/count-format'
import { notifications } from '@mantine/notifications'
import { useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { ExportFormat } from '../../../../shared/contract/inbox-management'
import { jobIdOfInbox } from '../../../../shared/contract/inbox-id'
import { inboxNameTooLongText, isInboxName } from '../../../../shared/contract/inbox-name-rules'
import { ApiFailure, errorText, noticeText, type Client } from '../../api/client'
import { useClient } from '../../api/client-context'
import { callEach, EACH_MAX, REMOVE_JOBS_MAX, removeJobs, tooManyEachText, type EachOutcome } from './bulk-calls'
import { deletedText, notDeletedTitle } from './delete-progress'
import { showDeleting } from './DeletingNotice'
import { useAskedFlags } from '../../stores/asked-flags'
import { useStreaming } from '../../stores/streaming'
import { exportInbox } from './export-inbox'
import { beginExport } from './export-progress'
import type { InboxRowData } from './inbox-rows'
import { WritingNote } from './delete-writing-note'
import { onInboxChanges } from '../../api/inbox-pages'

/** What the per-inbox menu and the bulk bar can do; lists follow through the node's inbox_changed events. */
export interface InboxActions {
  rename(row: InboxRowData): void
  setPinned(rows: readonly InboxRowData[], pinned: boolean): Promise<void>
  /** Resolves with the inboxes whose call failed: they are as they were. */
  setHidden(rows: readonly InboxRowData[], hidden: boolean): Promise<ReadonlySet<string>>
  exportAs(row: InboxRowData, format: ExportFormat): Promise<void>
  /**
   * Asks first, naming the conversation or how many; `onDone` after they are gone. `onConfirmed` as the
   * delete is confirmed, before it is asked of the node, with those still there; what it returns is
   * called if they are not all deleted after all (refused, or stopped).
   */
  remove(rows: readonly InboxRowData[], onDone?: () => void, onConfirmed?: (left: readonly InboxRowData[]) => (() => void) | void): void
}

const failed = (title: string) => (err: unknown) => notifications.show({ color: 'red', title, message: noticeText(err) })

/** One notice for a call on many rows that did not all succeed (none when they did, or were gone meanwhile). */
function reportEach(outcome: EachOutcome, total: number, title: string): void {
  if (!outcome.failed) return
  notifications.show({
    color: 'red',
    title: total === 1 ? title : `${title}: ${countText(outcome.failed)} of ${countText(total)}`,
    message: noticeText(outcome.firstError)
  })
}

/**
 * A pin or hide call for one inbox: the menus say the mark asked for from the moment it is asked (the
 * lists show it once the node's event comes), and what the rows say again if the call fails.
 */
function asking<T>(inboxId: string, flag: 'isHidden' | 'isPinned', value: boolean, call: Promise<T>): Promise<T> {
  useAskedFlags.getState().ask([inboxId], flag, value)
  return call.then(
    (answer) => {
      useAskedFlags.getState().done(inboxId, flag, value)
      return answer
    },
    (err: unknown) => {
      useAskedFlags.getState().failed(inboxId, flag, value)
      throw err
    }
  )
}

const NAME_NEEDED = 'A name is needed.'

function RenameForm({ client, row }: { client: Client; row: InboxRowData }) {
  const [name, setName] = useState(row.name)
  const [busy, setBusy] = useState(false)
  const [refused, setRefused] = useState<string | null>(null)
  // Said as it is typed (a name over the limit was sent, refused, and only a notice said so). A blank
  // name is said too: Rename was only disabled, with no word why.
  const blank = name.trim() === ''
  const tooLong = !isInboxName(name.trim()) && !blank
  const field = useRef<HTMLInputElement>(null)
  const submit = async () => {
    // Rename (or Enter) with no valid name: nothing is sent; the field, which says why, keeps or takes the focus.
    if (!isInboxName(name.trim())) return field.current?.focus()
    setBusy(true)
    try {
      await client.call('update_smart_inbox_name', { body: { inbox_name: row.inboxId, custom_name: name.trim() } })
      modals.closeAll()
    } catch (err) {
      setRefused(`Not renamed: ${errorText(err)}`)
      setBusy(false)
    }
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <TextInput
        label="Name"
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value)
          setRefused(null)
        }}
        ref={field}
        error={blank ? NAME_NEEDED : tooLong ? inboxNameTooLongText(name.trim()) : refused}
        data-autofocus
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => modals.closeAll()}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          Rename
        </Button>
      </Group>
    </form>
  )
}

export function useInboxActions(): InboxActions {
  const client = useClient()
  // The dialogs are drawn outside the app's providers: the confirmation is handed the cache to follow.
  const qc = useQueryClient()
  return useMemo<InboxActions>(
    () => ({
      rename: (row) => openDialog({ title: `Rename “${row.name}”`, children: <RenameForm client={client} row={row} /> }),
      setPinned: async (rows, pinned) => {
        if (rows.length > EACH_MAX) {
          notifications.show({
            color: 'yellow',
            title: pinned ? 'Not pinned' : 'Not unpinned',
            message: tooManyEachText(pinned ? 'Pinning' : 'Unpinning', rows.length)
          })
          return
        }
        const outcome = await callEach(rows, (r) =>
          asking(r.inboxId, 'isPinned', pinned, client.call('update_inbox_pinned', { body: { inbox_name: r.inboxId, pinned } }))
        )
        reportEach(outcome, rows.length, pinned ? 'Not pinned' : 'Not unpinned')
      },
      setHidden: async (rows, hidden) => {
        if (rows.length > EACH_MAX) {
          notifications.show({
            color: 'yellow',
            title: hidden ? 'Not hidden' : 'Not shown',
            message: tooManyEachText(hidden ? 'Hiding' : 'Unhiding', rows.length)
          })
          return new Set(rows.map((r) => r.inboxId))
        }
        const outcome = await callEach(rows, (r) =>
          asking(
            r.inboxId,
            'isHidden',
            hidden,
            client.call('update_job_hidden', { body: { job_id: jobIdOfInbox(r.inboxId), is_hidden: hidden } })
          )
        )
        reportEach(outcome, rows.length, hidden ? 'Not hidden' : 'Not shown')
        return new Set(outcome.notChanged.map((r) => r.inboxId))
      },
      exportAs: async (row, format) => {
        // An answer being written (or awaited: a local model still loading) is stored when it is done: the
        // export holds the conversation without it, said so.
        const partial = useStreaming.getState().partial[row.inboxId]
        const writing = row.awaitsAnswer || (partial !== undefined && !partial.stored)
        // One export of a conversation at a time, said while it is prepared (seconds for a long one) or
        // written (desktop: once a place is chosen; never while the save dialog is open).
        const underWay = beginExport(row.inboxId, row.name)
        if (!underWay) return
        try {
          const outcome = await exportInbox(client, window.nodedesk, row.inboxId, format, underWay)
          underWay.done()
          if (outcome.kind === 'saved') notifications.show({ color: 'teal', message: `Saved to ${outcome.path}` })
          if (outcome.kind !== 'cancelled' && writing) {
            notifications.show({
              color: 'yellow',
              title: 'The answer still to come is not in this export',
              message: 'Export again once it has arrived to include it.'
            })
          }
        } catch (err) {
          underWay.failed('Not exported', err)
        }
      },
      remove: (rows, onDone, onConfirmed) => {
        if (!rows.length) return
        // Removed elsewhere while the question is open (another window, a script): the count and the names
        // follow, and only those still there are deleted. It went on saying "3" and naming the gone ones.
        const gone = followRemovals(qc, rows)
        askToConfirm({
          title: <DeleteTitle rows={rows} gone={gone} />,
          children: <DeleteBody rows={rows} gone={gone} qc={qc} client={client} />,
          labels: { confirm: 'Delete', cancel: 'Cancel' },
          confirmProps: { color: 'red' },
          onClose: gone.stop,
          onConfirm: () =>
            void (async () => {
              const left = rows.filter((r) => !gone.current().has(r.inboxId))
              if (!left.length) {
                notifications.show({
                  color: 'teal',
                  message:
                    rows.length === 1
                      ? `“${rows[0]!.name}” was already deleted`
                      : `Nothing left to delete: the ${countText(rows.length)} conversations had been deleted already`
                })
                onDone?.()
                return
              }
              let removed = 0
              const notAll = onConfirmed?.(left)
              try {
                if (left.length === 1) {
                  const already = await client.call('remove_job', { body: { job_id: jobIdOfInbox(left[0]!.inboxId) } }).then(
                    () => false,
                    (err: unknown) => {
                      // Removed elsewhere meanwhile: what the operator asked for.
                      if (err instanceof ApiFailure && err.status === 404) return true
                      throw err
                    }
                  )
                  notifications.show({ color: 'teal', message: `“${left[0]!.name}” ${already ? 'was already deleted' : 'deleted'}` })
                } else {
                  const progress = left.length > REMOVE_JOBS_MAX ? showDeleting(left.length) : undefined
                  const outcome = await removeJobs(
                    client,
                    left.map((r) => jobIdOfInbox(r.inboxId)),
                    (n) => {
                      removed = n
                      progress?.update(n)
                    },
                    () => progress?.stopAsked() ?? false
                  ).finally(() => progress?.hide())
                  notifications.show({ color: outcome.stopped ? 'yellow' : 'teal', ...deletedText(outcome, left.length) })
                  // Stopped: those not deleted stay selected, for another try.
                  if (outcome.stopped) return notAll?.()
                }
                onDone?.()
              } catch (err) {
                notAll?.()
                failed(notDeletedTitle(removed, left.length))(err)
              }
            })()
        })
      }
    }),
    [client, qc]
  )
}

/** The conversations of an open delete confirmation that were removed elsewhere since it opened. */
interface Removals {
  readonly current: () => ReadonlySet<string>
  readonly subscribe: (listener: () => void) => () => void
  readonly stop: () => void
}

/** Follows the node's removals of `rows` (inbox_changed with no inbox) until `stop`. */
function followRemovals(qc: QueryClient, rows: readonly InboxRowData[]): Removals {
  const ids = new Set(rows.map((r) => r.inboxId))
  const listeners = new Set<() => void>()
  let gone: ReadonlySet<string> = new Set()
  const stop = onInboxChanges(qc, (changes) => {
    const removed = [...changes].filter(([id, inbox]) => inbox === null && ids.has(id) && !gone.has(id)).map(([id]) => id)
    if (!removed.length) return
    gone = new Set([...gone, ...removed])
    for (const listener of listeners) listener()
  })
  return {
    current: () => gone,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    stop
  }
}

/** The rows of a delete confirmation still there (not removed elsewhere since it opened). */
function useLeft(rows: readonly InboxRowData[], gone: Removals): readonly InboxRowData[] {
  const removed = useSyncExternalStore(gone.subscribe, gone.current)
  return useMemo(() => (removed.size ? rows.filter((r) => !removed.has(r.inboxId)) : rows), [rows, removed])
}

function DeleteTitle({ rows, gone }: { rows: readonly InboxRowData[]; gone: Removals }) {
  const left = useLeft(rows, gone)
  if (rows.length === 1) return left.length ? `Delete “${rows[0]!.name}”?` : `“${rows[0]!.name}” was deleted elsewhere`
  if (!left.length) return 'Nothing left to delete'
  return left.length === 1 ? `Delete “${left[0]!.name}”?` : `Delete ${countText(left.length)} conversations?`
}

function DeleteBody({ rows, gone, qc, client }: { rows: readonly InboxRowData[]; gone: Removals; qc: QueryClient; client: Client }) {
  const left = useLeft(rows, gone)
  const removed = rows.length - left.length
  const elsewhere = '(in another window or by a script)'
  if (!left.length)
    return (
      <Text size="sm" data-testid="deleted-elsewhere">
        {rows.length === 1
          ? `It was deleted elsewhere ${elsewhere} while this question was open: nothing is left to delete.`
          : `All ${countText(rows.length)} were deleted elsewhere ${elsewhere} while this question was open: nothing is left to delete.`}
      </Text>
    )
  const one = left.length === 1
  return (
    <>
      <Text size="sm">
        {one
          ? 'The job, its inbox and every message are deleted.'
          : `These ${countText(left.length)} jobs, their inboxes and every message are deleted.`}{' '}
        This cannot be undone.
      </Text>
      {/* Named, as a single one is in the title: "these 2" alone left the operator to trust the ticks. */}
      {!one && <NamedRows names={left.map((r) => r.name)} />}
      {removed > 0 && (
        <Text size="sm" mt="xs" data-testid="deleted-elsewhere">
          {`${countText(removed)} of the ${countText(rows.length)} ${removed === 1 ? 'was' : 'were'} deleted elsewhere ${elsewhere} meanwhile.`}
        </Text>
      )}
      <WritingNote rows={left} qc={qc} client={client} />
    </>
  )
}

/** How many of the conversations a bulk delete's confirmation names; the rest are counted. */
const NAMED_IN_CONFIRMATION = 5

/** The first names of a bulk action's conversations, then how many more. */
function NamedRows({ names }: { names: readonly string[] }) {
  const more = names.length - NAMED_IN_CONFIRMATION
  return (
    <List size="sm" mt="xs" withPadding>
      {names.slice(0, NAMED_IN_CONFIRMATION).map((name, i) => (
        <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </List.Item>
      ))}
      {more > 0 && <List.Item>{`and ${countText(more)} more`}</List.Item>}
    </List>
  )
}
