import type { ExportFormat } from '../../shared/contract/inbox-management'
import type { LastMessage } from '../../shared/contract/message'
import { sourcesOf } from '../../shared/answer-sources'
import { messageRole, replyingAgent } from '../../shared/message-role'
import { OPERATOR } from '../../shared/provider-title'
import { showsNothing } from '../../shared/contract/inbox-name-rules'

const EXTENSIONS: Record<ExportFormat, string> = { markdown: 'md', json: 'json', txt: 'txt' }

/**
 * Names Windows keeps for devices, whatever the extension: a file cannot be called `CON.md` there.
 * COM0 and LPT0, the superscript digits and the console's own names are devices too (Win32 file naming).
 */
const WINDOWS_DEVICE = /^(CON|PRN|AUX|NUL|COM[0-9\u00b9\u00b2\u00b3]|LPT[0-9\u00b9\u00b2\u00b3]|CONIN\$|CONOUT\$|CLOCK\$)$/i

/**
 * Invisible format characters (Unicode Cf): a zero-width joiner inside an emoji, a soft hyphen, a byte order
 * mark, a flag's tag characters. Chromium writes each as `_` in a downloaded file's name ("👨_👩_👧.md"), so the
 * file saved was not the one named. Left out, the rest shows as it did. They include the bidirectional
 * controls, which reorder what follows them on screen: `report\u202Edm.exe` showed as `reportexe.md`, so a
 * name could disguise the file's extension in a save dialog.
 */
const FORMAT_CHARACTERS = /\p{Cf}/gu

/**
 * Characters no file system takes (`\ / : * ? " < > |`, control characters), those Chromium refuses in a
 * download's name (Unicode noncharacters), and a lone surrogate, which has no UTF-8 form.
 */
