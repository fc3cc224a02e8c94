import { ActionIcon, Alert, Badge, Box, Button, Group, Loader, Paper, Text, VisuallyHidden } from '@mantine/core'
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconRefresh } from '@tabler/icons-react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { createContext, memo, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react'
import type { LastMessage } from '../../../../shared/contract/message'
import { isAnswer, messageRole, replyingAgent } from '../../../../shared/message-role'
import { sourcesOf } from '../../../../shared/answer-sources'
import { answeringProvider, providerNamer } from '../../../../shared/provider-title'
import { useProviders } from '../../api/queries'
import { leaveReadingPlace, takeReadingPlace } from '../../app/reading-places'
import { cameFrom, hrefOf, useRoute } from '../../app/router'
import { useScrollStop } from '../../app/scroll-stop'
import { keepTabEntryInView, watchTabKey } from '../../app/tab-into-list'
import { useNow } from '../../app/use-now'
import { useSecondsLeft } from '../../app/use-seconds-left'
import { useSecondsSince, waitedText } from '../../app/use-seconds-since'
import type { AnswerPause } from '../../stores/answer-pauses'
import { useStreamedText, useStreaming, useWatched } from '../../stores/streaming'
import { AnswerText, PlainText, StreamingAnswerText } from './answer/AnswerText'
import { CopyAnswer } from './answer/CopyAnswer'
import { awaitedSince, conversationRows, tailIndex, tailKey, type ConversationRow } from './conversation-rows'
import { answerVersions, isBrokenOff } from './answer-versions'
import { errorNoteParts, failedAnswerText } from './error-note'
import { STOPPED_BEFORE_ANY_TEXT, stoppedAnswerText } from './stopped-answer'
import { failureKind, failureRemedies, failureStatus } from './failure-remedies'
import { absoluteTime, relativeTime } from './relative-time'
import { SourceChips } from './answer/SourceChips'
import { dropRetryFocus, retryFocusOwed, takeRetryFocus } from './retry-focus'
import { spokenText } from './answer/spoken-text'
import { FOUND_TEXT_ATTRIBUTE, useFoundMarks } from './find/find-highlight'
import { NOTHING_NOW, useFoundVersion, type FoundNow } from './find/find-reveal'

interface Props {
  readonly inboxId: string
  /** The loaded messages, oldest first, each once. */
  readonly messages: readonly LastMessage[]
  readonly hasOlder: boolean
  readonly loadingOlder: boolean
  readonly onLoadOlder: () => void
  /** An answer is being written now (its text comes from the streaming store). */
  readonly streaming: boolean
  /** The question that answer replies to: a regenerated answer is shown under its own question. */
  readonly streamingFor?: string
  readonly waiting: boolean
  /** The answer waits because the provider asked the node to slow down (shown in the wait's place). */
  readonly pause?: AnswerPause
  /** Questions whose answer is being written or awaited: their Regenerate and Retry are not offered meanwhile. */
  readonly answering?: ReadonlySet<string>
  /** Answer again the question `messageHash` (an answer or error note) replied to. */
  readonly onRetry: (messageHash: string) => void
  readonly onSwitchProvider: () => void
  /** The provider the job answers with now (an error note's actions are about it, not about one it was switched from). */
  readonly jobProvider?: string
  /** How many messages this window has sent here: each one shows the end, where it goes (and its answer follows). */
  readonly sent?: number
  /** The find in the conversation (Ctrl+F): its words, the messages found, and the current one (scrolled to). */
  readonly find?: FoundInList
}

export interface FoundInList {
  readonly words: readonly string[]
  readonly found: ReadonlySet<string>
  readonly current: string | undefined
  /** The steps asked for (use-find.ts): each one scrolls to the current match, the same one again too. */
  readonly steps: number
}

const NOTHING_FOUND: FoundInList = { words: [], found: new Set(), current: undefined, steps: 0 }

/** Whether a row shows the message `hash` (a question, or one of an answer's versions). */
const rowShows = (row: Row, hash: string) =>
  row.kind === 'question'
    ? row.message.node_api_data.node_message_hash === hash
    : row.kind === 'answers' && row.answers.some((m) => m.node_api_data.node_message_hash === hash)

/** The tail row below the messages: the answer being written, or the wait for it. */
type Row = ConversationRow | { readonly kind: 'tail'; readonly key: string }

/** Keys that scroll a list up. */
const SCROLL_UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home'])

/** Pixels from the top at which the next older page is asked for. */
const LOAD_OLDER_AT = 400

/** The job's provider now, for the error notes' actions (rows are memoized: a switch reaches them through this). */
const JobProviderContext = createContext<string | undefined>(undefined)

/** The find's words and current match, for the rows: its answer version shown, its long text shown whole (find-reveal.ts). */
const FindContext = createContext<FoundNow>(NOTHING_NOW)

