import type { Nodes } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'

/**
 * Where a code fence in a list item or a block quote sits: what a line must begin with to stay in its code. Only
 * list items (nested or not) or only block quotes: a fence in a quote in a list, or in a footnote, has none.
 */
export interface FenceContext {
  /** The block quote markers (`>`) each line of the code begins with. */
  readonly quotes: number
  /** The columns the innermost list item's content is indented by (0: in no list item). */
  readonly indent: number
  /** The fence's character (` or ~) and how many of them: a closing fence has as many or more. */
  readonly char: string
  readonly length: number
}

/** A line opening a fence after spaces or block quote markers (a fence at the line's start needs no parse). */
export const NESTED_FENCE = /^(?:(?: {0,3}> ?)+ *| +)(`{3,}(?!.*`)|~{3,})/

const QUOTE = /^ {0,3}> ?/
/** A line that may begin a footnote's definition, after the markers of lists and quotes. */
const FOOTNOTE_DEFINITION = /^[ \t>*+\-\d.)]*\[\^[^\]]+\]:/m
const cache = new Map<string, FenceContext | null>()

/**
 * The context of the fence whose opening line ends `markdown` (a block's Markdown up to it), or null when that line
 * opens no fence (it is in a paragraph, or an indented code block) or the fence is in a context not handled here.
 * Parsed once for each fence: the answers being written ask again at every frame.
 */
export function fenceContext(markdown: string): FenceContext | null {
  const known = cache.get(markdown)
  if (known !== undefined) return known
  const context = parse(markdown)
  cache.set(markdown, context)
  if (cache.size > 64) cache.delete(cache.keys().next().value!)
  return context
}

function parse(markdown: string): FenceContext | null {
  // A footnote's definition is GFM's, a container (not parsed here): a fence may be in it. Its references are words
  // of paragraphs, which tell nothing here. A tab in a line's indentation counts as 1 to 4 columns.
  if (FOOTNOTE_DEFINITION.test(markdown)) return null
  const open = markdown.slice(markdown.lastIndexOf('\n') + 1)
  // A tab in the fence's line before its marks, or before the words of a list item it is in, counts as 1 to 4
  // columns: the parser's columns (one a character) would not tell where its code's lines start. A tab anywhere
  // else (Go's code before, or in the lines of the fence's own code: fenceLine) tells nothing here.
  if (/^[ >]*\t/.test(open)) return null
  const lines = markdown.split('\n').length
  let quotes = 0
  let indent = 0
  let node: Nodes = fromMarkdown(markdown)
  for (;;) {
    if (!('children' in node) || node.children.length === 0) return null
    const last: Nodes = node.children[node.children.length - 1]!
    if (last.type === 'code') {
      // A fence opened on the last line, nothing in it yet (an indented code block has the line as its code).
      if (last.position?.start.line !== lines || last.value !== '') return null
      break
    }
    if (last.type === 'blockquote') {
      if (indent > 0) return null
      quotes++
    } else if (last.type === 'listItem') {
      const first = last.children[0]
      if (quotes > 0 || !first?.position || first.position.start.line !== last.position?.start.line) return null
      const from = first.position.start.offset! - (first.position.start.column - 1)
      if (markdown.slice(from, first.position.start.offset).includes('\t')) return null
      indent = first.position.start.column - 1
    } else if (last.type !== 'list') return null
    node = last
  }
  let rest = open
  for (let q = 0; q < quotes; q++) {
    const marker = QUOTE.exec(rest)
    if (!marker) return null
    rest = rest.slice(marker[0].length)
  }
  const fence = /^ *(`{3,}|~{3,})/.exec(rest)
  if (!fence) return null
  return { quotes, indent, char: fence[1]![0]!, length: fence[1]!.length }
}

/**
 * A line's start read by columns, as the parser reads it: a tab goes on to the next multiple of 4 columns, and one
 * partly taken (by a block quote marker's space, or a list item's indentation) leaves the rest of its columns as spaces.
 */
class Columns {
  private at = 0
  private col = 0
  /** Columns of the tab before `at` not taken yet. */
  private spare = 0
  constructor(private readonly line: string) {}
  /** Columns of spaces and tabs from here to the first other character (or the line's end). */
  spaces(): number {
    let col = this.col + this.spare
    for (let i = this.at; this.line[i] === ' ' || this.line[i] === '\t'; i++) col = this.line[i] === ' ' ? col + 1 : col + 4 - (col % 4)
    return col - this.col
  }
  /** Takes up to `n` columns of spaces and tabs. */
  take(n: number): void {
    for (let k = 0; k < n; k++) {
      if (this.spare > 0) this.spare--
      else if (this.line[this.at] === ' ') this.at++
      else if (this.line[this.at] === '\t') {
        this.spare = 3 - (this.col % 4)
        this.at++
      } else return
      this.col++
    }
  }
  /** Takes a block quote marker (up to 3 columns in, and one column of space after it); false when there is none. */
  quote(): boolean {
    const n = this.spaces()
    let i = this.at
    while (this.line[i] === ' ' || this.line[i] === '\t') i++
    if (n > 3 || this.line[i] !== '>') return false
    this.col += n + 1
    this.at = i + 1
    this.spare = 0
    this.take(1)
    return true
  }
  /** What is left: the spare columns of a tab taken in part as spaces, then the rest of the line. */
  rest(): string {
    return ' '.repeat(this.spare) + this.line.slice(this.at)
  }
}

/**
 * What `line` (without its line end) is to the fence of `context`: a line of its code (blank: of spaces alone), its
 * closing fence, or the line that ends the list item or block quote (and the code with it). Tabs count by columns.
 */
export function fenceLine(context: FenceContext, line: string): 'code' | 'blank' | 'close' | 'end' {
  const at = new Columns(line.endsWith('\r') ? line.slice(0, -1) : line)
  // A code block is never lazily continued: a line without the marker ends the quote.
  for (let q = 0; q < context.quotes; q++) if (!at.quote()) return 'end'
  const spaces = at.spaces()
  if (/^[ \t]*$/.test(at.rest())) return 'blank'
  if (spaces < context.indent) return 'end'
  at.take(spaces)
  const close = /^(`+|~+)[ \t]*$/.exec(at.rest())
  if (spaces - context.indent <= 3 && close && close[1]![0] === context.char && close[1]!.length >= context.length) return 'close'
  return 'code'
}

/** A line of code without the block quote markers of the fence `open` begins with, and without its indentation. */
export function codeLine(open: string, line: string): string {
  let quotes = 0
  let rest = open
  for (let m = QUOTE.exec(rest); m && m[0] !== ''; m = QUOTE.exec(rest)) {
    rest = rest.slice(m[0].length)
    quotes++
  }
  const indent = /^ */.exec(rest)![0].length
  const at = new Columns(line)
  for (let q = 0; q < quotes; q++) at.quote()
  at.take(Math.min(indent, at.spaces()))
  return at.rest()
}
