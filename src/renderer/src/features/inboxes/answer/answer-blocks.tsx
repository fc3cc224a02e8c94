import { Anchor, Text, Typography } from '@mantine/core'
import type { Root } from 'mdast'
import { cloneElement, createContext, isValidElement, memo, useContext, type ComponentPropsWithoutRef, type ReactNode } from 'react'
import Markdown, { type Components, type ExtraProps } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import type { Plugin, PluggableList } from 'unified'
import { answerReferences, knownReferences, type AnswerReferences } from './answer-references'
import { idOptions, useAnswerIdPrefix } from './answer-ids'
import { answerNotes, blockOptions, footnotesTree, onlyFootnotes, type BlockNotes, type FooterNotes } from './answer-footnotes'
import { fencedCode, markdownBlocks, type MarkdownBlock as Block } from './long-text'
import { CodeBlock, fenceLanguage } from './CodeBlock'
import { FootnotesSection, InAnswerLink } from './InAnswerLink'
import { hasTaskItem } from './list-continuation'
import { NOT_FOUND_ATTRIBUTE } from '../find/find-highlight'
import prose from './answer-prose.module.css'
import classes from './answer-table.module.css'

/*
 * An answer's Markdown drawn in blocks (long-text.ts, markdownBlocks): each block parsed once and kept (memo), a
 * table, code block or loose list that goes on past its block drawn on in the blocks after, the answer's footnotes
 * and definitions of links known to every block. AnswerText.tsx frames these for a stored or streaming answer.
 */

/*
 * The same components on every render: a new object (and new functions) per render made each of them a new kind of
 * element to React, so every token of an answer being written unmounted and drew again its code blocks, tables and
 * links: a code block focused with Tab lost its focus and its sideways scroll, a Copy its "Copied".
 */
const components: Components = {
  // The answer's headings sit under the conversation's title (h2): a "# Title" of the model's was an h1 as
  // large as that title and a second h1 of the page beside the app's own, so screen readers' outline lost
  // its shape. Each level is moved down two, h4-h6 ending as h6, each of those still drawn as its own level.
  h1: 'h3',
  // An h2 with a class is no heading of the answer's (its Markdown has no classes): the footnotes section's "Footnotes",
  // which remark-rehype writes for screen readers only, as GitHub does (class sr-only). It showed as a large heading;
  // it is hidden from sight (answer-prose.module.css), and the find neither counts nor marks it (spoken-text.ts). An h3,
  // a part of the answer as its "# Title" is: as an h4 it came right under the conversation's title (h2) in an answer
  // without headings, a level skipped (axe's heading-order).
  h2: ({ className, id, children }) =>
    className ? (
      <h3 className={className} id={id} {...{ [NOT_FOUND_ATTRIBUTE]: '' }}>
        {children}
      </h3>
    ) : (
      <h4>{children}</h4>
    ),
  h3: 'h5',
  h4: 'h6',
  h5: ({ children }) => <h6 className={prose.depth5}>{children}</h6>,
  h6: ({ children }) => <h6 className={prose.depth6}>{children}</h6>,
  // An address react-markdown refuses (javascript:, data:, vbscript:) comes as an empty href: a link to
  // nowhere that still looked like one. Its words are shown as text, saying why they are not a link.
  a: ({ href, id, children, 'aria-describedby': describedBy, 'aria-label': label }) =>
    href?.startsWith('#') ? (
      // With its id: a footnote's number is where its note goes back to; described by the notes' heading "Footnotes";
      // a note's ↩ named "Back to reference 1" (it was read as its arrow).
      <InAnswerLink href={href} id={id} aria-describedby={describedBy} aria-label={label}>
        {children}
      </InAnswerLink>
    ) : href ? (
      // `inherit`: an Anchor is 16 px (Mantine's md) on its own, larger than the 14 px words around it.
      <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
        {children}
      </Anchor>
    ) : (
      <span title="Not a link: its address is not one the app opens" data-testid="answer-dead-link">
        {children}
      </span>
    ),
  // The notes' section: a footnote's number in a long answer's start goes to its note once the whole answer is drawn.
  section: ({ node: _, ...props }) => <FootnotesSection {...props} />,
  pre: ({ node, children }) => <AnswerCode node={node}>{children}</AnswerCode>,
  // A wide table scrolls sideways in its own box, as a code block does: it ran out of the answer, its
  // cells broken a letter or two a line (the answer's text breaks anywhere, so long words do not run out).
  table: ({ node, children }) => <AnswerTable node={node}>{children}</AnswerTable>,
  ul: ({ node, ...props }) => <AnswerList node={node} tag="ul" {...props} />,
  ol: ({ node, ...props }) => <AnswerList node={node} tag="ol" {...props} />,
  blockquote: ({ node, children }) => <AnswerQuote node={node}>{children}</AnswerQuote>,
  // Loading an answer's image would send a request its writer chose (to any address, or to
  // the node itself with the operator's session): it is shown as a link, opened on a click.
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <Anchor href={src} target="_blank" rel="noopener noreferrer" inherit data-testid="answer-image-link">
        {`Image: ${alt || src}`}
      </Anchor>
    ) : (
      <>{alt}</>
    )
}