/**
 * The newest question of the conversation (its hash), for the answers' ‹ n/m ›: an earlier answer picked to read
 * is shown until a question is asked after it, as the model was then given the current answer, never the one read.
 */
const LatestQuestionContext = createContext<LatestQuestion | undefined>(undefined)

interface LatestQuestion {
  readonly hash: string
  readonly time: string
}

/** The error note whose Retry is owed the focus once drawn (retry-focus.ts): its hash, and the conversation's. */
const RetryFocusContext = createContext<{ readonly hash: string; readonly inboxId: string } | undefined>(undefined)

/** The latest failed answer's note that offers Retry (a question it answers), if any. */
function latestFailedNote(rows: readonly ConversationRow[]): LastMessage | undefined {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!
    if (row.kind !== 'answers') continue
    const { failed } = answerVersions(row.answers)
    if (failed?.job_message.parent) return failed
  }
  return undefined
}

/**
 * The conversation, newest at the bottom. Only the rows on screen are rendered (measured as they
 * appear); scrolling up loads older pages, and the virtualizer keeps the reader's place when they
 * are prepended and follows new rows while the reader is at the bottom.
 */
export function MessageList(props: Props) {
  const { words, current } = props.find ?? NOTHING_FOUND
  const findNow = useMemo(() => ({ words, current }), [words, current])
  return (
    <JobProviderContext.Provider value={props.jobProvider}>
      <FindContext.Provider value={findNow}>
        <Rows {...props} />
      </FindContext.Provider>
    </JobProviderContext.Provider>
  )
}

