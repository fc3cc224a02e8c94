const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })

/** A part of a text, in UTF-16 units. */
export interface TextRange {
  readonly start: number
  readonly end: number
}

/**
 * `ranges` of `text` (in the order of their starts) widened to whole characters as the eye
 * sees them (grapheme clusters), and merged where they then touch or overlap; empty ones dropped. A
 * <mark> ending inside a ZWJ sequence split it: 👩‍💻 found by 👩 showed as 👩 and 💻.
 *
 * Only the ranges' ends are looked at, not the whole text: cutting a text of 2,000,000 characters
 * into characters to widen one match took 220 ms, many times what finding the match took.
 */
export function* wholeCharacterRanges(text: string, ranges: Iterable<TextRange>): Generator<TextRange, void, undefined> {
  const widen = characterEdges(text)
  let open: { start: number; end: number } | undefined
  for (const range of ranges) {
    if (range.end <= range.start) continue
    const start = widen.startOf(range.start)
    const end = widen.endOf(range.end)
    if (open && start <= open.end) open.end = Math.max(open.end, end)
    else {
      if (open) yield open
      open = { start, end }
    }
  }
  if (open) yield open
}

/**
 * Where the characters around a place of `text` begin and end. The text is handed to the segmenter
 * (which copies it: a few milliseconds a megabyte) only once a place is not plainly between two
 * characters.
 */
function characterEdges(text: string) {
  let segments: Intl.Segments | undefined
  const containing = (at: number) => (segments ??= graphemes.segment(text)).containing(at)!
  return {
    /** The start of the character that holds unit `at`. */
    startOf: (at: number): number => (isBoundary(text, at) ? at : containing(at).index),
    /** The end of the character that holds unit `at - 1`. */
    endOf: (at: number): number => {
      if (isBoundary(text, at)) return at
      const { index, segment } = containing(at - 1)
      return index + segment.length
    }
  }
}

/**
 * Whether a character boundary plainly falls before unit `at`: at the text's ends, or between two
 * units below U+0300 but CR LF. None of those is a mark, a joiner, a prefix or a half of a pair that
 * joins a character to its neighbour (the first combining mark is U+0300), so no rule of Unicode's
 * grapheme clusters holds them together.
 */
function isBoundary(text: string, at: number): boolean {
  if (at <= 0 || at >= text.length) return true
  const before = text.charCodeAt(at - 1)
  const after = text.charCodeAt(at)
  return before < 0x300 && after < 0x300 && !(before === 0x0d && after === 0x0a)
}