/**
 * The rows of a table or the lines of a code block cut into blocks (long-text.ts, markdownBlocks), for the table
 * or code block their first block ends with: `after`, where that block's last line starts (it ends past it); or,
 * for lines with a `hole`, the code block holding that offset of `text`, the block's text.
 */
const MoreRowsContext = createContext<{ readonly after: number; readonly rows: readonly Block[]; readonly text: string } | undefined>(
  undefined
)

/** The blocks that go on in the element `node` (of a block's Markdown), and the text of the block it is in. */
function useContinued(node: ExtraProps['node']): { rows: readonly Block[]; text: string } {
  const more = useContext(MoreRowsContext)
  const at = node?.position
  if (more === undefined || at?.start.offset === undefined || at.end.offset === undefined) return { rows: [], text: '' }
  const [from, to] = [at.start.offset, at.end.offset]
  // The code block holding the hole ends with the line before it, or past it.
  const holds = (hole: number) => from < hole && to > more.text.lastIndexOf('\n', hole - 2)
  const rows = more.rows.filter((b) => (b.hole === undefined ? to > more.after : holds(b.hole)))
  return { rows, text: more.text }
}

function AnswerTable({ node, children }: { node: ExtraProps['node']; children?: ReactNode }) {
  const more = useContinued(node).rows
  const notes = useContext(NotesContext)
  const references = useContext(ReferencesContext)
  return (
    <div className={classes.tableScroll} tabIndex={0} role="region" aria-label="Table">
      <table>
        {children}
        {more.map(
          (b, i) => b.head !== undefined && <MoreRows key={i} head={b.head} text={b.text} notes={notes?.get(b)} references={references} />
        )}
      </table>
    </div>
  )
}

/**
 * A code block; a long one being written goes on in the blocks after its first (their lines in the same code
 * element, each drawn once), so a line added to a 2,000-line file does not parse and draw the whole file again.
 */
function AnswerCode({ node, children }: { node: ExtraProps['node']; children?: ReactNode }) {
  const continued = useContinued(node)
  const more = continued.rows.filter((b) => b.fence !== undefined)
  const code = node?.children[0]
  const className = code?.type === 'element' && code.tagName === 'code' ? code.properties.className : undefined
  if (more.length === 0 || !isValidElement<{ children?: ReactNode }>(children)) {
    return <CodeBlock language={fenceLanguage(Array.isArray(className) ? className.join(' ') : className)}>{children}</CodeBlock>
  }
  const own = children.props.children
  const hole = more[0]!.hole
  const { first, after } =
    hole === undefined
      ? cutCode(own, continued.text)
      : holeCode(own, continued.text, node?.position?.start.offset ?? 0, hole, more[0]!.fence!)
  return (
    <CodeBlock language={fenceLanguage(Array.isArray(className) ? className.join(' ') : className)}>
      {cloneElement(
        children,
        undefined,
        first,
        ...more.map((b, i) => <MoreCode key={i} open={b.fence!} text={b.text} last={i === more.length - 1 && after === ''} />),
        after
      )}
    </CodeBlock>
  )
}