function Rows(props: Props) {
  const { inboxId, messages, hasOlder, loadingOlder, onLoadOlder, streaming, streamingFor, waiting } = props
  const rows = useMemo<Row[]>(() => {
    const r: Row[] = conversationRows(messages)
    if (streaming)
      r.splice(tailIndex(r as ConversationRow[], streamingFor), 0, { kind: 'tail', key: tailKey(r as ConversationRow[], streamingFor) })
    else if (waiting) r.push({ kind: 'tail', key: 'tail' })
    return r
  }, [messages, streaming, streamingFor, waiting])
  const latestQuestion = useMemo(() => {
    const row = rows.findLast((r) => r.kind === 'question')
    return row?.kind === 'question'
      ? { hash: row.message.node_api_data.node_message_hash, time: row.message.node_api_data.node_timestamp }
      : undefined
  }, [rows])
  // The wait shown while an answer is under way (a regenerated one before its first words) is its own, which no stored
  // message dates: counted from when this window began to await it.
  const awaitingSince = useStreaming((s) => s.partial[inboxId]?.since)
  const waitSince = useMemo(() => {
    if (streaming) return awaitingSince
    const at = awaitedSince(messages)
    return at === undefined ? undefined : Date.parse(at)
  }, [messages, streaming, awaitingSince])
  const scrollRef = useRef<HTMLDivElement>(null)
  // Come back from a cited file: the place the reader left, with the rows' sizes as they were measured.
  const [restore] = useState(() => takeReadingPlace(inboxId))
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 96,
    overscan: 8,
    getItemKey: (i) => rows[i]!.key,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: 40,
    initialMeasurementsCache: restore ? [...restore.sizes] : []
  })
  // Back from a provider's settings saved to fix a failed answer: its Retry takes the focus once drawn
  // (ErrorNote); a conversation without one forgets it (its title takes the focus then, InlineName).
  const owedNote = retryFocusOwed(inboxId) ? latestFailedNote(rows as ConversationRow[]) : undefined
  const retryFocus = useMemo(
    () => (owedNote ? { hash: owedNote.node_api_data.node_message_hash, inboxId } : undefined),
    [owedNote, inboxId]
  )
  useLayoutEffect(() => {
    if (retryFocusOwed(inboxId) && !latestFailedNote(rows as ConversationRow[])) dropRetryFocus()
  }, [inboxId, rows])
  // Rows read the callbacks through a ref, so a new callback does not re-render every row.
  const actions = useRef(props)
  actions.current = props

  /** Whether the reader is at the end of the conversation (kept there as it grows, below). */
  const atEnd = useRef(true)
  /** The list's scroll position at its last scroll event (or write here): a smaller one is the reader going up. */
  const lastTop = useRef(0)
  // Where the list last settled: Tab into it from outside keeps this place (see tab-into-list.ts).
  const settledTop = useRef(0)
  // Open at the newest message, or back at the place the reader left for a cited file (when its row is still loaded).
  const opened = useRef(false)
  useLayoutEffect(() => {
    if (opened.current || rows.length === 0) return
    opened.current = true
    const at = restore ? rows.findIndex((r) => r.key === restore.key) : -1
    const start = at >= 0 ? virtualizer.measurementsCache[at]?.start : undefined
    if (restore && start !== undefined) {
      atEnd.current = false
      const top = start + restore.offset
      virtualizer.scrollToOffset(top)
      settledTop.current = top
      lastTop.current = top
      return
    }
    virtualizer.scrollToEnd()
  }, [rows, restore, virtualizer])
  // Left (for a cited file, another page): the place is kept, to be opened at again by "Back to the conversation".
  useLayoutEffect(
    () => () => {
      if (atEnd.current) return leaveReadingPlace(inboxId, undefined)
      const sizes = virtualizer.measurementsCache
      const top = lastTop.current
      const row = sizes.find((m) => m.end > top)
      leaveReadingPlace(inboxId, row && { key: row.key, offset: top - row.start, sizes })
    },
    [inboxId, virtualizer]
  )
  // A message sent while the operator read further up: at the end, the list follows it and its answer in.
  const { sent = 0 } = props
  const sentBefore = useRef(sent)
  useLayoutEffect(() => {
    if (sent === sentBefore.current) return
    sentBefore.current = sent
    atEnd.current = true
    if (rows.length) virtualizer.scrollToEnd()
  }, [sent, rows.length, virtualizer])

  // The reader at the end stays there as the rows at the end grow: the wait for an answer becoming its
  // text, the streamed text replaced by the stored answer or by a provider's error (taller than it).
  // The virtualizer follows rows added at the end, not a last row that grows: the end of the answer,
  // or the error and its Retry, was left below the fold. Each size the virtualizer measures renders
  // the list again, so this runs after every render (a ResizeObserver on the list's content reported
  // too late in the browser's resize pass, and the browser called that an error). Content growing
  // fires no scroll event, so `atEnd` still holds the reader's choice; scrolling up clears it.
  useLayoutEffect(() => {
    const list = scrollRef.current
    if (!list || !atEnd.current || list.scrollHeight - list.scrollTop - list.clientHeight <= 1) return
    list.scrollTop = list.scrollHeight
    settledTop.current = list.scrollTop
    lastTop.current = list.scrollTop
  })

  // The focus in a row that another row of the same question replaces (a regenerated or retried answer
  // stored where its streamed text was shown) goes on to the same control in the new row, rather than to the page.
  const focusIn = useRef<FocusInRow | null>(null)
  useLayoutEffect(() => {
    const was = focusIn.current
    if (!was || was.element.isConnected || (document.activeElement && document.activeElement !== document.body)) return
    const row = [...(scrollRef.current?.querySelectorAll<HTMLElement>('[data-question]') ?? [])].find(
      (r) => r.dataset.question === was.question
    )
    const controls = [...(row?.querySelectorAll<HTMLElement>('button, a[href]') ?? [])]
    const next = controls.find((c) => controlName(c) === was.name) ?? controls.find((c) => controlName(c) === 'Regenerate') ?? controls[0]
    next?.focus({ preventScroll: true })
  }, [rows])

  // The find's current match: its row scrolled to the middle of the list once (the reader may scroll away from
  // it) and as older rows come in above it, and again at each step asked for (Enter on the only match goes back to it, as a browser's find does).
  const find = props.find ?? NOTHING_FOUND
  const scrolledTo = useRef<string | undefined>(undefined)
  const foundNow = find.current
  const findSteps = find.steps
  useLayoutEffect(() => {
    const hash = foundNow
    if (hash === undefined) return void (scrolledTo.current = undefined)
    const at = rows.findIndex((r) => rowShows(r, hash))
    if (at < 0) return
    // Its place in the rows too: older pages the find reads come in above the match, and the scroll made before
    // them did not hold (the row out of view, "1 of 1" shown); it is made again as the match moves down the rows.
    const seek = `${findSteps} ${hash} ${at}`
    if (seek === scrolledTo.current) return
    scrolledTo.current = seek
    atEnd.current = false
    virtualizer.scrollToIndex(at, { align: 'center' })
  }, [foundNow, findSteps, rows, virtualizer])
  useFoundMarks(scrollRef, find.words, find.found, find.current)

  useEffect(() => watchTabKey(window), [])
  // Scrolling with nothing inside for the keyboard to reach, the list is a Tab stop itself.
  const scrollStop = useScrollStop(scrollRef)

  const items = virtualizer.getVirtualItems()
  return (
    <Box
      ref={scrollRef}
      onFocus={(e) => {
        if (keepTabEntryInView(e.currentTarget, e.target, e.relatedTarget, settledTop.current)) return
        const row = (e.target as HTMLElement).closest<HTMLElement>('[data-question]')
        focusIn.current = row ? { element: e.target, question: row.dataset.question!, name: controlName(e.target) } : null
      }}
      onBlur={(e) => {
        // Gone elsewhere in the window; a focused control removed with its row gives no other element.
        if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) focusIn.current = null
        if (e.target === e.currentTarget) scrollStop.recheck()
      }}
      tabIndex={scrollStop.tabIndex}
      style={{ flex: 1, minHeight: 0, overflow: 'auto', overflowAnchor: 'none', position: 'relative' }}
      // The reader's own moves up, seen before the scroll they make (which growth in the same frame can hide).
      onWheel={(e) => {
        if (e.deltaY < 0) atEnd.current = false
      }}
      onKeyDown={(e) => {
        if (SCROLL_UP_KEYS.has(e.key) && !(e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement))
          atEnd.current = false
      }}
      onScroll={(e) => {
        const el = e.currentTarget
        const top = el.scrollTop
        const fromEnd = el.scrollHeight - top - el.clientHeight
        // A step up stops following the end (a position the browser lowered because the content shrank
        // is still the end); reaching the end starts it again. Between the two nothing changes: a small
        // step up and the list's own following in the same frame can add up to a step down.
        if (top < lastTop.current && fromEnd > 1) atEnd.current = false
        else if (fromEnd <= 1) atEnd.current = true
        settledTop.current = top
        lastTop.current = top
        if (el.scrollTop < LOAD_OLDER_AT && hasOlder && !loadingOlder) onLoadOlder()
      }}
      data-testid="message-list"
      aria-label="Messages"
      // A region, not a log: a log is a live region, and the virtual list adds rows as they scroll
      // into view, so older messages were read out as new. A new answer is announced once (below).
      role="region"
    >
      <NewAnswerAnnouncer newest={messages[messages.length - 1]} />
      {loadingOlder && (
        <Loader
          role="img"
          size="xs"
          type="dots"
          aria-label="Loading older messages"
          style={{ position: 'sticky', top: 4, left: '50%', zIndex: 1 }}
        />
      )}
      {rows.length === 0 && (
        <Text c="dimmed" ta="center" mt="xl">
          No messages yet. Write the first one below.
        </Text>
      )}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        <RetryFocusContext.Provider value={retryFocus}>
          <LatestQuestionContext.Provider value={latestQuestion}>
            {items.map((v) => {
              const row = rows[v.index]!
              return (
                <div
                  key={v.key}
                  data-index={v.index}
                  data-question={questionOf(row, streamingFor)}
                  ref={virtualizer.measureElement}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    transform: `translateY(${v.start}px)`,
                    padding: '4px 8px'
                  }}
                >
                  {row.kind === 'tail' ? (
                    <Tail inboxId={inboxId} streaming={streaming} pause={props.pause} waitSince={waitSince} />
                  ) : (
                    <RowView row={row} actions={actions} answering={row.kind === 'answers' && isAnswering(props.answering, row)} />
                  )}
                </div>
              )
            })}
          </LatestQuestionContext.Provider>
        </RetryFocusContext.Provider>
      </div>
    </Box>
  )
}

