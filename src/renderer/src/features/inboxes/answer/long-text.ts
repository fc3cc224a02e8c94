import { codeLine, fenceContext, fenceLine, NESTED_FENCE } from './fence-context'
import { goesOnTo, itemLine, LIST_MARKER, listAtEnd, listEnd } from './list-continuation'

/** About a screenful of a message: what is shown before "Show all". */
export const PREVIEW_CHARS = 2000
export const PREVIEW_LINES = 40
/**
 * A text is cut only when what "Show all" would add is more than this (in characters or lines):
 * a button that hides two lines ("Show all (122 characters more)") costs more than it saves.
 */
export const MIN_HIDDEN_CHARS = 500
export const MIN_HIDDEN_LINES = 10
/** "Show all" adds the rest in blocks of about this many characters, one per frame. */
export const BLOCK_CHARS = 10_000
/**
 * Past this many characters "Show all" shows the rest as plain text: formatting 1 MiB of
 * Markdown takes tens of seconds, laying out plain text a fraction of one.
 */
export const MARKDOWN_MAX_CHARS = 100_000

/**
 * The start of a text longer than a screenful, cut at a line end (else a space) near the limit,
 * or null when the text fits, or when little more than a screenful (what is cut would be under
 * MIN_HIDDEN_CHARS characters and MIN_HIDDEN_LINES lines). Looks only at the first PREVIEW_CHARS
 * characters and at most MIN_HIDDEN_CHARS more, so it costs the same for a 1 MiB answer as for a short one.
 */
export function previewOf(text: string): string | null {
  const preview = cutPreview(text)
  if (preview === null) return null
  const hidden = text.length - preview.length
  if (hidden < MIN_HIDDEN_CHARS) {
    let lines = 0
    for (let i = text.indexOf('\n', preview.length); i >= 0; i = text.indexOf('\n', i + 1)) lines++
    if (lines < MIN_HIDDEN_LINES) return null
  }
  return preview
}

function cutPreview(text: string): string | null {
  let cut = Math.min(text.length, PREVIEW_CHARS)
  let lines = 0
  for (let i = text.indexOf('\n'); i >= 0 && i < cut; i = text.indexOf('\n', i + 1)) {
    if (++lines >= PREVIEW_LINES) {
      // Already at a line end.
      return text.slice(0, i).trimEnd()
    }
  }
  if (cut >= text.length) return null
  const head = text.slice(0, cut)
  const lineEnd = head.lastIndexOf('\n')
  const space = head.lastIndexOf(' ')
  cut = lineEnd > cut / 2 ? lineEnd : space > cut / 2 ? space : cut
  // Never half a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text[cut - 1] ?? '')) cut--
  return text.slice(0, cut).trimEnd()
}

/**
 * A long Markdown text as blocks of about BLOCK_CHARS, each cut at a blank line outside code
 * fences, so each block renders as Markdown of its own without breaking a code block. A table
 * longer than a block is cut between its rows too: each block after the first holds rows only,
 * with the table's header as `head`, and is drawn in the same table (a table has no blank line,
 * so one streaming in was parsed again whole, in tens of milliseconds, at each frame). A code block longer
 * than a block is cut between its lines likewise: each block after the first holds lines of code only, with
 * the fence's opening line as `fence`, and is drawn in the same code block. A long code block in a list item or
 * a block quote is cut so too, but what follows it stays in its block (in the list item or quote): its lines
 * of code after the block's first are taken out of the block's text (a `hole`) into the blocks after it. A loose
 * list (blank lines between its items) longer than a block is cut between its items: each block after its first
 * holds items only (`list`), drawn in the same list; what follows the list is a block of its own.
 */