/**
 * The code of a block cut in a fence at the line's start, whose text is `text`: with its last line break as the
 * text has it (a CRLF's too), as the code parsed whole.
 */
function cutCode(own: ReactNode, text: string): { first: ReactNode; after: string } {
  const first = typeof own === 'string' && text.endsWith('\r\n') ? own.replace(/\n$/, '\r\n') : own
  return { first, after: '' }
}

/**
 * The code of a block whose fence in a list item or block quote has lines taken out at `hole` (the code from
 * `from`, opened by `open`): its lines before the hole as the code parsed whole has them, and after the lines
 * taken out, what the block's blank lines at the code's end added to it (the parser keeps or drops those as it
 * would in the whole text, whose end they are too).
 */
function holeCode(own: ReactNode, text: string, from: number, hole: number, open: string): { first: ReactNode; after: string } {
  const lines = fencedCode(open, text.slice(text.indexOf('\n', from) + 1, hole), false)
  const joined = lines.replace(/\r?\n$/, '')
  if (typeof own !== 'string' || !own.startsWith(joined)) return { first: own, after: '' }
  const rest = own.slice(joined.length)
  return { first: lines, after: rest === '\n' ? '' : rest.slice(lines.length - joined.length) }
}

/** Lines of code already written are drawn once: only the last block of a long code block is drawn again as it grows. */
const MoreCode = memo(function MoreCode({ open, text, last }: { open: string; text: string; last: boolean }) {
  return fencedCode(open, text, last)
})

/**
 * The items of a loose list cut into blocks (long-text.ts, markdownBlocks), for the list their first block ends with:
 * `at`, where that list starts in the block's text.
 */
const MoreItemsContext = createContext<{ readonly at: number; readonly items: readonly Drawn[]; readonly quote: boolean } | undefined>(
  undefined
)

/**
 * A list; a long loose one being written goes on in the blocks after its first (their items in the same list element,
 * each block parsed once), so its items stay one list, numbered on, as the whole text parsed at once draws them.
 */
function AnswerList({
  node,
  tag: Tag,
  children,
  ...props
}: { node: ExtraProps['node']; tag: 'ul' | 'ol'; children?: ReactNode } & ComponentPropsWithoutRef<'ol'>) {
  const more = useContext(MoreItemsContext)
  const notes = useContext(NotesContext)
  const references = useContext(ReferencesContext)
  const items = more !== undefined && !more.quote && node?.position?.start.offset === more.at ? more.items : []
  // A list with a task item anywhere is a task list (as its first block's items may have none).
  const tasks = props.className === undefined && items.some((d) => hasTaskItem(d.block.text))
  return (
    <Tag {...props} {...(tasks && { className: 'contains-task-list' })}>
      {children}
      {items.map((d) => (
        <MoreItems key={d.at} text={d.block.text} rows={d.rows} notes={notes?.get(d.block)} references={references} />
      ))}
    </Tag>
  )
}

/**
 * A block quote; a long one being written goes on in the blocks after its first (their lines in the same quote element,
 * each block parsed once), as the whole text parsed at once draws it.
 */
function AnswerQuote({ node, children }: { node: ExtraProps['node']; children?: ReactNode }) {
  const more = useContext(MoreItemsContext)
  const notes = useContext(NotesContext)
  const references = useContext(ReferencesContext)
  const items = more !== undefined && more.quote && node?.position?.start.offset === more.at ? more.items : []
  return (
    <blockquote>
      {children}
      {items.map((d) => (
        <MoreItems key={d.at} text={d.block.text} rows={d.rows} notes={notes?.get(d.block)} references={references} quote />
      ))}
    </blockquote>
  )
}