/** How much of a new answer is read out. */
const ANNOUNCED_CHARS = 200

/**
 * Says a new answer once, when it is stored (the newest message is then an answer it was not): read
 * out by screen readers politely, its start only; an error note as "Answer failed:" and why. Older messages loaded or scrolled into view, and
 * the conversation as first read, are not announced.
 */
function NewAnswerAnnouncer({ newest }: { newest: LastMessage | undefined }) {
  // null: an empty conversation as first read (its first answer is new).
  const hash = newest?.node_api_data.node_message_hash ?? null
  const [seen, setSeen] = useState(hash)
  const [said, setSaid] = useState({ text: '', n: 0 })
  if (hash !== seen) {
    setSeen(hash)
    if (newest && isAnswer(newest)) {
      // An error note (marked by the node with `job_message.error`) is said as the failure it is, with its note.
      const failed = messageRole(newest) === 'error'
      // An answer's Markdown is said as its words (its start only: a 1 MiB answer is not parsed whole for it).
      const text = failed
        ? errorNoteParts(newest.job_message.content).note.replace(/\s+/g, ' ').trim()
        : spokenText(newest.job_message.content.slice(0, ANNOUNCED_CHARS * 4), 'references')
      const start = text.length > ANNOUNCED_CHARS ? `${text.slice(0, ANNOUNCED_CHARS)}…` : text
      // A stopped answer is said as stopped; one stopped before its first word has no start to say (it was "New answer: ").
      const stopped = newest.job_message.stopped === true
      const said = failed
        ? failedAnswerText(start)
        : stopped
          ? start === ''
            ? `${STOPPED_BEFORE_ANY_TEXT}.`
            : stoppedAnswerText(start)
          : `New answer: ${start}`
      setSaid((s) => ({ text: said, n: s.n + 1 }))
    }
  }
  return (
    <VisuallyHidden role="status" data-testid="answer-announcement">
      {/* A new element each time: an answer worded as the last one ("Yes.") is announced too. */}
      <span key={said.n}>{said.text}</span>
    </VisuallyHidden>
  )
}

/** The control holding the focus in a row, and the question the row belongs to. */
interface FocusInRow {
  readonly element: HTMLElement
  readonly question: string
  readonly name: string
}

