/**
 * Where a text stops being JSON, for telling a user where to look. V8's own words name a parser
 * state ("Unexpected token '}', ... is not valid JSON"), quote the body back (keys included),
 * and for half the mistakes give no place at all ("Unexpected end of JSON input"). This scan runs
 * only once JSON.parse has refused a body, so it needs to find the place, not to build a value.
 * It keeps its own stack: a body of a million `[` must not end in a stack overflow.
 */

const WHITE = new Set([0x20, 0x09, 0x0a, 0x0d])
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't'])
const HEX = /^[0-9a-fA-F]$/
const LITERALS: Record<string, string> = { t: 'true', f: 'false', n: 'null' }

/** The offset (UTF-16 index) of the first character that makes `text` not JSON; undefined when it is JSON. */
export function jsonSyntaxErrorAt(text: string): number | undefined {
  const n = text.length
  let i = 0
  /** The closing character each open array or object waits for. */
  const open: string[] = []
  const skipWhite = () => {
    while (i < n && WHITE.has(text.charCodeAt(i))) i++
  }
  const string = (): boolean => {
    if (text[i] !== '"') return false
    i++
    while (i < n) {
      const c = text.charCodeAt(i)
      if (c === 0x22) {
        i++
        return true
      }
      if (c < 0x20) return false
      if (c !== 0x5c) {
        i++
        continue
      }
      // A bad escape is placed at the character after the backslash, a bad \u at its first non-hex digit.
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

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff

/** Line and column (both from 1, columns counted in characters) of `offset` in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++
    lineStart = at + 1
  }
  let column = 1
  for (let k = lineStart; k < offset; k++) {
    // The second half of a surrogate pair belongs to the character before it.
    const lowHalf = isLowSurrogate(text.charCodeAt(k)) && k > lineStart && isHighSurrogate(text.charCodeAt(k - 1))
    if (!lowHalf) column++
  }
  return { line, column }
}

/** The sentence a 400 gives for a body JSON.parse refused: where it goes wrong, never the parser's words. */
export function invalidJsonMessage(text: string): string {
  const at = jsonSyntaxErrorAt(text)
  if (at === undefined) return 'body: the request body is not valid JSON.'
  const { line, column } = lineAndColumn(text, at)
  const where = `line ${line}, column ${column}`
  if (at >= text.length) return `body: the request body is not valid JSON: it ends before the JSON is complete (at ${where}).`
  return `body: the request body is not valid JSON (at ${where}).`
}