export function markdownBlocks(text: string, size = BLOCK_CHARS, markdownMax = MARKDOWN_MAX_CHARS): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = []
  let start = 0
  /** The current block's text before `start`, without the lines of code moved out to `holes`. */
  let done = ''
  /** Lines of code of long fences in list items or block quotes of the current block, to draw in them. */
  let holes: MarkdownBlock[] = []
  /**
   * The opening line of the code fence the lines are in, where it starts, and the spaces its lines are known to have
   * at least (those of its opening line, until the parser tells it goes on past a line with fewer: lessIndented).
   */
  let fence: { line: string; at: number; indent: number } | undefined
  /**
   * The HTML block the lines are in: as `fence`, and what ends it (a blank line for CommonMark's kinds 6 and 7, `<div>`,
   * `<span>`...: `loose`). `maybe`: a kind 7 start after a line not blank, which may be words going on in a paragraph.
   */
  let html: { end: RegExp; at: number; indent: number; loose?: boolean; maybe?: boolean } | undefined
  /** No more cuts (but where a list whose items the block holds ends): where the lines are is not known. */
  let lost = false
  /** The parser's answers asked for (goesOnTo) in this call, and the characters they were asked about. */
  let asks = 0
  let asked = 0
  /**
   * The start of the last line at the top level, in no block but a list it may begin an item of: one not indented
   * after a blank line (or the text's start), outside fences and HTML blocks. The parser reads from there.
   */
  let top = 0
  /** The opening line of the fence whose code the current block continues. */
  let code: string | undefined
  let lineStart = 0
  /** The header and delimiter rows of the table the lines are in, when it began a block or after a blank line. */
  let table: string | undefined
  /** The header of the table whose rows the current block continues. */
  let head: string | undefined
  let before = { start: 0, text: '' }
  /**
   * The list whose items the current block continues: where it starts in its first block, its kind (itemLine),
   * and the column the content of its current item starts at (a line less indented may end the list).
   */
  let list: { at: number; kind: string; indent: number } | undefined
  /** The block quote whose lines the current block continues: where it starts in its first block. */
  let quote: number | undefined
  /**
   * The block quote at the line's start ('>' in column 0) the lines are in, told from its lines alone (quoteLine):
   * where it starts in the current block, whether its content is known to be at its top level, and where its current
   * child (a line after a '>'-only line that began a paragraph at that level) starts.
   */
  let q: Quote | undefined
  /** Where the quote whose lines the current block continues ends, once the parser was asked. */
  let quoteEnd: { at: number; known: number } | undefined
  /** The length of the current block's text, were it to end at `at`. */
  const length = (at: number) => done.length + at - start
  const cut = (at: number) => {
    blocks.push(
      {
        text: done + text.slice(start, at),
        markdown: true,
        ...(head !== undefined && { head }),
        ...(code !== undefined && { fence: code }),
        ...(list !== undefined && { list: list.at }),
        ...(quote !== undefined && { quote })
      },
      ...holes
    )
    done = ''
    holes = []
    start = at
  }
  while (lineStart < text.length && lineStart < markdownMax) {
    let lineEnd = text.indexOf('\n', lineStart)
    if (lineEnd < 0) lineEnd = text.length
    // Without a CRLF's \r: a fence's closing line "```\r" was not seen as one, and all after it taken for code.
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '')
    // A CR alone is a line end to the parser: a line holding one is read as a lazy line may be.
    if (quote !== undefined && (!QUOTE_LINE.test(line) || line.includes('\r'))) {
      // The quote ends at a blank line, and after a '>'-only line; another line may be a lazy line of its last
      // paragraph. The parser tells where the quote ends, from the start of the quote's current child (all before it
      // closed), or of the block, up to the next '>'-only line (its content known at its top level), or the text's end
      // (not known): once for the lines up to there, not once for each (a growing text parsed again for each line took
      // seconds).
      if (line.trim() !== '' && !QUOTE_BLANK.test(before.text) && (quoteEnd === undefined || lineStart >= quoteEnd.known)) {
        const from = q?.child ?? start
        const head = from === start ? done : ''
        QUOTE_BLANKS.lastIndex = lineEnd
        // Far from a child's start, or not known at its top level, to the text's end: parsed once, not for each line.
        const near = q?.state === 'plain' && lineStart - from <= TOP_MAX
        const known = near ? (QUOTE_BLANKS.exec(text)?.index ?? text.length) : text.length
        const end = listEnd(head + text.slice(from, known))
        quoteEnd = { at: end === undefined ? Infinity : from + end - head.length, known }
      }
      if (line.trim() === '' || QUOTE_BLANK.test(before.text) || quoteEnd!.at <= lineEnd) {
        // The quote may end after a CR alone in the line: what follows it is read as a line.
        const at = quoteEnd !== undefined && quoteEnd.at > lineStart && quoteEnd.at <= lineEnd ? quoteEnd.at : lineStart
        cut(at)
        lineStart = at
        quote = undefined
        quoteEnd = undefined
        q = undefined
        table = undefined
        continue
      }
      // A lazy line goes on with a paragraph: what is known of the quote's content stays so.
      before = { start: lineStart, text: line }
      lineStart = lineEnd + 1
      continue
    }
    if ((fence === undefined || lost) && list !== undefined && mayEndList(line, list)) {
      // What follows the list is a block of its own (the line is read again, out of the list).
      if (listEnd(done + text.slice(start, lineEnd)) !== undefined) {
        cut(lineStart)
        list = undefined
        table = undefined
        continue
      }
    }
    const open = fence ?? html
    if (!lost && open !== undefined && lessIndented(line, open.indent)) {
      // An indented fence or HTML block may be in a list item, which a line less indented ends (the fence or HTML
      // with it: '- a', '  ```', 'b' draws 'b' as words after the list, and a '  ```' after them opens a fence), or
      // not, its lines going on past it. The parser tells, from the last line at the top level (`top`), once for
      // each such block and each fewer spaces (at most 3 times). Farther than TOP_MAX from it (a long list item, or
      // a tight list: parsed again for each), the text is no more cut.
      // So too past ASKS_MAX asks or ASKED_MAX characters asked about in this call: an answer of many such blocks in
      // a stretch was parsed again for each, and past the parser's cache at every token (9 s each at 100k characters).
      asks++
      asked += lineEnd - top
      if (open.at < top || lineEnd - top > TOP_MAX || asks > ASKS_MAX || asked > ASKED_MAX) lost = true
      else if (goesOnTo(text.slice(top, lineStart) + line, text.slice(top, open.at).split('\n').length)) {
        open.indent = /^ */.exec(line)![0].length
        // Going on past a line not indented, it is in no list item or quote (a fence or HTML goes on in one only
        // indented, or after its '>'): the parser may be asked from its start (an answer of many such blocks in a
        // stretch asked of a longer text for each).
        if (open.indent === 0) top = open.at
      } else {
        fence = undefined
        html = undefined
        continue
      }
    }
    // A blank line ends a `<div>` block (or the paragraph it may be): the line is read as any other (it may be cut at).
    if (html?.loose === true && line.trim() === '') html = undefined
    if (lost) {
      // Read no more: no line is taken for a fence, a table or a blank line to cut at.
    } else if (html?.loose === true) {
      // Its lines are HTML (a '<!--' or '```' line opens nothing in it). Were it words of a paragraph (`maybe`), a line
      // that opens a fence or a comment would open it: which it is, is not known.
      if (html.maybe === true && (FENCE_OPEN.test(line) || HTML_OPEN.test(line) || NESTED_FENCE.test(line))) lost = true
    } else if (html !== undefined) {
      if (html.end.test(line)) html = undefined
    } else if (fence !== undefined) {
      if (closesFence(fence.line, line)) {
        fence = undefined
        // A continuation holds code only: what follows the fence is a block of its own.
        if (code !== undefined) {
          cut(Math.min(lineEnd + 1, text.length))
          code = undefined
        }
      } else if (!/^ /.test(fence.line) && length(lineStart) >= size && lineStart - fence.at >= size) {
        // Only a fence at the line's start: an indented one may be in a list item, whose text after the
        // fence, drawn as a block of its own, left the item (and '2. Next' became words of a paragraph).
        cut(lineStart)
        code = fence.line
      }
    } else if (table !== undefined && tableGoesOn(line)) {
      // Only a table at the line's start, as for fences: an indented one may be in a list item.
      if (length(lineStart) >= size && !table.startsWith(' ') && list === undefined) {
        cut(lineStart)
        head = table
      }
    } else {
      if (/^[^\s]/.test(line) && /^\s*$/.test(lastLine(text, lineStart))) top = lineStart
      table = undefined
      // A continuation holds rows only: what follows the table is a block of its own.
      if (head !== undefined) {
        cut(lineStart)
        head = undefined
      }
      if (q !== undefined && !/^>/.test(line)) {
        // The quote ends at a blank line or after a '>'-only line; another line may be a lazy line of it (or one with
        // its marker spaces in): no more cuts in it.
        if (line.trim() === '' || QUOTE_BLANK.test(before.text)) q = undefined
        else q.state = 'stuck'
      } else if (/^>/.test(line) && line.includes('\r')) {
        // A CR alone is a line end to the parser: what follows it may be out of the quote.
        if (q !== undefined) q.state = 'stuck'
      } else if (/^>/.test(line)) {
        // A quote begins after a blank line (or at the text's start); after another line, that line may be in a quote
        // (a lazy line) or an HTML block, which this line goes on: no cuts in it.
        q ??= { at: length(lineStart), state: /^\s*$/.test(lastLine(text, lineStart)) ? 'plain' : 'stuck' }
        if (quoteLine(q, line.replace(/^> ?/, ''), QUOTE_BLANK.test(before.text))) q.child = lineStart
        if (
          QUOTE_BLANK.test(line) &&
          q.state !== 'stuck' &&
          q.fence === undefined &&
          list === undefined &&
          length(lineStart) >= size &&
          QUOTE_PARAGRAPH.test(text.slice(lineEnd + 1, lineEnd + 4)) &&
          !/\r[^\n]/.test(text.slice(lineEnd + 1, (text.indexOf('\n', lineEnd + 1) + 1 || text.length + 1) - 1) + '\n')
        ) {
          // A '>'-only line in the quote's content at its top level, before a paragraph of it: the next block holds
          // the quote's lines from that paragraph, drawn in the same quote.
          cut(lineStart)
          start = lineEnd + 1
          quote ??= q.at
          before = { start: lineStart, text: line }
          lineStart = lineEnd + 1
          continue
        }
      }
      const nested = lineEnd < text.length && NESTED_FENCE.test(line) ? nestedFence(lineStart, lineEnd, line) : undefined
      if (nested !== undefined) {
        // Its lines were not read: the quote's content is known again only after a fence of its own that closed.
        if (
          q !== undefined &&
          (nested.lineStart === lineStart || q.fence === undefined || !closesFence(q.fence, nested.line.replace(/^> ?/, '')))
        )
          q.state = 'stuck'
        if (q !== undefined) q.fence = undefined
        before = { start: nested.lineStart, text: nested.line }
        lineStart = nested.next
        continue
      }
      const item = list !== undefined ? itemLine(line) : undefined
      if (list !== undefined && item?.kind === list.kind) list.indent = item.indent
      const opener = HTML_OPEN.exec(line)
      // CDATA's start is in capitals only ('<![cdata[' begins no HTML block: a fence after it would be missed).
      if (opener !== null && (!opener[0].endsWith('[') || opener[0].endsWith('<![CDATA['))) {
        const end = htmlEnd(opener)
        // Its end looked for from its start's '<' on ('<!-->' and '<?>' end where they begin).
        if (!end.test(line.slice(opener[0].indexOf('<') + 1))) html = { end, at: lineStart, indent: /^ */.exec(line)![0].length }
      } else if (HTML_LOOSE.test(line) || HTML_TAG_LINE.test(line)) {
        // A `<div>` block goes on to a blank line; a line of a tag alone (kind 7) does so only where no paragraph goes on.
        const maybe = !HTML_LOOSE.test(line) && !(HTML_TAG.test(line) && lastLine(text, lineStart).trim() === '')
        html = { end: /^$/, at: lineStart, indent: /^ */.exec(line)![0].length, loose: true, maybe }
      } else if (FENCE_OPEN.test(line)) fence = { line, at: lineStart, indent: /^ */.exec(line)![0].length }
      // Not before an indented line: it goes on in the list item the text is in (alone, its words were a paragraph
      // out of the list, or with 4 spaces an indented code block).
      else if (line.trim() === '' && length(lineStart) >= size && /\S/.test(text[lineEnd + 1] ?? ' ')) {
        const nextEnd = text.indexOf('\n', lineEnd + 1)
        const next = text.slice(lineEnd + 1, nextEnd < 0 ? text.length : nextEnd).replace(/\r$/, '')
        const nextItem = itemLine(next)
        if (list !== undefined ? nextItem?.kind === list.kind : nextItem !== undefined || !LIST_MARKER.test(next)) {
          // An item after a blank line goes on in the list the block ends with, if of its kind (a whole parse draws
          // one loose list): the next block holds its items. Not before a line the parser alone tells (an empty
          // item, `- - -`), nor, within a list, before one that may end it (it is cut there if it does).
          const at =
            list === undefined && nextItem !== undefined ? listAtEnd(done + text.slice(start, lineStart), nextItem.kind) : undefined
          cut(lineStart)
          start = lineEnd + 1
          if (at !== undefined) list = { at, kind: nextItem!.kind, indent: nextItem!.indent }
        }
      } else if (
        lineEnd < text.length &&
        tableStarts(before.text, line) &&
        (before.start === start || /^\s*$/.test(lastLine(text, before.start)))
      ) {
        table = `${before.text}\n${line}\n`
      }
    }
    before = { start: lineStart, text: line }
    lineStart = lineEnd + 1
  }

  /**
   * A fence after spaces or block quote markers (in a list item or a quote) opened on the line from `open` to
   * `openEnd`: its code is cut into blocks of `size` (all but the first taken out of the current block), and
   * the line after it (or after its closing line) is where the text goes on; undefined when it is no fence, or
   * one whose end cannot be told safely (it is then parsed whole, with its block).
   */
  function nestedFence(open: number, openEnd: number, openLine: string) {
    // A fence closed within `size` is never cut: it is read with its block as any line, without the parse of the
    // block's Markdown up to it (one per fence, kept for 64 fences: an answer of 100 steps, each with its short
    // code, parsed them all again at every token).
    if (closedWithin(openLine, open, openEnd + 1)) return undefined
    const context = fenceContext(done + text.slice(start, openEnd))
    if (context === null) return undefined
    const cuts: number[] = []
    let at = openEnd + 1
    let lineEnd = at
    let last: ReturnType<typeof fenceLine> = 'code'
    /** The end of the code's last line but a blank one: blank lines at its end are parsed with what follows. */
    let codeEnd = at
    for (; at < text.length; at = lineEnd + 1) {
      lineEnd = text.indexOf('\n', at)
      if (lineEnd < 0) lineEnd = text.length
      const kind = fenceLine(context, text.slice(at, lineEnd))
      const from = cuts.length ? cuts[cuts.length - 1]! : open
      // Cut after a line of code, never after a blank line (one at a block's end may be no line of its code).
      if (kind === 'code' && last === 'code' && at - from >= size && (cuts.length > 0 || length(at) >= size)) cuts.push(at)
      last = kind
      if (kind === 'code') codeEnd = Math.min(lineEnd + 1, text.length)
      else if (kind !== 'blank') break
    }
    if (cuts.length > 0) {
      done += text.slice(start, cuts[0])
      const hole = done.length
      cuts.forEach((c, i) => holes.push({ text: text.slice(c, cuts[i + 1] ?? codeEnd), markdown: true, fence: openLine, hole }))
      start = codeEnd
    }
    if (last === 'close') {
      return { lineStart: at, line: text.slice(at, lineEnd).replace(/\r$/, ''), next: lineEnd + 1 }
    }
    // The line that ended the list item or quote is read as any other; at the text's end, nothing is.
    return { lineStart: open, line: openLine, next: Math.min(at, text.length) }
  }

  /**
   * Whether a line starting less than `size` from the fence's opening line (at `open`, its code from `from`) may close
   * it (as many of its marks or more): no line of its code is then far enough from the opening line to be cut at.
   */
  function closedWithin(openLine: string, open: number, from: number): boolean {
    const marks = NESTED_FENCE.exec(openLine)![1]!
    const closing = new RegExp(`^(?: {0,3}> ?)* *${marks[0] === '~' ? '~' : '`'}{${marks.length},}[ \\t]*\\r?$`)
    for (let at = from; at < text.length && at - open < size;) {
      const end = text.indexOf('\n', at)
      if (end < 0) return false
      if (closing.test(text.slice(at, end))) return true
      at = end + 1
    }
    return false
  }

  if (start < text.length || done !== '' || holes.length > 0) {
    // Inside a fence or past the Markdown budget: what is left goes as plain text.
    const rest = text.slice(start)
    if (lineStart >= text.length) {
      blocks.push(
        {
          text: done + rest,
          markdown: true,
          ...(head !== undefined && { head }),
          ...(code !== undefined && { fence: code }),
          ...(list !== undefined && { list: list.at }),
          ...(quote !== undefined && { quote })
        },
        ...holes
      )
    } else {
      if (done !== '' || holes.length > 0)
        blocks.push(
          { text: done, markdown: true, ...(list !== undefined && { list: list.at }), ...(quote !== undefined && { quote }) },
          ...holes
        )
      blocks.push(...plainBlocks(rest, size * 10).map((b) => ({ text: b, markdown: false })))
    }
  }
  return blocks
}