const controlName = (el: HTMLElement) => el.getAttribute('aria-label') ?? el.textContent ?? ''

/** The question a row's answers (or the answer being written) reply to. */
const questionOf = (row: Row, streamingFor: string | undefined) =>
  row.kind === 'answers' ? row.answers[0]!.job_message.parent || undefined : row.kind === 'tail' ? streamingFor : undefined

type Actions = { readonly current: Pick<Props, 'onRetry' | 'onSwitchProvider'> }

const isAnswering = (answering: ReadonlySet<string> | undefined, row: Extract<ConversationRow, { kind: 'answers' }>) => {
  const parent = row.answers[0]!.job_message.parent
  return !!parent && !!answering?.has(parent)
}

/** Why Regenerate and Retry are not offered while the question's answer is under way. */
const ANSWER_UNDER_WAY = 'A new answer to this question is being written: you can ask again once it is finished.'

/** One question, or the answers to one. Rows are immutable objects, so memo skips unchanged ones. */
const RowView = memo(function RowView({ row, actions, answering }: { row: ConversationRow; actions: Actions; answering: boolean }) {
  if (row.kind === 'question') return <Bubble message={row.message} />
  return <Answers answers={row.answers} actions={actions} answering={answering} />
})

/**
 * Regenerate or Retry while the question's answer is under way: shown, but greyed and not acting,
 * with the reason as its tooltip and description (a disabled button would get no hover to show it).
 */
const askAgainProps = (answering: boolean, ask: () => void, label: string) =>
  answering
    ? {
        'aria-disabled': true,
        'data-disabled': true,
        title: ANSWER_UNDER_WAY,
        onClick: (e: { preventDefault(): void }) => e.preventDefault()
      }
    : { title: label, onClick: ask }

/**
 * The answers to a question: the current one, with ‹ n/m › to read the others, and under it the note
 * of the latest attempt when that one failed (alone when no answer came yet). Error notes are not
 * answers (answer-versions.ts): one with nothing received that a later attempt replaced is not shown,
 * and one that broke off part way is read among the versions, marked as broken off.
 */
function Answers({ answers, actions, answering }: { answers: readonly LastMessage[]; actions: Actions; answering: boolean }) {
  const { versions, current, failed, failedInARow } = answerVersions(answers)
  if (versions.length === 0) return <ErrorNote note={failed!} tries={failedInARow} actions={actions} answering={answering} />
  return (
    <>
      <Versions versions={versions} current={current} actions={actions} answering={answering} />
      {failed && (
        <Box mt="xs">
          <ErrorNote note={failed} tries={failedInARow} actions={actions} answering={answering} />
        </Box>
      )}
    </>
  )
}

/** How a version that did not finish is said after its place among the answers. */
const versionNote = (m: LastMessage) => (isBrokenOff(m) ? ', broken off' : m.job_message.stopped === true ? ', stopped' : '')

/** The current one of a question's answers, with ‹ n/m › to read the others. */
function Versions({
  versions,
  current,
  actions,
  answering
}: {
  versions: readonly LastMessage[]
  current: number
  actions: Actions
  answering: boolean
}) {
  // A pick holds while the count is the one it was made at: a new answer is shown when it arrives. And while no
  // question is asked after it: the model was given the current answer with that question, and the conversation
  // shown is the one it had (an earlier answer left shown above the question read as what it was asked after).
  // Picked where no question was loaded yet (the newest page all answers of one question), a question read in above
  // it later is older than its answers, and changes nothing either.
  const latest = useContext(LatestQuestionContext)
  const asked = latest?.hash
  const [picked, setPicked] = useState<{ readonly at: number; readonly of: number; readonly asked: string | undefined } | null>(null)
  const holds =
    picked !== null &&
    picked.of === versions.length &&
    (picked.asked === asked || (picked.asked === undefined && latest !== undefined && latest.time < newestTime(versions)))
  const index = holds ? picked.at : current
  // Gone to by the find (Ctrl+F), a version not shown is shown, as its arrows would: its words are marked there.
  const foundAt = useFoundVersion(versions, useContext(FindContext).current)
  if (foundAt !== undefined && foundAt !== index) setPicked({ at: foundAt, of: versions.length, asked })
  const shown = versions[index]!
  const hash = shown.node_api_data.node_message_hash
  const earlier = useRef<HTMLButtonElement>(null)
  const later = useRef<HTMLButtonElement>(null)
  // At either end its button is disabled, which drops the focus to the page: it goes to the other
  // one, once that is enabled (it was disabled at the other end).
  const focusNext = useRef<RefObject<HTMLButtonElement | null> | null>(null)
  const pick = (at: number) => {
    setPicked({ at, of: versions.length, asked })
    if (at === 0 && earlier.current === document.activeElement) focusNext.current = later
    else if (at === versions.length - 1 && later.current === document.activeElement) focusNext.current = earlier
  }
  useLayoutEffect(() => {
    focusNext.current?.current?.focus()
    focusNext.current = null
  })
  // An answer the operator watched being written stays whole (the preview is for answers read from history).
  const whole = useWatched({ inbox: shown.inbox, hash, parent: shown.job_message.parent })
  // What a pick shows, said to a screen reader: the focus stays on the arrow while the answer beside it
  // changes, and nothing else tells it that "1/2" changed. Nothing is said until a pick (nor once a new answer undid it).
  const picking = holds
  const pickedText = picking ? `Answer ${index + 1} of ${versions.length}${versionNote(shown)}` : ''
  return (
    <Bubble message={shown} whole={whole}>
      {versions.length > 1 && (
        <Group gap={2} wrap="nowrap" data-testid="answer-nav">
          <VisuallyHidden role="status" data-testid="answer-version-announcement">
            <span key={picking ? index : -1}>{pickedText}</span>
          </VisuallyHidden>
          <ActionIcon
            size="sm"
            variant="subtle"
            ref={earlier}
            aria-label="Earlier answer"
            disabled={index === 0}
            onClick={() => pick(index - 1)}
          >
            <IconChevronLeft size="0.875rem" />
          </ActionIcon>
          <Text size="xs" c="dimmed" data-testid="answer-position">
            {index + 1}/{versions.length}
          </Text>
          <ActionIcon
            size="sm"
            variant="subtle"
            ref={later}
            aria-label="Later answer"
            disabled={index === versions.length - 1}
            onClick={() => pick(index + 1)}
          >
            <IconChevronRight size="0.875rem" />
          </ActionIcon>
        </Group>
      )}
      {shown.job_message.parent && (
        <ActionIcon
          size="sm"
          variant="subtle"
          aria-label="Regenerate"
          {...askAgainProps(answering, () => actions.current.onRetry(hash), 'Regenerate')}
        >
          <IconRefresh size="0.875rem" />
        </ActionIcon>
      )}
      {answerTextOf(shown) !== '' && <CopyAnswer text={answerTextOf(shown)} />}
    </Bubble>
  )
}

