/*
 * The text of a JSON file for indexing: the file as written, with its \u escapes read as the
 * characters they spell. Python's json.dump (ensure_ascii, its default) and many exporters write
 * every letter outside ASCII that way ("caf\u00e9"), which no search for "café" would match.
 *
 * Escapes are taken left to right, so the "\\" of an escaped backslash is consumed whole and the
 * "u00e9" after it stays text (the string "C:\\u00e9" holds no é). Other escapes (\n, \t, \")
 * stay as written, as do a lone surrogate's (it has no character) and those below U+0020 (control
 * characters, which a passage has no use for).
 */

const ESCAPE = /\\(?:u([0-9a-fA-F]{4})(?:\\u([0-9a-fA-F]{4}))?|[^u])/g

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff

export function jsonToText(text: string): string {
  if (!text.includes('\\u')) return text
  return text.replace(ESCAPE, (whole, first: string | undefined, second: string | undefined) => {
    if (first === undefined) return whole
    const unit = parseInt(first, 16)
    const next = second === undefined ? undefined : parseInt(second, 16)
    if (isHigh(unit) && next !== undefined && isLow(next)) return String.fromCharCode(unit, next)
    // A second escape that does not complete a pair is read on its own.
    const rest = second === undefined ? '' : jsonToText(`\\u${second}`)
    if (unit < 0x20 || isHigh(unit) || isLow(unit)) return `\\u${first}${rest}`
    return String.fromCharCode(unit) + rest
  })
}
