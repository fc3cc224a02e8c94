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

/** A surrogate pair's two escapes, one escape of any other unit, or any other escape (to be left whole). */
const ESCAPE = /\\(?:u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})|u([0-9a-f]{4})|[^u])/gi

const isSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff

export function jsonToText(text: string): string {
  if (!text.includes('\\u')) return text
  return text.replace(ESCAPE, (whole, high: string | undefined, low: string | undefined, single: string | undefined) => {
    if (high !== undefined) return String.fromCharCode(parseInt(high, 16), parseInt(low!, 16))
    if (single === undefined) return whole
    const unit = parseInt(single, 16)
    // A lone surrogate has no character, and a passage has no use for a control character.
    return unit < 0x20 || isSurrogate(unit) ? whole : String.fromCharCode(unit)
  })
}
