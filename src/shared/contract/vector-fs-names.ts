/**
 * A name as a name search compares it: without accents (decomposed, combining marks dropped, as the
 * window's highlighting folds them), composed again and in lower case, in every script. So
 * `etudes` finds `Études`, and a name stored decomposed (NFD, as macOS writes names) matches typed text.
 */
export const foldName = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC').toLowerCase()

/** The words of a name search: split on spaces and `/` (a typed path finds its last folders too), any case. */
export const nameSearchWords = (q: string) =>
  foldName(q)
    .split(/[\s/]+/)
    .filter(Boolean)

/**
 * What a window sends as a name search's `q`: its words, or the text as typed (ends trimmed) when it
 * has a `/`, a typed path the node also looks for in the entries' paths (`reports/2024`).
 */
export const nameSearchText = (q: string) => (q.includes('/') ? q.trim() : nameSearchWords(q).join(' '))
