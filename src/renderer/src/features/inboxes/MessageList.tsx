import { Alert, Badge, Box, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconFileText } from '@tabler/icons-react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { LastMessage } from '../../../../shared/contract/message'
import { isAnswer, messageRole, replyingAgent } from '../../../../shared/message-role'
import { useClient } from '../../api/client-context'
import { MESSAGE_PAGE } from '../../api/queries'
import { AnswerSourceSchema, type AnswerSource } from '../../../../shared/contract/vector-fs'
import { hrefOf } from '../../app/router'
import { AnswerText, PlainText } from './AnswerText'
import { absoluteTime, relativeTime } from './relative-time'

interface Props {
  readonly inboxId: string
  readonly newest: readonly LastMessage[]
  /** The text of an answer being written now. */
  readonly streaming: string | null
  readonly waiting: boolean
  /** Answers the question again (retry_message): `messageId` is the answer, error note or stopped answer replaced. */
  readonly onRetry: (messageId: string) => void
  readonly onSwitchProvider: () => void
}

/** The conversation, oldest at the top; scrolling to the top loads older messages. */
export function MessageList({ inboxId, newest, streaming, waiting, onRetry, onSwitchProvider }: Props) {
  const client = useClient()
  const [older, setOlder] = useState<LastMessage[]>([])
  const [hasMore, setHasMore] = useState(newest.length >= MESSAGE_PAGE)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const scrollRef = useRef<HTMLDivElement>(null)
  const stick = useRef(true)
  /** Which reply of a question is shown (by question hash); the newest when not picked. */
  const [picked, setPicked] = useState<Record<string, number>>({})
  const messages = [...older, ...newest]

  const loadOlder = async () => {
    const first = messages[0]
    if (!first || loadingOlder || !hasMore) return
    setLoadingOlder(true)
    const el = scrollRef.current
    const fromBottom = el ? el.scrollHeight - el.scrollTop : 0
    try {
      const page = (await client.call('last_messages', {
        body: { inbox_name: inboxId, limit: MESSAGE_PAGE, offset_key: first.node_api_data.node_message_hash }
      })) as LastMessage[]
      setOlder((o) => [...page, ...o])
      setHasMore(page.length === MESSAGE_PAGE)
      requestAnimationFrame(() => {
        if (el) el.scrollTop = el.scrollHeight - fromBottom // keep the reader's place
      })
    } finally {
      setLoadingOlder(false)
    }
  }

  useEffect(() => {
    if (older.length === 0) setHasMore(newest.length >= MESSAGE_PAGE)
  }, [newest.length, older.length])

  // Follow new messages and streamed text while the reader is at the bottom.
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (el && stick.current) el.scrollTop = el.scrollHeight
  }, [newest, streaming, waiting])

  const byHash = new Map(messages.map((m) => [m.node_api_data.node_message_hash, m]))
  // Every reply of each question, oldest first: a retry appends one; the view shows one at a time.
  const replies = new Map<string, LastMessage[]>()
  for (const m of messages) {
    if (!isAnswer(m)) continue
    const list = replies.get(m.job_message.parent)
    if (list) list.push(m)
    else replies.set(m.job_message.parent, [m])
  }
  return (
    <Box
      ref={scrollRef}
      style={{ flex: 1, minHeight: 0, overflow: 'auto' }}
      onScroll={(e) => {
        const el = e.currentTarget
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40
        if (el.scrollTop < 60) void loadOlder()
      }}
      data-testid="message-list"
      aria-label="Messages"
      role="log"
    >
      <Stack gap="sm" p="xs">
        {hasMore && (
          <Center>
            <Button variant="subtle" size="xs" onClick={() => void loadOlder()} loading={loadingOlder}>
              Load older messages
            </Button>
          </Center>
        )}
        {messages.length === 0 && !streaming && (
          <Text c="dimmed" ta="center" mt="xl">
            No messages yet. Write the first one below.
          </Text>
        )}
        {messages.map((m) => {
          const hash = m.node_api_data.node_message_hash
          const siblings = isAnswer(m) ? (replies.get(m.job_message.parent) ?? [m]) : [m]
          const shownAt = Math.min(siblings.length - 1, picked[m.job_message.parent] ?? siblings.length - 1)
          if (isAnswer(m) && siblings[shownAt] !== m) return null
          const nav =
            siblings.length > 1 ? (
              <AnswerNav at={shownAt} count={siblings.length} onPick={(i) => setPicked((p) => ({ ...p, [m.job_message.parent]: i }))} />
            ) : null
          if (messageRole(m) === 'error') {
            const question = byHash.get(m.job_message.parent)
            return (
              <Alert
                key={m.node_api_data.node_message_hash}
                color="red"
                icon={<IconAlertTriangle size={18} />}
                title="The provider did not answer"
                data-testid="message-error"
              >
                <Text size="sm">{m.job_message.content.replace(/^⚠\s*/, '')}</Text>
                <Group mt="xs" gap="xs">
                  {question && (
                    <Button size="xs" variant="light" onClick={() => onRetry(hash)}>
                      Retry
                    </Button>
                  )}
                  {nav}
                  <Button size="xs" variant="subtle" onClick={onSwitchProvider}>
                    Switch provider
                  </Button>
                </Group>
              </Alert>
            )
          }
          if (!isAnswer(m)) return <Bubble key={hash} message={m} />
          const last = siblings.length - 1 === shownAt && m === messages.findLast((x) => isAnswer(x))
          return (
            <Stack key={hash} gap={2}>
              <Bubble message={m} />
              <Group gap="xs">
                {nav}
                {last && !waiting && streaming === null && (
                  <Button size="compact-xs" variant="subtle" onClick={() => onRetry(hash)}>
                    Regenerate
                  </Button>
                )}
              </Group>
            </Stack>
          )
        })}
        {streaming !== null && (
          <Paper p="sm" radius="md" withBorder maw="85%" data-testid="streaming-answer" aria-live="polite">
            <AnswerText text={streaming} />
            <Loader size="xs" type="dots" mt={4} aria-label="Answer in progress" />
          </Paper>
        )}
        {streaming === null && waiting && (
          <Group gap="xs" c="dimmed">
            <Loader size="xs" type="dots" />
            <Text size="sm">Waiting for the provider…</Text>
          </Group>
        )}
      </Stack>
    </Box>
  )
}