/**
 * A failed attempt's note, with Retry; the part of the answer received before it broke off stays readable above it.
 * `tries`: attempts in a row that failed; past one it is said, so a Retry that failed again does not look like nothing happened.
 */
function ErrorNote({
  note: message,
  tries,
  actions,
  answering
}: {
  note: LastMessage
  tries: number
  actions: Actions
  answering: boolean
}) {
  const hash = message.node_api_data.node_message_hash
  const whole = useWatched({ inbox: message.inbox, hash, parent: message.job_message.parent })
  const { received, note } = errorNoteParts(message.job_message.content)
  const providers = useProviders().data
  const route = useRoute()
  const agent = replyingAgent(message)
  // The provider behind the note's sender (its agent may be named otherwise than its id).
  const failedProvider = agent !== undefined && providers ? answeringProvider(providers)(agent) : agent
  const error = message.job_message.error
  // The Retry owed the focus (back from the provider's settings) takes it as this note is drawn.
  const retry = useRef<HTMLButtonElement>(null)
  const retryFocus = useContext(RetryFocusContext)
  const owed = retryFocus?.hash === hash ? retryFocus.inboxId : undefined
  useLayoutEffect(() => {
    if (owed !== undefined) takeRetryFocus(owed, retry.current)
  }, [owed])
  const remedies = failureRemedies(
    error,
    failedProvider,
    providers?.map((p) => p.id),
    useContext(JobProviderContext)
  )
  const alert = (
    <Alert
      color="red"
      icon={<IconAlertTriangle size="1.125rem" />}
      title={received ? 'The answer broke off' : 'The provider did not answer'}
      data-testid="message-error"
      mt={received ? 'xs' : undefined}
    >
      {/* The note is the failed attempt's stored text: a find in the conversation marks its words here (find-highlight.ts). */}
      <Text size="sm" {...{ [FOUND_TEXT_ATTRIBUTE]: hash }}>
        {note}
      </Text>
      {tries > 1 && (
        <Text size="xs" mt={4} data-testid="failed-tries">
          {tries} attempts in a row have failed.
        </Text>
      )}
      <Group mt="xs" gap="xs">
        {message.job_message.parent && (
          <Button ref={retry} size="xs" variant="light" {...askAgainProps(answering, () => actions.current.onRetry(hash), 'Retry')}>
            Retry
          </Button>
        )}
        {/* What fits the failure (failure-remedies): its settings when they are what failed, another provider when there is one, a new one when the job has none that works. */}
        {remedies.settingsOf !== undefined && (
          <Button
            size="xs"
            variant="subtle"
            component="a"
            href={hrefOf({
              name: 'edit-provider',
              providerId: remedies.settingsOf,
              // Opened at the step holding what failed; saving comes back here, where Retry is.
              fix: failureKind(error),
              status: failureStatus(error),
              ...cameFrom(message.inbox, route)
            })}
          >
            Open the provider’s settings
          </Button>
        )}
        {remedies.switchProvider && (
          <Button size="xs" variant="subtle" onClick={() => actions.current.onSwitchProvider()}>
            Switch provider
          </Button>
        )}
        {remedies.addProvider && (
          <Button size="xs" variant="subtle" component="a" href={hrefOf({ name: 'new-provider' })}>
            Add a provider
          </Button>
        )}
        {received && <CopyAnswer text={received} />}
      </Group>
    </Alert>
  )
  if (!received) return alert
  // The part the operator watched stream in stays readable as the answer it was, above the note.
  return (
    <Paper p="sm" radius="md" withBorder maw="85%" data-testid="message-broken-off" data-hash={hash}>
      <div {...{ [FOUND_TEXT_ATTRIBUTE]: hash }}>
        <AnswerText text={received} whole={whole} idKey={hash} />
      </div>
      <SourceChips sources={sourcesOf(message)} />
      {alert}
    </Paper>
  )
}