/**
 * The quote a block of its lines begins with, as its content alone (the line break before its first dropped): the
 * quote starting at the block's first `>`, which may be up to 3 spaces in (` >p` was drawn as a quote in the quote).
 * One set of components for each of those 4 places, the same on every render.
 */
const quoteOnly: readonly Components[] = [0, 1, 2, 3].map((at) => ({
  ...components,
  blockquote: ({ node, children }) =>
    node?.position?.start.offset === at ? (
      // A quote of a definition alone has the line break alone (not in an array): it was drawn, as a whole parse does not.
      <>{children === '\n' ? null : Array.isArray(children) && children[0] === '\n' ? children.slice(1) : children}</>
    ) : (
      <AnswerQuote node={node}>{children}</AnswerQuote>
    )
}))

/** A block's list starting at `at` drawn loose (its items' words in paragraphs), as the whole list it is part of is. */
const spreadAt: Plugin<[number], Root> = (at) => (tree) => {
  for (const n of tree.children) if (n.type === 'list' && n.position?.start.offset === at) n.spread = true
}

/** The list a block of items begins with, as its items alone (the line break before its first dropped: one is drawn before). */
const itemsOf = ({ node, children, ...props }: ExtraProps & { children?: ReactNode }, tag: 'ul' | 'ol') =>
  node?.position?.start.offset === 0 ? (
    <>{Array.isArray(children) && children[0] === '\n' ? children.slice(1) : children}</>
  ) : (
    <AnswerList node={node} tag={tag} {...props}>
      {children}
    </AnswerList>
  )
const itemsOnly: Components = { ...components, ul: (p) => itemsOf(p, 'ul'), ol: (p) => itemsOf(p, 'ol') }
const itemPlugins: PluggableList = [remarkGfm, [spreadAt, 0]]

/** Items already written are parsed once: only the last block of a long list is parsed again as it grows. */
const MoreItems = memo(
  function MoreItems({
    text,
    rows,
    notes,
    references,
    quote = false
  }: {
    text: string
    rows: readonly Block[]
    notes: BlockNotes | undefined
    references: AnswerReferences | undefined
    /** Lines of a block quote, not items of a list. */
    quote?: boolean
  }) {
    const prefix = useAnswerIdPrefix()
    // Its own rows of code (a long fence in one of its items), and no items of another block's list.
    return (
      <MoreRowsContext.Provider value={rows.length ? { after: text.lastIndexOf('\n', text.length - 2), rows, text } : undefined}>
        <MoreItemsContext.Provider value={undefined}>
          <Markdown
            {...noted(prefix, quote ? plugins : itemPlugins, notes, references)}
            components={quote ? quoteOnly[/^ */.exec(text)![0].length] : itemsOnly}
          >
            {text}
          </Markdown>
        </MoreItemsContext.Provider>
      </MoreRowsContext.Provider>
    )
  },
  (a, b) =>
    a.text === b.text &&
    a.quote === b.quote &&
    a.notes?.key === b.notes?.key &&
    a.references?.key === b.references?.key &&
    a.rows.length === b.rows.length &&
    a.rows.every((r, i) => r.text === b.rows[i]!.text)
)

/** A table's rows alone (their own tbody), for the table begun in the block before. */
const rowsOnly: Components = { ...components, table: ({ children }) => <>{children}</>, thead: () => null }

/** Rows already written are parsed once: only the last block of a long table is parsed again as it grows. */
const MoreRows = memo(
  function MoreRows({
    head,
    text,
    notes,
    references
  }: {
    head: string
    text: string
    notes: BlockNotes | undefined
    references: AnswerReferences | undefined
  }) {
    const prefix = useAnswerIdPrefix()
    return (
      <Markdown {...noted(prefix, plugins, notes, references)} components={rowsOnly}>
        {head + text}
      </Markdown>
    )
  },
  (a, b) => a.head === b.head && a.text === b.text && a.notes?.key === b.notes?.key && a.references?.key === b.references?.key
)