/**
 * A line that may end the list whose items a block holds (the parser tells): one but a blank line, less indented than
 * its item's content, and no item of the list (a tab in its indentation: may be either).
 */
function mayEndList(line: string, list: { kind: string; indent: number }): boolean {
  const spaces = /^ */.exec(line)![0].length
  if (spaces === line.length) return false
  return line[spaces] === '\t' || (spaces < list.indent && itemLine(line)?.kind !== list.kind)
}

/** A line in a block quote (its marker up to 3 spaces in), and one at the line's start with nothing after it. */
const QUOTE_LINE = /^ {0,3}>/
const QUOTE_BLANK = /^>[ \t]*$/
const QUOTE_BLANKS = /\n>[ \t]*\r?(?=\n|$)/g
/** A quote's line beginning a paragraph at its top level (after a '>'-only line): a letter after its marker. */
const QUOTE_PARAGRAPH = /^> ?\p{L}/u

/**
 * What is known of a block quote's content from its lines ('>' in column 0): `plain`, at its top level (in no list
 * item, fence or HTML block of its own; a nested quote, a paragraph, indented code, a table end at a '>'-only line);
 * `item`, maybe in a list item of it, with no fence or HTML block seen since (a paragraph after a '>'-only line
 * ends the item); `stuck`, not known (a fence or HTML block in a list item, a lazy line): no more cuts in it.
 * `fence`: the opening line (without the marker) of a fence of its own the content is in, when `plain`.
 */
