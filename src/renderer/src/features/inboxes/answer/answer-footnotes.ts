import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast'
import type { FootnoteDefinition, FootnoteReference, Nodes, Root } from 'mdast'
import { defaultHandlers, type State } from 'mdast-util-to-hast'
import type { Code, Construct, Effects, State as TokenizerState, TokenizeContext } from 'micromark-util-types'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import type { Options as RemarkRehypeOptions } from 'remark-rehype'
import { unified, type PluggableList, type Plugin, type Processor } from 'unified'
import { knownReferences, type AnswerReferences } from './answer-references'
import type { MarkdownBlock } from './long-text'

/*
 * Footnotes in an answer drawn in blocks (long-text.ts, markdownBlocks), each block parsed alone: a reference `[^1]`
 * is a footnote only where its definition `[^1]: ...` is parsed with it, the references are numbered from 1 in each
 * block, and each block drew its own "Footnotes" section. A whole parse numbers them across the answer and draws one
 * section at its end. So each block is parsed knowing the identifiers the whole answer defines, its references
 * numbered on from those of the blocks before, and its section left out; one section is drawn at the answer's end.
 * Each block's text is parsed here once (answers being written ask again at every frame), and only blocks with `[^`.
 */

/** How a block is drawn: the identifiers defined in the answer, and the references of the blocks before it. */
export interface BlockNotes {
  /** Changes when anything below does (blocks are drawn again only then). */
  readonly key: string
  readonly ids: readonly string[]
  readonly order: readonly string[]
  readonly counts: readonly (readonly [string, number])[]
  /** The references before this offset of the block's text are not counted (a table's header, drawn before). */
  readonly skip: number
}

/** The answer's section of footnotes: its definitions, and its references (each identifier, how many). */
export interface FooterNotes {
  readonly key: string
  readonly definitions: readonly FootnoteDefinition[]
  readonly order: readonly string[]
  readonly counts: readonly (readonly [string, number])[]
}

export interface AnswerNotes {
  readonly blocks: ReadonlyMap<MarkdownBlock, BlockNotes>
  readonly footer: FooterNotes
}

/** A block's definitions and, in order, the identifiers of its references outside them (from `skip`). */
interface Found {
  readonly definitions: FootnoteDefinition[]
  readonly references: string[]
}

const plain = unified().use(remarkParse).use(remarkGfm)
let known: { key: string; parse: (text: string) => Root } | undefined
const cache = new Map<string, Found>()

function find(text: string, ids: readonly string[], skip: number, references?: AnswerReferences): Found {
  const key = `${skip}\0${ids.join('\0')}\0\0${references?.key ?? ''}\0${text}`
  const hit = cache.get(key)
  if (hit !== undefined) {
    // The least recently asked goes first: the blocks before the last are asked again at every frame.
    cache.delete(key)
    cache.set(key, hit)
    return hit
  }
  let parse = (t: string) => plain.parse(t)
  if (ids.length > 0) {
    // The links in a note are read knowing the answer's definitions of links too (answer-references.ts).
    const idsKey = `${ids.join('\0')}\0\0${references?.key ?? ''}`
    if (known?.key !== idsKey) {
      const parser = unified().use(remarkParse).use(remarkGfm).use(knownFootnotes, ids)
      if (references !== undefined) parser.use(knownReferences, references)
      known = { key: idsKey, parse: (t) => parser.parse(t) }
    }
    parse = known.parse
  }
  const found: Found = { definitions: [], references: [] }
  const visit = (node: Nodes) => {
    if (node.type === 'footnoteDefinition') found.definitions.push(node)
    else if (node.type === 'footnoteReference') {
      if ((node.position?.start.offset ?? skip) >= skip) found.references.push(node.identifier.toUpperCase())
    }
    // References in a definition are numbered after all others (in its section), as a whole parse does.
    if ('children' in node && node.type !== 'footnoteDefinition') node.children.forEach(visit)
  }
  visit(parse(text))
  cache.set(key, found)
  if (cache.size > 256) cache.delete(cache.keys().next().value!)
  return found
}

/** The text of a block as parsed, and where its own text starts (a block of a table's rows is parsed after its header). */
const parsedText = (b: MarkdownBlock) => (b.head !== undefined ? { text: b.head + b.text, skip: b.head.length } : { text: b.text, skip: 0 })

/**
 * How the blocks of an answer with footnotes are drawn; undefined when it defines none (each block is drawn as it
 * is alone). Blocks of code are never looked in.
 */