const plugins: PluggableList = [remarkGfm]

/**
 * A block's plugins and options: its ids starting with the answer's `prefix` (answer-ids.ts), with the answer's
 * footnotes (answer-footnotes.ts) and definitions of links (answer-references.ts) when it has any.
 */
function noted(prefix: string, remarkPlugins: PluggableList, notes: BlockNotes | undefined, references?: AnswerReferences) {
  const plugins: PluggableList = references === undefined ? remarkPlugins : [...remarkPlugins, [knownReferences, references]]
  const ids = idOptions(prefix)
  if (notes === undefined)
    return { remarkPlugins: plugins, remarkRehypeOptions: { clobberPrefix: ids.clobberPrefix }, rehypePlugins: ids.rehypePlugins }
  const options = blockOptions(notes)
  return {
    remarkPlugins: [...plugins, ...options.remarkPlugins],
    remarkRehypeOptions: { ...options.remarkRehypeOptions, clobberPrefix: ids.clobberPrefix },
    rehypePlugins: [...options.rehypePlugins, ...ids.rehypePlugins]
  }
}

/** The footnotes of the answers' blocks, for the blocks drawn in others (rows of a table, items of a list). */
const NotesContext = createContext<ReadonlyMap<Block, BlockNotes> | undefined>(undefined)

/** The definitions of the answer's links, for the blocks drawn in others (rows of a table, items of a list). */
const ReferencesContext = createContext<AnswerReferences | undefined>(undefined)

/**
 * `spread`: where a list starts that goes on in blocks after (loose, as a list cut at a blank line between items is);
 * `prefix`: what its ids start with (answer-ids.ts).
 */
const markdown = (prefix: string, text: string, spread?: number, notes?: BlockNotes, references?: AnswerReferences) => (
  <Markdown {...noted(prefix, spread === undefined ? plugins : [remarkGfm, [spreadAt, spread]], notes, references)} components={components}>
    {text}
  </Markdown>
)

/** One block, parsed once: adding the next block must not parse the ones already shown. */
const MarkdownBlock = memo(
  function MarkdownBlock({
    text,
    spread,
    notes,
    references
  }: {
    text: string
    spread?: number
    notes?: BlockNotes
    references?: AnswerReferences
  }) {
    return markdown(useAnswerIdPrefix(), text, spread, notes, references)
  },
  (a, b) => a.text === b.text && a.spread === b.spread && a.notes?.key === b.notes?.key && a.references?.key === b.references?.key
)

/** The answer's footnotes, drawn once at its end as a whole parse draws them. */
const Footnotes = memo(
  function Footnotes({ notes, references }: { notes: FooterNotes; references: AnswerReferences | undefined }) {
    const ids = idOptions(useAnswerIdPrefix())
    // The answer's definitions of links after its notes: the links in them are drawn.
    const remarkPlugins: PluggableList = [[footnotesTree, notes]]
    if (references) remarkPlugins.push([knownReferences, references])
    return (
      <Markdown
        remarkPlugins={remarkPlugins}
        remarkRehypeOptions={{ clobberPrefix: ids.clobberPrefix }}
        rehypePlugins={[onlyFootnotes, ...ids.rehypePlugins]}
        components={components}
      >
        {''}
      </Markdown>
    )
  },
  (a, b) =>
    a.notes.key === b.notes.key &&
    a.references?.key === b.references?.key &&
    a.notes.definitions.length === b.notes.definitions.length &&
    a.notes.definitions.every((d, i) => d === b.notes.definitions[i])
)

const PlainBlock = memo(function PlainBlock({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  )
})

