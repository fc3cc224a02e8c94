/**
 * Where a text stops being JSON, for telling a user where to look. V8's own words name a parser
 * state ("Unexpected token '}', ... is not valid JSON"), quote the body back (keys included),
 * and for half the mistakes give no place at all ("Unexpected end of JSON input"). This scan runs
 * only once JSON.parse has refused a body, so it needs to find the place, not to build a value.
 * It keeps its own stack: a body of a million `[` must not end in a stack overflow.
 */

// The long runs (white space, a string's plain characters) are passed over by sticky
// expressions, which V8 runs as machine code: a loop over each character took 1.2 s on a 64 MiB body.
const WHITE_RUN = /[ \t\n\r]*/y
// eslint-disable-next-line no-control-regex -- control characters are what ends a JSON string's plain run
const PLAIN_RUN = /[^"\\\u0000-\u001f]*/y
/** The end of the run `re` matches from `at` (a run may be empty). */
const runEnd = (re: RegExp, text: string, at: number) => {
  // Past the end, a failed match would set lastIndex back to 0.
  if (at >= text.length) return at
  re.lastIndex = at
  re.test(text)
  return re.lastIndex
}
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't'])
const HEX = /^[0-9a-fA-F]$/
const LITERALS: Record<string, string> = { t: 'true', f: 'false', n: 'null' }

/** The offset (UTF-16 index) of the first character that makes `text` not JSON; undefined when it is JSON. */
export function jsonSyntaxErrorAt(text: string): number | undefined {
  const n = text.length
  let i = 0
  /** The closing character each open array or object waits for. */
  const open: string[] = []
  // The expression only where a run starts: most tokens are followed by no white space at all.
  const skipWhite = () => {
    const c = text.charCodeAt(i)
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i = runEnd(WHITE_RUN, text, i + 1)
  }
  const string = (): boolean => {
    if (text[i] !== '"') return false
    i++
    while ((i = runEnd(PLAIN_RUN, text, i)) < n) {
      const c = text.charCodeAt(i)
      if (c === 0x22) {
        i++
        return true
      }
      if (c < 0x20) return false
      // A backslash. A bad escape is placed at the character after the backslash, a bad \u at its first non-hex digit.
      i++
      if (text[i] === 'u') {
        i++
        for (let k = 0; k < 4; k++, i++) if (!HEX.test(text[i] ?? '')) return false
      } else if (ESCAPES.has(text[i] ?? '')) i++
      else return false
    }
    return false
  }
  const digits = (): boolean => {
    const from = i
    while (i < n && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++
    return i > from
  }
  /** A number, stopping where a digit is missing (after `-`, `.` or the exponent's sign). */
  const number = (): boolean => {
    if (text[i] === '-') i++
    if (text[i] === '0') i++
    else if (!digits()) return false
    if (text[i] === '.') {
      i++
      if (!digits()) return false
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++
      if (text[i] === '+' || text[i] === '-') i++
      if (!digits()) return false
    }
    return true
  }
  /** A key and its colon, leaving `i` at the value. */
  const key = (): boolean => {
    if (!string()) return false
    skipWhite()
    if (text[i] !== ':') return false
    i++
    skipWhite()
    return true
  }

  skipWhite()
  for (;;) {
    // A value starts at i.
    const c = text[i]
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']'
      i++
      skipWhite()
      if (text[i] === close) i++
      else {
        open.push(close)
        if (close === '}' && !key()) return i
        continue
      }
    } else if (c === '"') {
      if (!string()) return i
    } else if (c !== undefined && LITERALS[c] !== undefined) {
      const word = LITERALS[c]
      for (let k = 0; k < word.length; k++, i++) if (text[i] !== word[k]) return i
    } else if (!number()) return i
    // The value ended: what follows closes its containers, or separates it from the next value.
    for (;;) {
      skipWhite()
      const close = open.at(-1)
      if (close === undefined) return i < n ? i : undefined
      if (text[i] === close) {
        open.pop()
        i++
        continue
      }
      if (text[i] !== ',') return i
      i++
      skipWhite()
      if (close === '}' && !key()) return i
      break
    }
  }
}

const SURROGATE_PAIRS = /[\ud800-\udbff][\udc00-\udfff]/g

/** Line and column (both from 1, columns counted in characters) of `offset` in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  // Counted a character at a time from the first line end: an indexOf per line took 0.6 s on a body
  // of 64 million lines, this 0.15; a body on one line (as programs send them) is not walked at all.
  let line = 1
  const first = text.indexOf('\n')
  if (first !== -1) for (let k = first; k < offset; k++) if (text.charCodeAt(k) === 0x0a) line++
  const lineStart = offset > 0 ? text.lastIndexOf('\n', offset - 1) + 1 : 0
  // A surrogate pair is one character.
  const pairs = text.slice(lineStart, offset).match(SURROGATE_PAIRS)?.length ?? 0
  return { line, column: 1 + offset - lineStart - pairs }
}

/** Where a text JSON.parse refused stops being JSON: its line and column, and whether it ended before the JSON was complete; undefined when it is JSON. */
export function jsonBreak(text: string): { line: number; column: number; ended: boolean } | undefined {
  const at = jsonSyntaxErrorAt(text)
  return at === undefined ? undefined : { ...lineAndColumn(text, at), ended: at >= text.length }
}
