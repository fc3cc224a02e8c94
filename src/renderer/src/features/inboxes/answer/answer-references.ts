import type { Definition, Root } from 'mdast'
import type { Code, Construct, Effects, State as TokenizerState, TokenizeContext } from 'micromark-util-types'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified, type Plugin, type Processor } from 'unified'
import type { MarkdownBlock } from './long-text'

/*
 * Link references in an answer drawn in blocks (long-text.ts, markdownBlocks), each block parsed alone: `[foo]`,
 * `[text][foo]` or `![img][foo]` is a link (an image) only where its definition `[foo]: https://...` is parsed with
 * it, so one defined in another block was drawn as the words "[foo]". A whole parse knows every definition of the
 * text, wherever it is. So each block is parsed knowing the answer's definitions (the first of a label kept, as a
 * whole parse keeps it). Only answers with a line that looks like a definition are looked in, each block's text
 * parsed here once (answers being written ask again at every frame).
 */

/** The answer's definitions, in the order of its text; `key` changes when any of them does. */
export interface AnswerReferences {
  readonly key: string
  readonly ids: readonly string[]
  readonly definitions: readonly Definition[]
}

/** A line that may hold a definition: a label (no footnote's) and a colon, after the markers of lists and quotes. */
const DEFINITION = /^[ \t>*+\-\d.)]*\[(?!\^)(?:[^\]\\]|\\[^])+\]:/m

const parser = unified().use(remarkParse).use(remarkGfm)
const cache = new Map<string, Definition[]>()

function definitionsOf(text: string): Definition[] {
  const hit = cache.get(text)
  if (hit !== undefined) {
    // The least recently asked goes first: the blocks before the last are asked again at every frame.
    cache.delete(text)
    cache.set(text, hit)
    return hit
  }
  const found: Definition[] = []
  const visit = (node: Root | Root['children'][number]) => {
    if (node.type === 'definition') {
      // Drawn in other blocks: where it is in its own does not matter there.
      const { position: _, ...definition } = node
      found.push(definition)
    } else if ('children' in node) node.children.forEach((n) => visit(n))
  }
  visit(parser.parse(text))
  cache.set(text, found)
  if (cache.size > 256) cache.delete(cache.keys().next().value!)
  return found
}

/** The definitions of an answer's blocks; undefined when it has none (each block is drawn as it is alone). */
export function answerReferences(blocks: readonly MarkdownBlock[]): AnswerReferences | undefined {
  const definitions: Definition[] = []
  for (const b of blocks) {
    // Blocks of code are never looked in; a block of a table's rows is parsed after its header.
    if (!b.markdown || b.fence !== undefined || !DEFINITION.test(b.text)) continue
    definitions.push(...definitionsOf(b.head !== undefined ? b.head + b.text : b.text))
  }
  if (definitions.length === 0) return undefined
  const key = JSON.stringify(definitions.map((d) => [d.identifier, d.url, d.title ?? null]))
  // The same object while they stay the same: the blocks drawn with them are not drawn again at each frame.
  if (last?.key !== key) last = { key, ids: [...new Set(definitions.map((d) => d.identifier.toUpperCase()))], definitions }
  return last
}
let last: AnswerReferences | undefined

/** A micromark extension that tells its parser the labels `ids` are defined, before any text is read. */
const primed = new WeakSet<object>()
function defining(ids: readonly string[]): Construct {
  return {
    name: 'definedReferences',
    add: 'before',
    // Labels are read after the whole text's blocks (and its definitions); one is only tried at a bracket.
    tokenize(this: TokenizeContext, _effects: Effects, _ok: TokenizerState, nok: TokenizerState) {
      const parser = this.parser
      if (!primed.has(parser)) {
        primed.add(parser)
        for (const id of ids) if (!parser.defined.includes(id)) parser.defined.push(id)
      }
      return (code: Code) => nok(code)
    }
  }
}

/**
 * References to the answer's definitions are read as links and images, wherever in the answer they are defined:
 * its definitions go first in the block's tree (a block's own are in them, after any of the same label before it).
 */
export const knownReferences: Plugin<[AnswerReferences], Root> = function (this: Processor, references) {
  const data = this.data() as { micromarkExtensions?: unknown[] }
  const construct = defining(references.ids)
  ;(data.micromarkExtensions ??= []).push({ text: { 91: construct, 93: construct } })
  return (tree: Root) => {
    tree.children.unshift(...references.definitions)
  }
}
