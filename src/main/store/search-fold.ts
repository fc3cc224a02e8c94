/**
 * Text as the inbox search index holds it, and as a query is compared with it: accents taken off
 * in every script. SQLite's unicode61 tokenizer (remove_diacritics 2) takes them off Latin letters
 * only, so "ελλαδα" did not find "Ελλάδα" nor "елка" "ёлка". The index's triggers call this as the
 * SQL function `search_fold` (registered on every connection by openDb); the tokenizer then folds
 * case. The text is decomposed, its combining marks dropped (as the window does where it marks the
 * words in a snippet), and what is left composed again (Hangul syllables stay whole).
 */
export function searchFold(text: string): string {
  // Most texts are ASCII: nothing to take off.
  if (ASCII.test(text)) return text
  return text.normalize('NFD').replace(MARKS, '').normalize('NFC')
}

const ASCII = /^\p{ASCII}*$/u
const MARKS = /\p{M}/gu

/** The name SQL calls it by. */
export const SEARCH_FOLD_SQL = 'search_fold'