interface Quote {
  readonly at: number
  state: 'plain' | 'item' | 'stuck'
  fence?: string
  child?: number
}

/** A list item's marker, after spaces. */
const ITEM = /^ {0,3}([-+*]|\d{1,9}[.)])(\s|$)/
/** A fence's opening line, or an HTML block's that a blank line does not end, after quote and list markers. */
const OPENS = /^(?:[ \t]*>|[ \t]*(?:[-+*]|\d{1,9}[.)])(?=\s))*[ \t]*(?:`{3,}|~{3,}|<)/

/**
 * Reads a line of the quote `q` whose content (without its marker) is `content`; `afterBlank`: the line before was
 * '>'-only. True when the line begins a child of the quote at its top level (the quote `plain` from it).
 */
function quoteLine(q: Quote, content: string, afterBlank: boolean): boolean {
  if (q.state === 'stuck') return false
  if (q.fence !== undefined) {
    if (closesFence(q.fence, content)) q.fence = undefined
    return false
  }
  if (content.trim() === '') return false
  if (/^[ \t]*>/.test(content)) {
    // A nested quote: all in it ends at a '>'-only line, but what is in it may be read as its own (a fence).
    if (q.state === 'item') q.state = OPENS.test(content) ? 'stuck' : 'item'
    return false
  }
  if (FENCE_OPEN.test(content) && q.state === 'plain') {
    q.fence = content
    return false
  }
  if (OPENS.test(content)) {
    // A fence in a list item, or an HTML block: where it ends is not told from the lines alone.
    q.state = 'stuck'
    return false
  }
  if (ITEM.test(content) || (q.state === 'item' && /^\s/.test(content))) {
    q.state = 'item'
    return false
  }
  if (q.state === 'item' && !afterBlank) return false
  // A line at the quote's top level (ending a list item after a '>'-only line).
  q.state = 'plain'
  return afterBlank
}

/** How far from the last line at the top level the parser is asked where an indented fence or HTML block ends. */
const TOP_MAX = 2000
/** At most so many asks of the parser per call, of so many characters: fewer than its cache holds (an answer's stay in it). */
const ASKS_MAX = 1000
const ASKED_MAX = 100_000

/** A line, not blank, with fewer spaces before its first character than `indent` (a tab: 4 columns, never fewer). */
function lessIndented(line: string, indent: number): boolean {
  const spaces = /^ */.exec(line)![0].length
  return spaces < indent && /\S/.test(line) && line[spaces] !== '\t'
}

/**
 * The start of an HTML block that a blank line does not end (CommonMark's kinds 1 to 5): raw text elements, a
 * comment, a processing instruction, a declaration, CDATA. It goes on to the line holding its end (htmlEnd).
 */
const HTML_OPEN = /^ {0,3}(?:<(pre|script|style|textarea)(?=[\s>]|$)|<!--|<\?|<!\[CDATA\[|<![A-Za-z])/i

/** CommonMark's kind 6 of HTML block (`<div>`, `</p>`...), which a blank line ends. */
const HTML_LOOSE = new RegExp(
  `^ {0,3}</?(?:${[
    'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt',
    'fieldset figcaption figure footer form frame frameset h[1-6] head header hr html iframe legend li link main menu',
    'menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead title tr track ul'
  ]
    .join(' ')
    .split(' ')
    .join('|')})(?=[\\s>]|/>|$)`,
  'i'
)
/** Kind 7: a line of one whole opening or closing tag (but those of HTML_OPEN), when no paragraph goes on. */
const HTML_TAG =
  /^ {0,3}(?:<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)\s*$/
/** A line that may be of kind 7 (HTML_TAG, or one the parser alone tells). */
const HTML_TAG_LINE = /^ {0,3}<\/?[A-Za-z].*>\s*$/

/** What ends the HTML block `opener` (HTML_OPEN's match) begins. */
function htmlEnd(opener: RegExpExecArray): RegExp {
  // Any of the four raw elements' end tags ends it ('<pre>' ends at '</style>' too).
  if (opener[1] !== undefined) return /<\/(?:pre|script|style|textarea)>/i
  const start = opener[0].trimStart()
  return start === '<!--' ? /-->/ : start === '<?' ? /\?>/ : start === '<![CDATA[' ? /\]\]>/ : />/
}

/** A table's row as models write them: from a pipe, at most three spaces in. */
const TABLE_ROW = /^ {0,3}\|/
/**
 * A line in a table goes on with it (GFM): a row from a pipe, or any line but a blank one or one that begins
 * another block ("lazy" rows: `bar` after a table's rows is one more row of it, as a whole parse draws it).
 */
const tableGoesOn = (line: string) => TABLE_ROW.test(line) || (line.trim() !== '' && !BLOCK_START.test(line))
const BLOCK_START = /^( {4}|\t| {0,3}(#{1,6}(\s|$)|>|[*+-](\s|$)|\d{1,9}[.)](\s|$)|`{3,}|~{3,}|<|(\*\s*){3,}$|(-\s*){3,}$|(_\s*){3,}$))/
const TABLE_DELIMITER = /^ {0,3}\|(\s*:?-+:?\s*\|)+\s*(:?-+:?\s*)?$/

