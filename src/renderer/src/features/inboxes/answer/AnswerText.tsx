import { Button, Loader, Text } from '@mantine/core'
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import { markdownBlocks, plainBlocks, previewOf, sizeLabel, type MarkdownBlock as Block } from './long-text'
import { markdownFrame, markdownPreview } from './answer-blocks'
import { GoingToContext, ShowRestContext } from './InAnswerLink'
import { AnswerIdsContext, answerIdPrefix } from './answer-ids'
import { hiddenByPreview } from '../find/find-reveal'
import { NOT_FOUND_ATTRIBUTE } from '../find/find-highlight'

/**
 * A message longer than a screenful shows its start and a "Show all" button, so opening an inbox
 * with a 1 MiB answer renders a few thousand characters, not the whole text. "Show all" adds the
 * rest block by block, one per frame, so the window keeps answering while it grows.
 */
function Progressive({
  text,
  split,
  frame,
  framePreview = frame,
  reveal,
  markdown
}: {
  text: string
  /** Drawn as Markdown: what the find looks for in its preview is the text rendered (hiddenByPreview). */
  markdown: boolean
  split: (text: string) => readonly Block[]
  frame: (content: string | readonly Block[]) => ReactNode
  /** The preview `start` of the whole `text` (its references may be defined past it). */
  framePreview?: (start: string, text: string) => ReactNode
  reveal?: readonly string[]
}) {
  const [all, setAll] = useState(false)
  const preview = useMemo(() => previewOf(text), [text])
  // The find in the conversation went here for words the preview lacks: the whole text is shown, as "Show all" would.
  if (!all && hiddenByPreview(preview, reveal, markdown)) setAll(true)
  const blocks = useMemo(() => (all && preview !== null ? split(text) : []), [all, preview, split, text])
  const [shown, setShown] = useState(1)
  // A footnote's number in the start whose note is in the rest: the whole answer is shown, then its note gone to.
  const [goingTo, setGoingTo] = useState<string | undefined>(undefined)
  const showRest = useCallback((id: string) => {
    setAll(true)
    setGoingTo(id)
  }, [])
  const drawn = shown >= blocks.length
  const going = useMemo(
    () => (goingTo !== undefined && drawn ? { id: goingTo, done: () => setGoingTo(undefined) } : undefined),
    [goingTo, drawn]
  )
  useEffect(() => {
    if (shown >= blocks.length) return
    const t = setTimeout(() => setShown((n) => n + 1), 0)
    return () => clearTimeout(t)
  }, [shown, blocks.length])

  // The parsed Markdown is kept across the list's re-renders (each would parse it again), and
  // while an answer streams past its preview the preview is not parsed again for each delta.
  const start = useMemo(() => (preview === null ? frame(text) : framePreview(preview, text)), [frame, framePreview, preview, text])
  if (preview === null) return start
  if (!all) {
    return (
      <>
        <ShowRestContext.Provider value={showRest}>{start}</ShowRestContext.Provider>
        <Button
          variant="light"
          size="compact-xs"
          mt={6}
          onClick={() => setAll(true)}
          data-testid="show-all"
          // Not the message's text: the find in the conversation neither counts nor marks its words (find-highlight.ts).
          {...{ [NOT_FOUND_ATTRIBUTE]: '' }}
        >
          Show all ({sizeLabel(text.length - preview.length)} more)
        </Button>
      </>
    )
  }
  return (
    <>
      <GoingToContext.Provider value={going}>{frame(blocks.slice(0, shown))}</GoingToContext.Provider>
      {shown < blocks.length && <Loader role="img" size="xs" type="dots" mt={4} aria-label="Showing the rest" />}
    </>
  )
}

// The operator's own text stops at the answers' reading measure (answer-prose.module.css): a long question ran across a wide window.
const plainFrame = (content: string | readonly Block[]) => (
  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: '70ch' }}>
    {typeof content === 'string' ? content : content.map((b, i) => <span key={i}>{b.text}</span>)}
  </Text>
)

const splitMarkdown = (text: string) => markdownBlocks(text)
const splitPlain = (text: string) => plainBlocks(text).map((b) => ({ text: b, markdown: false }))

/**
 * The ids of the places of an answer (its footnotes) start with a prefix of its own (answer-ids.ts): `idKey`, its
 * message's hash; an answer without one (being written) has one of React's.
 */
function AnswerIds({ idKey, children }: { idKey: string | undefined; children: ReactNode }) {
  const own = useId()
  return <AnswerIdsContext.Provider value={answerIdPrefix(idKey ?? own)}>{children}</AnswerIdsContext.Provider>
}

/**
 * An answer's Markdown (models write lists, tables and code). Raw HTML is not rendered and
 * unsafe URLs are dropped (react-markdown's defaults); links open outside the app; images are
 * links, never loaded. `idKey`: its message's hash, which its ids start with (none twice in a conversation).
 */
export function AnswerText({
  text,
  whole = false,
  reveal,
  idKey
}: {
  text: string
  whole?: boolean
  reveal?: readonly string[]
  idKey?: string
}) {
  return (
    <AnswerIds idKey={idKey}>
      {whole ? (
        <WholeAnswerText text={text} />
      ) : (
        <Progressive text={text} markdown split={splitMarkdown} frame={markdownFrame} framePreview={markdownPreview} reveal={reveal} />
      )}
    </AnswerIds>
  )
}

/** Blocks of an answer being written: small, as the last one is parsed again each frame it grows. */
const STREAM_BLOCK_CHARS = 2000

/**
 * An answer as it streams in, whole: the reader follows it as it is written (the preview and
 * "Show all" are for stored answers). Blocks already finished are parsed once; only the last one
 * is parsed again as it grows.
 */
export function StreamingAnswerText({ text, idKey }: { text: string; idKey?: string }) {
  return <AnswerIds idKey={idKey}>{markdownFrame(markdownBlocks(text, STREAM_BLOCK_CHARS))}</AnswerIds>
}

/**
 * A stored answer the operator watched being written: whole and in the same blocks as while it
 * streamed, so the text they are reading neither collapses to the preview nor moves.
 */
function WholeAnswerText({ text }: { text: string }) {
  return useMemo(() => markdownFrame(markdownBlocks(text, STREAM_BLOCK_CHARS)), [text])
}

/** The operator's own text, as typed. */
export function PlainText({ text, reveal }: { text: string; reveal?: readonly string[] }) {
  return <Progressive text={text} markdown={false} split={splitPlain} frame={plainFrame} reveal={reveal} />
}
