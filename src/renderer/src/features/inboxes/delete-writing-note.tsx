import { Text } from '@mantine/core'
import type { QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { countText } from '../../app/count-format'
import type { Client } from '../../api/client'
import { onInboxChanges } from '../../api/inbox-pages'
import { useAnswerPauses } from '../../stores/answer-pauses'
import { useStreaming } from '../../stores/streaming'
import { questionAwaited } from './conversation-rows'
import { awaitsAnswer, type InboxRowData } from './inbox-rows'

/**
 * How many of a conversation's newest messages a single delete's confirmation reads to learn whether a
 * question there still waits: its row tells only of the newest message, which is the answer to the
 * question before when one was sent while that was answered.
 */
const QUEUE_CHECK_MESSAGES = 20

/**
 * The conversations among `rows` whose question waits for its answer, following the node's changes
 * while the confirmation is open. Many rows: read from each row's newest message (one request each
 * would be too many). One row: from its newest messages, read again on each change of it, so a
 * question queued behind the answer being written counts too.
 */
function useAwaiting(rows: readonly InboxRowData[], qc: QueryClient, client: Client): ReadonlySet<string> {
  const [awaiting, setAwaiting] = useState<ReadonlySet<string>>(() => new Set(rows.filter((r) => r.awaitsAnswer).map((r) => r.inboxId)))
  const single = rows.length === 1 ? rows[0]!.inboxId : undefined
  useEffect(() => {
    if (single === undefined) return
    let asked = 0
    let live = true
    const check = () => {
      const mine = ++asked
      client.call('last_messages', { body: { inbox_name: single, limit: QUEUE_CHECK_MESSAGES } }).then(
        (messages) => {
          if (!live || mine !== asked) return
          const waits = questionAwaited(messages)
          setAwaiting((before) => (before.has(single) === waits ? before : new Set(waits ? [single] : [])))
        },
        // Not read (gone meanwhile, or the node did not answer): the row's own word stands.
        () => {}
      )
    }
    check()
    const stop = onInboxChanges(qc, (changes) => {
      if (changes.get(single)) check()
    })
    return () => {
      live = false
      stop()
    }
  }, [qc, client, single])
  useEffect(() => {
    if (single !== undefined) return
    return onInboxChanges(qc, (changes) =>
      setAwaiting((before) => {
        const next = new Set(before)
        for (const r of rows) {
          if (!changes.has(r.inboxId)) continue
          const inbox = changes.get(r.inboxId)
          if (inbox && awaitsAnswer(inbox)) next.add(r.inboxId)
          else next.delete(r.inboxId)
        }
        return next.size === before.size && [...next].every((id) => before.has(id)) ? before : next
      })
    )
  }, [qc, rows, single])
  return awaiting
}

/**
 * Said in a delete's confirmation while an answer is being written (or waits to be asked for again) in
 * any of the conversations, or a question there still waits for its answer (asked here or by another
 * client, not a word of it come yet; or queued behind the answer being written): deleting stops it, and the confirmation said nothing of it.
 * Follows the answers as they start and end, and the questions as they are answered, while the dialog
 * is open.
 */
export function WritingNote({ rows, qc, client }: { rows: readonly InboxRowData[]; qc: QueryClient; client: Client }) {
  const writing = useStreaming((s) =>
    rows
      .filter((r) => s.partial[r.inboxId])
      .map((r) => r.inboxId)
      .join('\n')
  )
  const waiting = useAnswerPauses((s) =>
    rows
      .filter((r) => s.pauses[r.inboxId])
      .map((r) => r.inboxId)
      .join('\n')
  )
  const awaiting = useAwaiting(rows, qc, client)
  const ids = new Set([...writing.split('\n'), ...waiting.split('\n')].filter(Boolean))
  const named = rows.filter((r) => ids.has(r.inboxId))
  const asked = rows.filter((r) => !ids.has(r.inboxId) && awaiting.has(r.inboxId))
  if (!named.length && !asked.length) return null
  const one = named.length + asked.length === 1 && rows.length === 1
  const text = one
    ? named.length
      ? `An answer is still being written in “${named[0]!.name}”: deleting stops it.`
      : `“${asked[0]!.name}” still waits for an answer: deleting cancels it.`
    : [
        named.length === 1 && !asked.length && `An answer is still being written in “${named[0]!.name}”: deleting stops it.`,
        named.length > 1 && !asked.length && `Answers are still being written in ${countText(named.length)} of them: deleting stops them.`,
        asked.length &&
          !named.length &&
          `${countText(asked.length)} of them ${asked.length === 1 ? 'still waits for an answer: deleting cancels it' : 'still wait for answers: deleting cancels them'}.`,
        asked.length &&
          named.length &&
          `Answers are still being written in ${countText(named.length)} of them and awaited in ${countText(asked.length)}: deleting stops them.`
      ].find(Boolean)
  return (
    <Text size="sm" mt="xs" fw={500} data-testid="delete-stops-answers" style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  )
}