const UNSAFE_CHARACTERS = /[\\/:*?"<>|\p{Cc}\p{Cs}]|\p{Noncharacter_Code_Point}/gu

/**
 * How long a file name's part before the extension may be, in UTF-8 bytes: Linux and macOS take 255 bytes a
 * name, and 100 characters of CJK or emoji are 300 to 400. What is left is room for the extension, the
 * " (2)" a browser adds beside a file of the same name, and its ".crdownload" while the file is written.
 */
const FILENAME_BYTES = 200

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
const utf8 = new TextEncoder()

/**
 * The name's first `max` characters, and no more than `maxBytes` of UTF-8; a longer name ends at its last
 * whole word there ("…agreements", not "…agreements signe"). It is cut between graphemes, never inside an
 * emoji or a letter with its accents.
 */
function shortened(name: string, max: number, maxBytes = Infinity): string {
  const chars = [...name]
  if (chars.length <= max && utf8.encode(name).length <= maxBytes) return name
  let cut = ''
  let count = 0
  let bytes = 0
  let next = ''
  for (const { segment } of graphemes.segment(name)) {
    const length = [...segment].length
    const size = utf8.encode(segment).length
    if (count + length > max || bytes + size > maxBytes) {
      next = segment
      break
    }
    cut += segment
    count += length
    bytes += size
  }
  if (/^\s/.test(next)) return cut
  // Back to the last space, unless that leaves less than half: one long word is cut where it must be.
  const space = cut.search(/\s\S*$/)
  return space >= cut.length / 2 ? cut.slice(0, space) : cut
}

/**
 * A file name from the inbox's name that Windows, macOS and Linux all take, and that a browser's download
 * keeps as it is: unsafe characters replaced by `_`, invisible ones left out, no leading dot (a hidden file
 * on macOS and Linux, dropped by Chromium: ".hidden" downloaded as "hidden.md", "..." as "md.txt") nor tilde
 * (Chromium's `_`), a Windows device name marked, at most 100 characters and 200 bytes.
 */
export function exportFilename(customName: string, format: ExportFormat): string {
  const named = customName.replace(FORMAT_CHARACTERS, '').replace(UNSAFE_CHARACTERS, '_')
  // A name stored before names that show nothing were refused (a lone U+200B, a NUL) made a file name that showed nothing.
  const trimmed = (s: string) =>
    s
      .trim()
      .replace(/^[\s.]+/, '')
      .replace(/^~/, '_')
  let base = (showsNothing(customName) ? '' : shortened(trimmed(named), 100, FILENAME_BYTES).trim()) || 'conversation'
  // Windows reads `con.txt.md` as the device too: what counts is the part before the first dot.
  const [head = '', ...rest] = base.split('.')
  if (WINDOWS_DEVICE.test(head.trim())) base = [`${head.trimEnd()}_`, ...rest].join('.')
  return `${base}.${EXTENSIONS[format]}`
}

/** The name as one line of title: a renamed inbox may hold line breaks. */
const titleLine = (customName: string) => customName.replace(/\s*[\r\n]+\s*/g, ' ').trim()

/** How an answer is headed, from the agent it was sent as (the answering provider, see answeringProvider in shared/provider-title.ts). */
export type ProviderNamer = (providerId: string) => string

/**
 * Who wrote a message, and how an answer ended when it did not finish: "Local, answer failed". Said
 * after a comma, not in parentheses: a provider told apart by its id already has some, and
 * "Local (a) (error)" read as two asides.
 */
function speaker(m: LastMessage, format: Exclude<ExportFormat, 'json'>, nameOf: ProviderNamer, about?: AnsweredQuestion): string {
  const agent = replyingAgent(m)
  if (agent === undefined) return OPERATOR
  // The provider's display name is the operator's words too.
  const name = format === 'markdown' ? asTyped(nameOf(agent)) : nameOf(agent)
  const role = messageRole(m)
  if (about) {
    const to = `to “${format === 'markdown' ? asTyped(about.question) : about.question}”`
    if (role === 'error') return `${name}, answer ${to} failed`
    const answer = `${name}, ${about.nth > 1 ? `answer ${about.nth}` : 'answer'} ${to}`
    return role === 'stopped' ? `${answer}, stopped` : answer
  }
  return role === 'answer' ? name : `${name}, answer ${role === 'error' ? 'failed' : 'stopped'}`
}

/**
 * The operator's words as typed, in a Markdown heading: what Markdown would read as emphasis, a link,
 * code, HTML or an entity escaped ("2*3*4" showed as 2<em>3</em>4, "<b>" vanished into bold).
 */
const asTyped = (text: string) => text.replace(/[\\`*_[\]<>&~]/g, '\\$&')

/**
 * A whole heading's text as typed (the title: a conversation is named after its first question): as
 * asTyped, and a run of # closing it ("Ticket #") escaped, which Markdown drops as the heading's end.
 */
const headingAsTyped = (text: string) => asTyped(text).replace(/(^|[ \t])(#+)$/, '$1\\$2')

/**
 * The question a reply answers, when the export has to say it: the reply is not the first answer to
 * the question just above it. A regenerated answer is appended at the end of the conversation, after
 * the questions asked since, where it read as an answer to the last of them. `nth` counts the
 * question's answers as the window does (stopped ones too, never a failed attempt).
 */
export interface AnsweredQuestion {
  readonly question: string
  readonly nth: number
}

/** How much of a question an answer's heading quotes. */
const QUOTED_QUESTION = 60

/**
 * Follows the messages of one conversation in order: for each, what its heading says about the
 * question it answers (undefined: nothing to say). Keeps each question's quote and answer count,
 * a few dozen bytes a question, not the messages.
 */
export function answeredQuestions(): (m: LastMessage) => AnsweredQuestion | undefined {
  const questions = new Map<string, { quote: string; answers: number }>()
  let last = ''
  return (m) => {
    const role = messageRole(m)
    if (role === 'operator') {
      last = m.node_api_data.node_message_hash
      const line = m.job_message.content.replace(/\s+/g, ' ').trim()
      const quote = shortened(line, QUOTED_QUESTION)
      questions.set(last, { quote: quote.length < line.length ? `${quote}…` : quote, answers: 0 })
      return undefined
    }
    const question = questions.get(m.job_message.parent)
    if (!question) return undefined
    if (role !== 'error') question.answers++
    const nth = Math.max(1, question.answers)
    const mine = m.job_message.parent === last
    // A failed attempt at the question just above reads as such without its quote.
    if (mine && (role === 'error' || nth === 1)) return undefined
    return { question: question.quote, nth }
  }
}

/** The title line of a Markdown or text export. */
export function exportHeader(customName: string, format: Exclude<ExportFormat, 'json'>): string {
  const title = titleLine(customName)
  return format === 'markdown'
    ? `# ${headingAsTyped(title)}\n\n`
    : `${title}\n${'='.repeat(Math.min(80, [...title].length))}\n\n${TEXT_LAYOUT_NOTE}\n\n`
}

/**
 * How a text export tells its messages apart. A message's text is written with every line indented
 * (TEXT_INDENT): only a message's own heading, `[time] Who:`, and its `Sources:` line start at the left
 * margin. A message whose text held a line such as "[2026-01-01 10:00] You: hi" read as a message of its own.
 */
const TEXT_INDENT = '    '
const TEXT_LAYOUT_NOTE =
  'Each message starts with a line "[time] Who:" at the left margin; every line of its text follows, indented by 4 spaces.'

/** Line breaks a text editor may show as such (Unicode's mandatory breaks): each starts an indented line. */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g

/** `text` as a text export's message body: each of its lines indented, ending in LF. */
const indentedText = (text: string) => TEXT_INDENT + text.replace(LINE_BREAKS, `\n${TEXT_INDENT}`)

/** A heading or sources line of a text export kept to one line: a provider's name or a path may hold a line break. */
const oneTextLine = (text: string) => text.replace(LINE_BREAKS, ' ')

/** A line that opens or closes a fenced code block (CommonMark): up to 3 spaces, then 3+ backticks or tildes. */
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/

/** A fenced code block left open: its fence, the spaces before it, and how many block quotes hold it. */
interface OpenFence {
  readonly fence: string
  readonly indent: string
  readonly quotes: number
}

const NO_FENCE: OpenFence = { fence: '', indent: '', quotes: 0 }

/** The block quote markers opening `line`, at most `max` of them: how many, and the line after them. */
function quoteMarkers(line: string, max: number): { quotes: number; rest: string } {
  let quotes = 0
  let rest = line
  for (let m; quotes < max && (m = /^ {0,3}>[ \t]?/.exec(rest)); quotes++) rest = rest.slice(m[0].length)
  return { quotes, rest }
}

/**
 * The fence that closes a code block `text` leaves open (a stopped answer, cut while writing code),
 * or '' when every block is closed. Open, it would turn every message after it into code. It keeps the
 * opening fence's indent: at the line's start it would end a list item holding the block, then open a
 * code block of its own. One in a block quote needs none, the blank line after the message ends the quote.
 */
export function unclosedFence(text: string): string {
  const open = blocksLeftOpen(text).fence
  return open.quotes ? '' : open.indent + open.fence
}

/**
 * Raw HTML blocks that only end at their own closing text (CommonMark's HTML blocks 1 to 5): `<pre>`,
 * `<script>`, `<style>`, `<textarea>`, a comment, a processing instruction, a declaration, CDATA. What
 * each starts with (after up to 3 spaces), what ends it, and the line that closes it.
 */
const HTML_BLOCKS: readonly { start: RegExp; end: RegExp; closer: (start: RegExpExecArray) => string }[] = [
  {
    start: /^<(pre|script|style|textarea)(?=[\s>]|$)/i,
    end: /<\/(?:pre|script|style|textarea)>/i,
    closer: (m) => `</${m[1]!.toLowerCase()}>`
  },
  { start: /^<!--/, end: /-->/, closer: () => '-->' },
  { start: /^<\?/, end: /\?>/, closer: () => '?>' },
  { start: /^<![A-Za-z]/, end: />/, closer: () => '>' },
  { start: /^<!\[CDATA\[/, end: /\]\]>/, closer: () => ']]>' }
]

/** An HTML block a line starts: the spaces before it, the line that closes it, and whether that line closes it already. */
interface HtmlBlock {
  readonly indent: string
  readonly closer: string
  readonly end: RegExp
  readonly closed: boolean
}

/** The HTML block of kinds 1 to 5 `line` starts, if any (read outside code; a line in a block quote starts none here). */
function htmlBlockAt(line: string): HtmlBlock | undefined {
  const [, indent = '', rest = ''] = /^( {0,3})(.*)$/s.exec(line) ?? []
  for (const { start, end, closer } of HTML_BLOCKS) {
    const m = start.exec(rest)
    if (m) return { indent, closer: closer(m), end, closed: end.test(rest.slice(m[0].length)) }
  }
  return undefined
}

/**
 * The line that closes a raw HTML block `text` leaves open, or ''. A block such as `<pre>`, `<script>` or
 * `<!--` ends only at its closing text, not at a blank line (CommonMark): left open (an answer stopped
 * while writing one, or one showing HTML outside a code block), every message after it in a Markdown
 * export was part of it, shown as raw HTML or not at all. The closer shows nothing once rendered.
 */
export function unclosedHtmlBlock(text: string): string {
  const html = blocksLeftOpen(text).html
  return html ? html.indent + html.closer : ''
}

const openAfter = (block: HtmlBlock | undefined) => (block && !block.closed ? block : undefined)

/** The code block and the HTML block `text` leaves open (at most one of them). */
function blocksLeftOpen(text: string): { fence: OpenFence; html?: HtmlBlock } {
  let open = NO_FENCE
  let html: HtmlBlock | undefined
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (html) {
      // Inside an HTML block a fence is HTML too.
      if (html.end.test(line)) html = undefined
      continue
    }
    const inFence = fenceAt(open, line)
    open = fenceAfter(inFence, line)
    if (!inFence.fence && !open.fence) html = openAfter(htmlBlockAt(line))
  }
  return { fence: open, html }
}

/**
 * The code block still open where `line` starts. One in a block quote ends with the quote (CommonMark),
 * at the first line without all of its > markers, blank or not.
 */
function fenceAt(open: OpenFence, line: string): OpenFence {
  return open.fence && quoteMarkers(line, open.quotes).quotes < open.quotes ? NO_FENCE : open
}

/** The code block open after `line`, given the one open where it starts. */
function fenceAfter(open: OpenFence, line: string): OpenFence {
  // Inside a code block only its own quote's markers are read: a further > is code, so is a fence after it.
  const { quotes, rest } = quoteMarkers(line, open.fence ? open.quotes : Infinity)
  const m = FENCE.exec(rest)
  if (!m) return open
  const [, indent = '', fence = '', info = ''] = m
  // A backtick fence's info string holds no backtick (else the line is inline code).
  if (!open.fence) return fence[0] === '`' && info.includes('`') ? NO_FENCE : { fence, indent, quotes }
  return fence[0] === open.fence[0] && fence.length >= open.fence.length && info.trim() === '' ? NO_FENCE : open
}

/** An ATX heading's opening: blockquote markers, up to 3 spaces, then 1 to 6 #s and a space or the line's end. */
const ATX = /^((?: {0,3}>[ \t]?)*)( {0,3})(#{1,6})(?=[ \t]|$)/
/** A setext underline: up to 3 spaces, then only = (a level 1 heading) or only - (level 2). */
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/
/** A thematic break made of * or _ (one of - under a paragraph is a setext underline), or spaced out. */
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/
/** A line that starts a list item or a blockquote, or is an ATX heading: no setext heading's text. */
const NOT_HEADING_TEXT = /^ {0,3}(?:[-*+][ \t]|\d{1,9}[.)][ \t]|>|#{1,6}(?:[ \t]|$))/

/**
 * `text` with every heading `by` levels lower (at most level 6), so an answer's "## Summary" sits under
 * the message's own heading instead of outranking it in the file's outline. Code blocks, and raw HTML
 * blocks that end only at their closing text (`<pre>` … `</pre>`), are left as they are; a setext heading (its text underlined with === or ---, levels 1 and 2 only) becomes an
 * ATX one. The text is the provider's otherwise, its lines ending in LF: CRLF and CR end lines as LF
 * does (CommonMark), and the Markdown export writes every other line as LF too, so the file has one kind.
 */
export function demotedHeadings(text: string, by: number): string {
  const lines = text.split(/\r\n|\r|\n/)
  const out: string[] = []
  let fence = NO_FENCE
  let paragraph = -1 // where the paragraph that could still become a setext heading starts in `out`
  let html: HtmlBlock | undefined // a raw HTML block such as <pre> is left as written too, up to its end
  for (const line of lines) {
    if (html) {
      if (html.end.test(line)) html = undefined
      out.push(line)
      continue
    }
    const inFence = fenceAt(fence, line)
    fence = fenceAfter(inFence, line)
    const htmlStart = inFence.fence || fence.fence ? undefined : htmlBlockAt(line)
    if (inFence.fence || fence.fence || htmlStart) {
      html = openAfter(htmlStart)
      paragraph = -1
      out.push(line)
      continue
    }
    const atx = ATX.exec(line)
    if (atx) {
      const [whole, quotes = '', indent = '', hashes = ''] = atx
      out.push(`${quotes}${indent}${'#'.repeat(Math.min(6, hashes.length + by))}${line.slice(whole.length)}`)
      paragraph = -1
      continue
    }
    const underline = SETEXT.exec(line)
    if (underline && paragraph >= 0) {
      const words = out
        .splice(paragraph)
        .map((l) => l.trim())
        .join(' ')
      const level = underline[1]![0] === '=' ? 1 : 2
      out.push(`${'#'.repeat(Math.min(6, level + by))} ${words}`)
      paragraph = -1
      continue
    }
    // -1: between blocks; -2: in a list item or a blockquote, whose text is no setext heading.
    // A list item or a blockquote starts its own block, even right under a paragraph line.
    if (line.trim() === '' || THEMATIC_BREAK.test(line)) paragraph = -1
    else if (NOT_HEADING_TEXT.test(line)) paragraph = -2
    else if (paragraph === -1 && !/^( {4}|\t)/.test(line)) paragraph = out.length
    out.push(line)
  }
  return out.join('\n')
}

/** `text` as a Markdown code span: a path may hold backticks, `*` or `_`, shown as they are. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length))
  const ticks = '`'.repeat(longest + 1)
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : ''
  return `${ticks}${pad}${text}${pad}${ticks}`
}

/** The parts of a message's time in a Markdown or text export: date, time to the second, and the offset from UTC. */
const READABLE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'shortOffset'
}
const timeFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * A message's time as a person reads it: the date and time where the node runs, in its language, with
 * the offset named so it is never ambiguous ("30 Nov 2026, 11:00:00 GMT+1"). Exports carried the
 * stored ISO string in UTC ("2026-11-30T10:00:00.000Z"), read by no one as their own time. The JSON
 * export keeps the stored strings, exactly as last_messages returns them.
 */
export function readableTime(iso: string, where: { readonly locale?: string; readonly timeZone?: string } = {}): string {
  const t = Date.parse(iso)
  if (!Number.isFinite(t)) return iso
  const key = `${where.locale ?? ''}|${where.timeZone ?? ''}`
  let format = timeFormats.get(key)
  if (!format) timeFormats.set(key, (format = new Intl.DateTimeFormat(where.locale, { ...READABLE_TIME, timeZone: where.timeZone })))
  return format.format(t)
}

/** What a Markdown or text export says for an answer stopped before the provider wrote anything (as the window says it). */
const STOPPED_EMPTY = 'Stopped before the provider wrote anything.'

/**
 * One message of a Markdown or text export; an answer's sources follow it, so the file says where it came from.
 * An answer is headed by its provider as the operator named it (`nameOf`), as the window shows it.
 */
export function exportEntry(
  m: LastMessage,
  format: Exclude<ExportFormat, 'json'>,
  nameOf: ProviderNamer = (id) => id,
  timeOf: (iso: string) => string = readableTime,
  about?: AnsweredQuestion
): string {
  const when = timeOf(m.node_api_data.node_timestamp)
  const text = m.job_message.content
  // Stopped before its first word, it had no text: its heading over an empty section read as an answer the export lost.
  const nothing = text === '' && messageRole(m) === 'stopped'
  // Each document once, in the order given: an answer cites several passages of one file.
  const sources = [...new Set(sourcesOf(m).map((s) => s.path))]
  if (format === 'txt')
    return `[${oneTextLine(when)}] ${oneTextLine(speaker(m, format, nameOf, about))}:\n${indentedText(nothing ? `(${STOPPED_EMPTY})` : text)}\n${sources.length ? `Sources: ${oneTextLine(sources.join(', '))}\n` : ''}\n`
  // What a stopped answer left open is closed, so the messages after it read as messages.
  const closer = unclosedFence(text) || unclosedHtmlBlock(text)
  const cited = sources.length ? `\n\nSources: ${sources.map(codeSpan).join(', ')}` : ''
  // The title is level 1 and each message level 2: the message's own headings go below both.
  return `## ${speaker(m, format, nameOf, about)} · ${when}\n\n${nothing ? `_${STOPPED_EMPTY}_` : demotedHeadings(text, 2)}${closer && `\n${closer}`}${cited}\n\n`
}