export function answerNotes(blocks: readonly MarkdownBlock[], references?: AnswerReferences): AnswerNotes | undefined {
  const noted = blocks.filter((b) => b.markdown && b.fence === undefined && b.text.includes('[^'))
  // A definition has `[^` and `]:` in its block's text.
  if (!noted.some((b) => b.text.includes(']:'))) return undefined
  const ids: string[] = []
  for (const b of noted) {
    const { text } = parsedText(b)
    for (const d of find(text, [], 0).definitions) {
      const id = d.identifier.toUpperCase()
      if (!ids.includes(id)) ids.push(id)
    }
  }
  if (ids.length === 0) return undefined
  const order: string[] = []
  const counts = new Map<string, number>()
  const definitions: FootnoteDefinition[] = []
  const notes = new Map<MarkdownBlock, BlockNotes>()
  for (const b of noted) {
    const { text, skip } = parsedText(b)
    // A block is drawn anew only when what it shows changes: the identifiers it names that are defined, and (where it
    // has references) the numbering before it. Every block drawn again at each new definition cost a long answer's
    // frame a second while its notes were written.
    const named = labelsIn(text)
    const own = ids.filter((id) => named.has(id))
    const found = find(text, own, skip, references)
    const seed = { order: [...order], counts: [...counts] }
    const key = `${JSON.stringify(own)}${found.references.length > 0 ? JSON.stringify(seed) : ''}${skip}`
    notes.set(b, { key, ids: own, ...seed, skip })
    definitions.push(...found.definitions)
    for (const id of found.references) {
      if (!counts.has(id)) order.push(id)
      counts.set(id, (counts.get(id) ?? 0) + 1)
    }
  }
  const footer = { order, counts: [...counts] }
  return { blocks: notes, footer: { key: JSON.stringify(footer), definitions, ...footer } }
}

/**
 * The identifiers `[^label]` names in `text`, as a footnote's identifier is compared (normalizeIdentifier: white
 * space as one space, trimmed, case folded as the definitions' are below): every one a reference or definition may
 * have, and perhaps more.
 */
function labelsIn(text: string): Set<string> {
  const out = new Set<string>()
  for (const m of text.matchAll(/\[\^((?:[^\][\\]|\\.)*)\]/g)) {
    const id = m[1]!
      .replace(/[\t\n\r ]+/g, ' ')
      .replace(/^ | $/g, '')
      .toLowerCase()
      .toUpperCase()
    out.add(id.toLowerCase().toUpperCase())
  }
  return out
}

/** A micromark extension that tells its parser the identifiers `ids` are defined (as footnotes), before any text is read. */
const primed = new WeakSet<object>()
function defining(ids: readonly string[]): Construct {
  return {
    name: 'definedFootnotes',
    add: 'before',
    // Calls are read after the whole text's blocks (and its definitions); one is only tried at a bracket.
    tokenize(this: TokenizeContext, _effects: Effects, _ok: TokenizerState, nok: TokenizerState) {
      const parser = this.parser as TokenizeContext['parser'] & { gfmFootnotes?: string[] }
      if (!primed.has(parser)) {
        primed.add(parser)
        const defined = (parser.gfmFootnotes ??= [])
        for (const id of ids) if (!defined.includes(id)) defined.push(id)
      }
      return (code: Code) => nok(code)
    }
  }
}

/** Footnote references to `ids` are read as such, wherever in the answer they are defined. */
export const knownFootnotes: Plugin<[readonly string[]]> = function (this: Processor, ids) {
  const data = this.data() as { micromarkExtensions?: unknown[] }
  const construct = defining(ids)
  ;(data.micromarkExtensions ??= []).push({ text: { 91: construct, 93: construct } })
}

/** A block's references numbered on from those of the blocks before it, and its own section of footnotes left out. */
export function blockOptions(notes: BlockNotes): {
  remarkPlugins: PluggableList
  remarkRehypeOptions: RemarkRehypeOptions
  rehypePlugins: PluggableList
} {
  const seeded = new WeakSet<State>()
  return {
    remarkPlugins: [[knownFootnotes, notes.ids]],
    remarkRehypeOptions: {
      handlers: {
        footnoteReference(state: State, node: FootnoteReference) {
          if (!seeded.has(state)) {
            seeded.add(state)
            state.footnoteOrder.push(...notes.order)
            for (const [id, n] of notes.counts) state.footnoteCounts.set(id, n)
          }
          if ((node.position?.start.offset ?? notes.skip) < notes.skip) return undefined
          return defaultHandlers.footnoteReference(state, node)
        }
      }
    },
    rehypePlugins: [withoutFootnotes]
  }
}

const isFootnotes = (n: HastContent | ElementContent): n is Element =>
  n.type === 'element' && n.tagName === 'section' && n.properties.dataFootnotes !== undefined

/** The section of footnotes left out of a block's drawing. */
const withoutFootnotes: Plugin<[], HastRoot> = () => (tree) => {
  const at = tree.children.findIndex(isFootnotes)
  if (at < 0) return
  const before = tree.children[at - 1]
  const line = before?.type === 'text' && before.value === '\n'
  tree.children.splice(line ? at - 1 : at, line ? 2 : 1)
}

/** The answer's definitions and references, as a tree whose drawing is its section of footnotes (onlyFootnotes). */
export const footnotesTree: Plugin<[FooterNotes], Root> = (notes) => (tree) => {
  const references: FootnoteReference[] = []
  for (const id of notes.order) {
    const n = notes.counts.find(([c]) => c === id)?.[1] ?? 0
    for (let i = 0; i < n; i++) references.push({ type: 'footnoteReference', identifier: id.toLowerCase(), label: id })
  }
  tree.children = [{ type: 'paragraph', children: references }, ...notes.definitions]
}

/** Of a drawing, its section of footnotes alone. */
export const onlyFootnotes: Plugin<[], HastRoot> = () => (tree) => {
  tree.children = tree.children.filter(isFootnotes)
}
