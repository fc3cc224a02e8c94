/*
 * Grapheme clusters (characters as the eye sees them: a flag, an emoji with its skin tone, a keycap, a
 * letter with its marks), found around one position of a long text without reading all of it.
 */

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })
/** Longer than any cluster text holds but a run of flags, which windowStart deals with. */
const CLUSTER_WINDOW = 256

/**
 * Position `i` of `text` if a grapheme cluster starts there, else the start of the cluster holding it
 * ('before') or of the one after ('after').
 */
export function clusterAt(text: string, i: number, side: 'before' | 'after'): number {
  if (i <= 0 || i >= text.length) return i
  const from = windowStart(text, i)
  for (const { index, segment } of graphemes.segment(text.slice(from, i + CLUSTER_WINDOW))) {
    const start = from + index
    const end = start + segment.length
    if (end <= i) continue
    return start === i || side === 'before' ? start : end
  }
  return i
}

/**
 * Where to start reading the clusters around `i`. A run of flags is paired from its first regional
 * indicator: read from an odd one inside a long run, every pair was off by one, and a flag was cut
 * (🇦🇺🇸🇪 read as 🇦, 🇺🇸, 🇪). Moved back by one indicator when an odd count of them precedes it.
 */
function windowStart(text: string, i: number): number {
  let from = Math.max(0, i - CLUSTER_WINDOW)
  if (from > 0 && isLowSurrogate(text.charCodeAt(from))) from--
  let indicators = 0
  for (let j = from; j >= 2 && isRegionalIndicatorAt(text, j - 2); j -= 2) indicators++
  return indicators % 2 ? from - 2 : from
}

const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff
/** U+1F1E6..U+1F1FF, a flag's letters, as UTF-16 (D83C DDE6..DDFF). */
const isRegionalIndicatorAt = (text: string, j: number) => {
  const low = text.charCodeAt(j + 1)
  return text.charCodeAt(j) === 0xd83c && low >= 0xdde6 && low <= 0xddff
}
