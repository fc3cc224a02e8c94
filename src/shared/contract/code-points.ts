/**
 * Whether `s` has at most `max` characters, counted as the contract counts them: code points (an
 * emoji is one). A string longer than `2 * max` UTF-16 units has more than `max` code points, so
 * a long one is answered from its length, without walking it: spreading a 60-million-character
 * name into an array (`[...s].length`) held the node's thread for 10 s and took 1.5 GB to refuse it.
 */
export function codePointsAtMost(s: string, max: number): boolean {
  if (s.length <= max) return true
  if (s.length > 2 * max) return false
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i)
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
    if (++n > max) return false
  }
  return true
}