/** "‹ 2/3 ›": moves between the replies of one question. */
function AnswerNav({ at, count, onPick }: { at: number; count: number; onPick: (i: number) => void }) {
  return (
    <Group gap={2} data-testid="answer-nav">
      <Button size="compact-xs" variant="subtle" aria-label="Earlier answer" disabled={at === 0} onClick={() => onPick(at - 1)}>
        ‹
      </Button>
      <Text size="xs" c="dimmed">
        {at + 1}/{count}
      </Text>
      <Button size="compact-xs" variant="subtle" aria-label="Later answer" disabled={at === count - 1} onClick={() => onPick(at + 1)}>
        ›
      </Button>
    </Group>
  )
}

function Bubble({ message }: { message: LastMessage }) {
  const fromAgent = isAnswer(message)
  const ts = message.node_api_data.node_timestamp
  return (
    <Paper
      p="sm"
      radius="md"
      withBorder={fromAgent}
      bg={fromAgent ? undefined : 'var(--mantine-primary-color-light)'}
      maw="85%"
      ml={fromAgent ? undefined : 'auto'}
      data-testid={fromAgent ? 'message-answer' : 'message-question'}
    >
      {fromAgent ? <AnswerText text={message.job_message.content} /> : <PlainText text={message.job_message.content} />}
      {fromAgent && <SourceChips sources={sourcesOf(message)} />}
      <Group gap={6} mt={4}>
        <Text size="xs" c="dimmed" title={absoluteTime(ts)}>
          {replyingAgent(message) ?? 'you'} · {relativeTime(ts)}
        </Text>
        {message.job_message.stopped === true && (
          <Badge size="xs" color="gray">
            stopped
          </Badge>
        )}
        {message.job_message.truncated === true && (
          <Badge size="xs" color="orange" title="The answer reached the node's size limit and was cut">
            cut at the size limit
          </Badge>
        )}
      </Group>
    </Paper>
  )
}

/** `job_message.sources` as recorded with an answer; anything malformed is left out rather than shown wrong. */
export function sourcesOf(message: LastMessage): AnswerSource[] {
  const raw = (message.job_message as { sources?: unknown }).sources
  if (!Array.isArray(raw)) return []
  return raw.flatMap((s) => {
    const r = AnswerSourceSchema.safeParse(s)
    return r.success ? [r.data] : []
  })
}

/** Where the answer's passages came from; a library file opens its preview at the passage. */
function SourceChips({ sources }: { sources: readonly AnswerSource[] }) {
  if (sources.length === 0) return null
  // A local document opens nothing: one chip per document, not per passage.
  const shown = sources.filter((s, i) => !s.path.startsWith('local:') || sources.findIndex((o) => o.path === s.path) === i)
  return (
    <Group gap={4} mt={6} aria-label="Sources" role="list">
      {shown.map((s) => {
        const local = s.path.startsWith('local:')
        const label = local ? s.path.slice('local:'.length) : s.name
        return (
          <Badge
            key={`${s.path}#${s.node_id}`}
            role="listitem"
            variant="light"
            tt="none"
            leftSection={<IconFileText size={12} />}
            title={local ? `${label} (a document given with the job)` : `${s.path}, passage ${s.node_id}`}
            data-testid="source-chip"
            {...(local
              ? {}
              : { component: 'a' as const, href: hrefOf({ name: 'files', path: s.path, node: s.node_id }), style: { cursor: 'pointer' } })}
          >
            {label}
          </Badge>
        )
      })}
    </Group>
  )
}