/**
 * The answer being written: only this row follows the stream, so deltas do not re-render the list.
 * `waitSince`: when the wait for the answer began, in ms since the epoch (see awaitedSince).
 */
function Tail({ inboxId, streaming, pause, waitSince }: { inboxId: string; streaming: boolean; pause?: AnswerPause; waitSince?: number }) {
  const text = useStreamedText(inboxId)
  const late = useStreaming((s) => s.partial[inboxId]?.late === true)
  // Begun before this window followed it (a reload): its text here would lack its start and read as the
  // whole answer. The node offers no way to read the part written before, so it shows once it is stored.
  if (streaming && late) {
    return (
      <Paper p="sm" radius="md" withBorder maw="85%" data-testid="answer-in-progress" role="status">
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" type="dots" />
          <Text size="sm">An answer is being written.</Text>
        </Group>
        <Text size="sm" c="dimmed" mt={4}>
          It began before this window was connected, so its start is not here to show: the whole answer appears when it is finished.
        </Text>
      </Paper>
    )
  }
  // Before its first words (a regenerated answer is awaited from the click) the wait is shown.
  if (streaming && text) {
    return (
      // Not a live region: its text changes with every chunk. The answer is announced once stored.
      // As wide as its text, as the stored answer will be: the card does not jump when the answer is finished.
      <Paper p="sm" radius="md" withBorder maw="85%" w="fit-content" data-testid="streaming-answer" aria-busy>
        <StreamingAnswerText text={text} />
        <Loader role="img" size="xs" type="dots" mt={4} aria-label="Answer in progress" />
      </Paper>
    )
  }
  if (pause) return <PauseNotice until={pause.until} reason={pause.reason} />
  return <WaitingForProvider since={waitSince} />
}

/** From this long, the wait says how long it has been. */
const SAY_WAIT_FROM_S = 10
/** From this long, it says why it may go on and how to end it. */
const EXPLAIN_WAIT_FROM_S = 60

/**
 * Before the provider's first words. A provider that hung (or a model loading for minutes) showed
 * the same three dots for two minutes and more, nothing saying how long or what to do. `since`: when
 * the wait began (milliseconds since the epoch), so that the conversation shown again (another one
 * opened and back, a reload) goes on counting; when it is not known, from when this is shown.
 */
function WaitingForProvider({ since }: { since?: number }) {
  const waited = useSecondsSince(since)
  return (
    <div>
      <Group gap="xs" c="dimmed">
        <Loader size="xs" type="dots" />
        <Text size="sm">Waiting for the provider…</Text>
        {waited >= SAY_WAIT_FROM_S && (
          <Text size="sm" data-testid="waited">
            {waitedText(waited)}
          </Text>
        )}
      </Group>
      {waited >= EXPLAIN_WAIT_FROM_S && (
        <Text size="xs" c="dimmed" mt={4} data-testid="long-wait">
          A model being loaded, or a busy server, can take a few minutes to begin. Stop, under the message box (or Esc in it), ends the
          wait.
        </Text>
      )}
    </div>
  )
}

/**
 * The provider answered 429, or this machine failed the call or could not store the answer: the node
 * waits before calling it again (Stop, beside the composer, still works). Once the wait is over the
 * node is asking again: the answer is awaited as any other (a provider that does not stream, or is
 * slow to its first words, kept "trying again now…" on screen while it was already answering).
 */
function PauseNotice({ until, reason }: { until: number; reason: AnswerPause['reason'] }) {
  const left = useSecondsLeft(until)
  // The node asked again when the pause ended: the wait for the first words began then.
  if (left === 0) return <WaitingForProvider since={until} />
  const why =
    reason === 'rate_limit'
      ? 'The provider asked to wait (rate limit)'
      : 'This computer could not complete the answer (resources or disk space)'
  return (
    <Group gap="xs" c="dimmed" data-testid="answer-paused" role="status">
      <Loader size="xs" type="dots" />
      <Text size="sm">
        {why}; trying again in {left} s
      </Text>
    </Group>
  )
}

