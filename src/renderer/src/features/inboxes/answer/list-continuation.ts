import type { Nodes, Root } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'

/*
 * A loose list (blank lines between its items) longer than a block is cut between its items (long-text.ts,
 * markdownBlocks): the blocks after its first hold items only, drawn in the same list. Where a list goes on and
 * where it ends is told by the Markdown parser, each block's text parsed once (answers being written ask again at
 * every frame).
 */

const parser = unified().use(remarkParse).use(remarkGfm)
const cache = new Map<string, Root>()

function parse(markdown: string): Root {
  const known = cache.get(markdown)
  if (known !== undefined) {
    // The least recently asked goes first: the blocks before the last are asked again at every frame.
    cache.delete(markdown)
    cache.set(markdown, known)
    return known
  }
  const tree = parser.parse(markdown)
  cache.set(markdown, tree)
  if (cache.size > 256) cache.delete(cache.keys().next().value!)
  return tree
}

/**
 * A list item's first line at the line's start, with words after its marker: its kind (the bullet, or the
 * delimiter of a number) and the column its content starts at; undefined for any other line (an empty item, a
 * tab after the marker, a thematic break such as `- - -`: the parser tells those).
 */
export function itemLine(line: string): { kind: string; indent: number } | undefined {
  const m = /^(?:([-*+])|\d{1,9}([.)]))( +)(?=\S)/.exec(line)
  if (m === null || /^([-*_])(\s*\1){2,}\s*$/.test(line)) return undefined
  const marker = m[0].length - m[3]!.length
  return { kind: m[1] ?? m[2]!, indent: marker + (m[3]!.length > 4 ? 1 : m[3]!.length) }
}

/** A line that may begin a list item (or a thematic break) at the line's start. */
export const LIST_MARKER = /^([-*+]|\d{1,9}[.)])(\s|$)/

/**
 * Where the list of kind `kind` (itemLine) that `markdown` (a block's text) ends with starts in it; undefined when
 * the block ends with something else, or with a list of another kind (a list item of `kind` after it begins a new list).
 */
export function listAtEnd(markdown: string, kind: string): number | undefined {
  const tree = parse(markdown)
  const last = tree.children[tree.children.length - 1]
  const at = last?.position?.start.offset
  if (last?.type !== 'list' || at === undefined) return undefined
  return itemLine(markdown.slice(at))?.kind === kind ? at : undefined
}

/**
 * Where what follows the list that `markdown` (a block of its items) begins with starts in it, its last line being
 * the first that may end the list; undefined while the list goes on.
 */
export function listEnd(markdown: string): number | undefined {
  const tree = parse(markdown)
  return tree.children.length > 1 ? tree.children[1]!.position?.start.offset : undefined
}

/** Whether the list that `markdown` (a block of its items) begins with has a task item (`- [ ] ...`). */
export function hasTaskItem(markdown: string): boolean {
  // Parsed only when it may have one: the last block of a list being written changes at every frame.
  if (!/\[[ \txX]\]/.test(markdown)) return false
  const first = parse(markdown).children[0]
  return first?.type === 'list' && first.children.some((item) => typeof item.checked === 'boolean')
}

const goesOn = new Map<string, boolean>()
let goesOnChars = 0
const GOES_ON_MAX = 8192
const GOES_ON_CHARS = 1_000_000

/**
 * Whether the code block or HTML block that begins on line `line` (1-based) of `markdown` (from a line at the top
 * level to the line asked about) goes on to its last line: false when a container it was in (a list item) ended
 * before. Kept for many: an answer asks again at every frame, and may have one for each of its list's items.
 */
export function goesOnTo(markdown: string, line: number): boolean {
  const key = `${line}:${markdown}`
  const known = goesOn.get(key)
  if (known !== undefined) {
    // The least recently asked goes first (as `parse`): an answer asks its blocks' again at every frame.
    goesOn.delete(key)
    goesOn.set(key, known)
    return known
  }
  const last = markdown.split('\n').length
  let node: Nodes = parser.parse(markdown)
  let answer = false
  for (;;) {
    if ((node.type === 'code' || node.type === 'html') && node.position?.start.line === line) {
      answer = node.position.end.line === last
      break
    }
    if (!('children' in node) || node.children.length === 0) break
    node = node.children[node.children.length - 1]!
  }
  goesOn.set(key, answer)
  goesOnChars += key.length
  // As many as an answer asks at most (long-text.ts, ASKS_MAX), of as many characters as a few such answers.
  while (goesOn.size > GOES_ON_MAX || goesOnChars > GOES_ON_CHARS) {
    const oldest = goesOn.keys().next().value!
    goesOn.delete(oldest)
    goesOnChars -= oldest.length
  }
  return answer
}
