/*
 * Cuts a document's text into passages of a few hundred tokens (about 4 characters a token) on
 * paragraph and heading boundaries. A heading starts a new passage once the current one holds
 * something, so a passage rarely straddles two sections; a paragraph longer than a passage is cut
 * at sentence ends, then at spaces. Each passage after the first repeats the end of the previous
 * one (the overlap), so a sentence cut by a boundary is still found whole.
 */

export interface ChunkOptions {
  /** Passages grow up to about this many characters. */
  readonly targetChars: number
  /** Never longer than this (a single block is cut to fit). */
  readonly maxChars: number
  /** Characters of the previous passage repeated at the start of the next. */
  readonly overlapChars: number
}

export const DEFAULT_CHUNKING: ChunkOptions = { targetChars: 1200, maxChars: 1800, overlapChars: 200 }

const HEADING = /^(#{1,6}\s|[^\n]{1,120}\n(=+|-+)\s*$)/

interface Block {
  readonly text: string
  readonly heading: boolean
  /**
   * What stood between it and the block before: a blank line between paragraphs; within a paragraph cut
   * in pieces, the line end or space it was cut at (nothing when a long word was cut). Passages were
   * joined with a blank line everywhere: a file of 40,000 lines and no blank line read in its passages
   * as if blank lines stood where the cuts fell.
   */
  readonly sep: string
}

function splitLong(text: string, max: number): string[] {
  if (text.length <= max) return [text]
  const out: string[] = []
  const sentences = text.match(/[^.!?。！？\n]+(?:[.!?。！？]+|\n|$)\s*/gu) ?? [text]
  let cur = ''
  const flush = () => {
    if (cur.trim()) out.push(cur.trim())
    cur = ''
  }
  for (const s of sentences) {
    if (cur.length + s.length <= max) {
      cur += s
      continue
    }
    flush()
    let rest = s
    while (rest.length > max) {
      // Cut at the last space before the limit, or hard at the limit (a long token).
      let cut = rest.lastIndexOf(' ', max)
      if (cut < max / 2) cut = max
      out.push(rest.slice(0, cut).trim())
      rest = rest.slice(cut)
    }
    cur = rest
  }
  flush()
  return out.filter(Boolean)
}

/** A blank line in text whose line ends are not normalized yet (a CRLF is one line end, never two). */
const BLANK_LINE = /(?:\r\n|\r(?!\n)|\n)[ \t]*(?:\r\n|\r(?!\n)|\n)/g

/** The paragraphs of the text, line ends made `\n`: one at a time, not the whole text normalized and split at once. */
export function* paragraphsOf(text: string, markdown: boolean): Generator<string> {
  if (markdown) {
    // Markdown headings start a block even without a blank line before them.
    yield* text
      .replace(/\r\n?/g, '\n')
      .replace(/\n(#{1,6}\s)/g, '\n\n$1')
      .split(/\n[ \t]*\n/)
    return
  }
  const blank = new RegExp(BLANK_LINE)
  let from = 0
  for (let m = blank.exec(text); ; m = blank.exec(text)) {
    yield text.slice(from, m ? m.index : text.length).replace(/\r\n?/g, '\n')
    if (!m) return
    from = m.index + m[0].length
  }
}

/** The pieces of `text` (each a part of it, in order) with what stood between each and the one before. */
function withSeparators(text: string, pieces: readonly string[]): { text: string; sep: string }[] {
  let from = 0
  return pieces.map((piece) => {
    const at = text.indexOf(piece, from)
    const gap = at < 0 ? ' ' : text.slice(from, at)
    if (at >= 0) from = at + piece.length
    return { text: piece, sep: gap.includes('\n') ? '\n' : gap ? ' ' : '' }
  })
}

function* blocksOf(text: string, markdown: boolean, max: number): Generator<Block> {
  for (const para of paragraphsOf(text, markdown)) {
    const trimmed = para.trim()
    if (!trimmed) continue
    const heading = markdown && HEADING.test(trimmed) && trimmed.length <= 200 && !trimmed.includes('\n\n')
    const pieces = splitLong(trimmed, max)
    if (pieces.length === 1) yield { text: pieces[0]!, heading, sep: '\n\n' }
    else for (const [i, piece] of withSeparators(trimmed, pieces).entries()) yield { ...piece, heading, sep: i === 0 ? '\n\n' : piece.sep }
  }
}

function overlapTail(passage: string, overlap: number): string {
  if (overlap <= 0 || passage.length <= overlap) return ''
  const tail = passage.slice(passage.length - overlap)
  // Start the overlap at a word boundary.
  const space = tail.search(/\s/)
  return space >= 0 && space < tail.length - 1 ? tail.slice(space + 1) : tail
}

export function chunkText(text: string, markdown = false, options: ChunkOptions = DEFAULT_CHUNKING): string[] {
  return [...passagesOf(text, markdown, options)]
}

/**
 * The passages of the text one at a time, as chunkText gives them all: a caller can let the event
 * loop turn between them (cutting 200 MB of text at once held the node about a second).
 */
export function* passagesOf(text: string, markdown = false, options: ChunkOptions = DEFAULT_CHUNKING): Generator<string> {
  const blocks = blocksOf(text, markdown, options.maxChars - options.overlapChars - 2)
  // The passage so far: its text, each block after its first with what stood before it.
  let cur = ''
  let size = 0
  let fresh = 0 // characters in `cur` that are not overlap
  for (const b of blocks) {
    const startsSection = b.heading && fresh > 0
    if (startsSection || (fresh > 0 && size + b.text.length + 2 > options.targetChars)) {
      yield cur
      const tail = overlapTail(cur, options.overlapChars)
      cur = tail
      size = tail.length
      fresh = 0
      // A new section does not start with the previous section's tail.
      if (startsSection) {
        cur = ''
        size = 0
      }
    }
    cur += cur ? b.sep + b.text : b.text
    size += b.text.length + 2
    fresh += b.text.length
  }
  if (fresh > 0) yield cur
}