/**
 * A reply's own text: an attempt that broke off (a version once a later one replaced it) is the part
 * received, without the note saying why (shown apart).
 */
const answerTextOf = (m: LastMessage) =>
  messageRole(m) === 'error' ? errorNoteParts(m.job_message.content).received : m.job_message.content

function Bubble({ message, whole, children }: { message: LastMessage; whole?: boolean; children?: React.ReactNode }) {
  const fromAgent = isAnswer(message)
  // An attempt that broke off, read as one of the answer's versions: the part received, marked, and why it ended.
  const brokeOff = fromAgent && messageRole(message) === 'error'
  const text = answerTextOf(message)
  const ts = message.node_api_data.node_timestamp
  // The find's current match: the words it looks for, shown should the preview of a long text hide them.
  const find = useContext(FindContext)
  const reveal = find.current === message.node_api_data.node_message_hash ? find.words : undefined
  return (
    <Paper
      p="sm"
      radius="md"
      withBorder={fromAgent}
      bg={fromAgent ? undefined : 'var(--mantine-primary-color-light)'}
      maw="85%"
      // The operator's own message is as wide as its text, at the right: a short question drawn across
      // the conversation read as a banner, not as one side of it. An answer is as wide as its text too
      // (its prose stops at the reading measure, which left a blank third of the card in a wide window);
      // a long code line or a wide table widens it to the 85%.
      w="fit-content"
      ml={fromAgent ? undefined : 'auto'}
      data-testid={fromAgent ? 'message-answer' : 'message-question'}
      data-hash={message.node_api_data.node_message_hash}
    >
      {fromAgent && message.job_message.content === '' && message.job_message.stopped === true ? (
        <Text size="sm" c="dimmed" fs="italic">
          Stopped before the provider wrote anything.
        </Text>
      ) : (
        // The text a find in the conversation marks (find-highlight.ts): the message's own, not its sender or time.
        <div {...{ [FOUND_TEXT_ATTRIBUTE]: message.node_api_data.node_message_hash }}>
          {fromAgent ? (
            <AnswerText text={text} whole={whole} reveal={reveal} idKey={message.node_api_data.node_message_hash} />
          ) : (
            <PlainText text={message.job_message.content} reveal={reveal} />
          )}
        </div>
      )}
      {brokeOff && (
        <Text
          size="xs"
          c="dimmed"
          mt={4}
          data-testid="broken-off-note"
          {...{ [FOUND_TEXT_ATTRIBUTE]: message.node_api_data.node_message_hash }}
        >
          {errorNoteParts(message.job_message.content).note}
        </Text>
      )}
      {/* A reply with no text (stopped before its first word) drew on nothing, whatever passages were chosen for it. */}
      {fromAgent && text !== '' && <SourceChips sources={sourcesOf(message)} />}
      <Group gap={6} mt={4}>
        <Text size="xs" c="dimmed" title={absoluteTime(ts)}>
          <Sender message={message} /> · <RelativeTime iso={ts} />
        </Text>
        {message.job_message.stopped === true && (
          <Badge size="xs" color="gray">
            stopped
          </Badge>
        )}
        {brokeOff && (
          <Badge size="xs" color="red" variant="light" data-testid="broken-off-marker">
            broke off
          </Badge>
        )}
        {message.job_message.truncated === true && (
          <Badge size="xs" color="orange" variant="light" title="The answer reached the node's size limit and was cut">
            cut at the size limit
          </Badge>
        )}
        {children}
      </Group>
    </Paper>
  )
}

/**
 * Who wrote the message: "you", or the provider as the operator named it (its display name), its id
 * when it has none or was removed. The id stays at hand on hover: two providers may share a name.
 */
function Sender({ message }: { message: LastMessage }) {
  const agent = replyingAgent(message)
  const providers = useProviders()
  // Two providers with one display name are told apart by their ids, as in the exports.
  const naming = useMemo(() => {
    const list = providers.data ?? []
    return { nameOf: providerNamer(list), idOf: answeringProvider(list) }
  }, [providers.data])
  if (agent === undefined) return <>you</>
  const id = naming.idOf(agent)
  const title = naming.nameOf(id)
  return (
    <span data-testid="message-sender" title={title === id ? undefined : `Provider id: ${id}`}>
      {title}
    </span>
  )
}

/** A message's time from now, kept current while it is shown. */
function RelativeTime({ iso }: { iso: string }) {
  return <>{relativeTime(iso, useNow())}</>
}

/** When the newest of an answer's versions was stored (ISO times compare as strings). */
function newestTime(versions: readonly LastMessage[]): string {
  let newest = ''
  for (const v of versions) if (v.node_api_data.node_timestamp > newest) newest = v.node_api_data.node_timestamp
  return newest
}