/** An answer's Markdown, whole (a string) or in blocks. */
export const markdownFrame = (content: string | readonly Block[]) => (
  <Typography fz="sm" className={prose.prose} style={{ overflowWrap: 'anywhere' }} data-answer-text>
    {typeof content === 'string' ? <MarkdownBlock text={content} /> : <Blocks blocks={content} references={answerReferences(content)} />}
  </Typography>
)

/**
 * The preview of a long answer: its footnotes and links referred to in it and defined past it (an answer's
 * notes and addresses are mostly at its end) were drawn as the words "[^1]" and "[site]", as the whole
 * answer ("Show all", or as it streamed) does not draw them. Its references are read knowing the whole
 * answer's definitions, numbered as in the whole answer; its notes are drawn with the rest.
 */
export function markdownPreview(start: string, text: string): ReactNode {
  // Only a preview with a bracket may refer to anything, and only to a definition (`]:`): the others are drawn alone.
  if (!start.includes('[') || text.indexOf(']:') < 0) return markdownFrame(start)
  // The whole answer's blocks (not the text past the preview, which may start inside a code block); the preview
  // first, so that its notes are numbered from 1.
  const whole = markdownBlocks(text)
  const shown: Block = { text: start, markdown: true }
  const references = answerReferences([shown, ...whole])
  const notes = answerNotes([shown, ...whole], references)?.blocks.get(shown)
  return (
    <Typography fz="sm" className={prose.prose} style={{ overflowWrap: 'anywhere' }} data-answer-text>
      <MarkdownBlock text={start} notes={notes} references={references} />
    </Typography>
  )
}

function Blocks({ blocks, references }: { blocks: readonly Block[]; references: AnswerReferences | undefined }) {
  const notes = answerNotes(blocks, references)
  return (
    <ReferencesContext.Provider value={references}>
      <NotesContext.Provider value={notes?.blocks}>
        {tables(blocks).map(({ block: b, at, rows, items }) =>
          b.markdown ? (
            // Always in a provider (of nothing, mostly): a block whose table grows past it is not drawn anew.
            <MoreRowsContext.Provider
              key={at}
              value={rows.length ? { after: b.text.lastIndexOf('\n', b.text.length - 2), rows, text: b.text } : undefined}
            >
              <MoreItemsContext.Provider
                value={
                  items.length
                    ? { at: items[0]!.block.list ?? items[0]!.block.quote!, items, quote: items[0]!.block.list === undefined }
                    : undefined
                }
              >
                <MarkdownBlock
                  text={b.text}
                  spread={items[0]?.block.list}
                  notes={notes?.blocks.get(b)}
                  // Only a block with a bracket may have a link to them: the others are not drawn again when one is added.
                  references={b.text.includes('[') ? references : undefined}
                />
              </MoreItemsContext.Provider>
            </MoreRowsContext.Provider>
          ) : (
            <PlainBlock key={at} text={b.text} />
          )
        )}
        {notes && <Footnotes notes={notes.footer} references={references} />}
      </NotesContext.Provider>
    </ReferencesContext.Provider>
  )
}

/** A block drawn: its index, the blocks of rows or code that go on in it, and the blocks of items of its last list. */
interface Drawn {
  readonly block: Block
  readonly at: number
  readonly rows: Block[]
  readonly items: Drawn[]
}

/**
 * Each block, with its index and the blocks of rows or code that go on its last table or code block, and the blocks
 * of items that go on its last list (each with the blocks of code that go on in its items).
 */
function tables(blocks: readonly Block[]): Drawn[] {
  const out: Drawn[] = []
  blocks.forEach((block, at) => {
    const prev = out[out.length - 1]
    if ((block.head !== undefined || block.fence !== undefined) && prev) (prev.items[prev.items.length - 1] ?? prev).rows.push(block)
    else if ((block.list !== undefined || block.quote !== undefined) && prev) prev.items.push({ block, at, rows: [], items: [] })
    else out.push({ block, at, rows: [], items: [] })
  })
  return out
}