/** A code fence's opening line (CommonMark): three or more backticks (their info string without one) or tildes. */
const FENCE_OPEN = /^ {0,3}(`{3,}(?!.*`)|~{3,})/

/**
 * Whether `line` closes the fence `open` opened: its character, at least as many, nothing after them (a CR of
 * a CRLF line end is part of the line end, as the Markdown parser takes it).
 */
function closesFence(open: string, line: string): boolean {
  const marker = /^ *(`+|~+)/.exec(open)![1]!
  const close = /^ {0,3}(`+|~+)[ \t]*\r?$/.exec(line)
  return close !== null && close[1]![0] === marker[0] && close[1]!.length >= marker.length
}

/**
 * The code a block continuing a fence holds (as the fence's code, were it parsed whole): without the closing
 * fence, each line without the block quote markers and as many leading spaces as the opening fence has. `last`:
 * the block ends the code, whose last line break is a \n whatever the text's line ends.
 */
export function fencedCode(open: string, text: string, last = true): string {
  const lines = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n')
  // Only a fence at the line's start is cut with its closing line (markdownBlocks).
  if (/^[`~]/.test(open) && closesFence(open, lines[lines.length - 1]!)) lines.pop()
  const code = lines.map((l) => codeLine(open, l) + '\n').join('')
  return last ? code.replace(/\r\n$/, '\n') : code
}

/** The line before the one starting at `at` ('' at the text's start). */
function lastLine(text: string, at: number): string {
  if (at === 0) return ''
  return text.slice(text.lastIndexOf('\n', at - 2) + 1, at - 1)
}

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/).length

/** `header` then `delimiter` begin a table (GFM: as many cells in both). */
function tableStarts(header: string, delimiter: string): boolean {
  return TABLE_ROW.test(header) && TABLE_DELIMITER.test(delimiter) && cells(header) === cells(delimiter)
}

export interface MarkdownBlock {
  readonly text: string
  /** false: shown as plain text (past MARKDOWN_MAX_CHARS). */
  readonly markdown: boolean
  /** Rows of a table begun in the block before: its header and delimiter rows, which `text` lacks. */
  readonly head?: string
  /** Lines of a code block begun in the block before: the opening line of its fence, which `text` lacks. */
  readonly fence?: string
  /**
   * Lines of a code block in a list item or block quote of the block before, whose text lacks them: where they go
   * in that text (its code block holding this offset), what follows the code staying in that block.
   */
  readonly hole?: number
  /**
   * Items of a loose list begun in a block before (and continued by the blocks of items between): where that list
   * starts in the text of its first block. The block holds the list's items only.
   */
  readonly list?: number
  /**
   * Lines of a block quote begun in a block before (and continued by the blocks between): where that quote starts in
   * the text of its first block. The block holds the quote's lines only, from the start of one of its paragraphs.
   */
  readonly quote?: number
}

/** Plain text as blocks of `size` characters (never half a surrogate pair). */
export function plainBlocks(text: string, size = BLOCK_CHARS): string[] {
  const blocks: string[] = []
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + size)
    if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end--
    blocks.push(text.slice(start, end))
    start = end
  }
  return blocks
}

/** How much "Show all" would add, in words. */
export function sizeLabel(chars: number): string {
  if (chars < 1000) return `${chars} characters`
  if (chars < 1_000_000) return `${Math.round(chars / 1000)} thousand characters`
  return `${(chars / 1_000_000).toFixed(1)} million characters`
}
