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
// Character codes: the scan compares numbers, not one-character strings (a body of 8 million numbers
// took 3.7x JSON.parse's time with text[i] === ',' and the like; the bench's row asks at most 3x).
const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a
const MINUS = 0x2d
const PLUS = 0x2b
const DOT = 0x2e
const ZERO = 0x30
const NINE = 0x39
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const isDigit = (c: number) => c >= ZERO && c <= NINE
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
/** After a backslash: " \ / b f n r t (\u is read on its own). */
const isEscape = (c: number) =>
  c === QUOTE || c === BACKSLASH || c === 0x2f || c === 0x62 || c === 0x66 || c === 0x6e || c === 0x72 || c === 0x74
/** true, false and null, by their first letter. */
const LITERALS = new Map([
  [0x74, 'true'],
  [0x66, 'false'],
  [0x6e, 'null']
])

/**
 * The scan's state and steps. A class, not closures made on each call: V8 optimised the closures of
 * one call and dropped that code on the next ("wrong call target"), and the scan ran 2-4x slower.
 */
class Scanner {
  i = 0
  readonly n: number
  constructor(readonly text: string) {
    this.n = text.length
  }
  /** The character code at `k`; -1 past the end, which no test matches (charCodeAt's NaN there made V8 drop its code too). */
  code(k: number): number {
    return k < this.n ? this.text.charCodeAt(k) : -1
  }
  /** The expression only where a run starts: most tokens are followed by no white space at all. */
  skipWhite(): void {
    const c = this.code(this.i)
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.i = runEnd(WHITE_RUN, this.text, this.i + 1)
  }
  string(): boolean {
    if (this.code(this.i) !== QUOTE) return false
    this.i++
    while ((this.i = runEnd(PLAIN_RUN, this.text, this.i)) < this.n) {
      const c = this.code(this.i)
      if (c === QUOTE) {
        this.i++
        return true
      }
      if (c < 0x20) return false
      // A backslash. A bad escape is placed at the character after the backslash, a bad \u at its first non-hex digit.
      this.i++
      if (this.code(this.i) === 0x75) {
        this.i++
        for (let k = 0; k < 4; k++, this.i++) if (!isHex(this.code(this.i))) return false
      } else if (isEscape(this.code(this.i))) this.i++
      else return false
    }
    return false
  }
  digits(): boolean {
    const from = this.i
    while (isDigit(this.code(this.i))) this.i++
    return this.i > from
  }
  /** A number, stopping where a digit is missing (after `-`, `.` or the exponent's sign). */
  number(): boolean {
    if (this.code(this.i) === MINUS) this.i++
    if (this.code(this.i) === ZERO) this.i++
    else if (!this.digits()) return false
    if (this.code(this.i) === DOT) {
      this.i++
      if (!this.digits()) return false
    }
    const e = this.code(this.i)
    if (e === 0x65 || e === 0x45) {
      this.i++
      const sign = this.code(this.i)
      if (sign === PLUS || sign === MINUS) this.i++
      if (!this.digits()) return false
    }
    return true
  }
  /** A key and its colon, leaving `i` at the value. */
  key(): boolean {
    if (!this.string()) return false
    this.skipWhite()
    if (this.code(this.i) !== COLON) return false
    this.i++
    this.skipWhite()
    return true
  }
  /** true, false or null, whose first letter is at `i`. */
  literal(word: string): boolean {
    for (let k = 0; k < word.length; k++, this.i++) if (this.code(this.i) !== word.charCodeAt(k)) return false
    return true
  }
}

/** The offset (UTF-16 index) of the first character that makes `text` not JSON; undefined when it is JSON. */
export function jsonSyntaxErrorAt(text: string): number | undefined {
  const s = new Scanner(text)
  /** The closing character (its code) each open array or object waits for. */
  const open: number[] = []
  s.skipWhite()
  for (;;) {
    // A value starts at i.
    const c = s.code(s.i)
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      const close = c === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY
      s.i++
      s.skipWhite()
      if (s.code(s.i) === close) s.i++
      else {
        open.push(close)
        if (close === CLOSE_OBJECT && !s.key()) return s.i
        continue
      }
    } else if (c === QUOTE) {
      if (!s.string()) return s.i
    } else if (LITERALS.has(c)) {
      if (!s.literal(LITERALS.get(c)!)) return s.i
    } else if (!s.number()) return s.i
    // The value ended: what follows closes its containers, or separates it from the next value.
    for (;;) {
      s.skipWhite()
      if (open.length === 0) return s.i < s.n ? s.i : undefined
      const close = open[open.length - 1]!
      const next = s.code(s.i)
      if (next === close) {
        open.pop()
        s.i++
        continue
      }
      if (next !== COMMA) return s.i
      s.i++
      s.skipWhite()
      if (close === CLOSE_OBJECT && !s.key()) return s.i
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
