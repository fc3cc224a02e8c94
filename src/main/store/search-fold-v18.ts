import { searchFoldV16 } from './search-fold-v16'

/*
 * The search index form as version 18 had it (version 19 drops the Catalan "l·l" dot), frozen:
 * the inbox index takes an entry out only with the exact text it was made from (otherwise its words
 * stay and SQLite reports the database malformed), so the migrations that rebuild entries made by an
 * older form need that form as it was, whatever search-fold.ts becomes. Do not change this file; a new
 * form gets a frozen copy of its own.
 */

/** Compatibility form but for emoji, ŀ as l, then folded as version 16 folds; the middle dot kept. */
export function searchIndexFormV18(text: string): string {
  return searchFoldV16(ASCII_ONLY.test(text) ? text : compatFormV18(text))
}

const ASCII_ONLY = /^[\p{ASCII}]*$/u
const NOT_PICTOGRAPHS = /[^\p{Extended_Pictographic}]+/gu
const MAY_HAVE_COMPAT_FORM =
  /[\u00a0\u00a8\u00aa\u00af\u00b2-\u00b5\u00b8-\u00ba\u00bc-\u00be\u2000-\u200a\u2011\u2017\u2024-\u2026\u202f\u2033\u2034\u2036\u2037\u203e\u2047\u2048\u2057\u205f]|[^\t\n\r -\xff\u2000-\u206f]/
const L_WITH_MIDDLE_DOT = /[ŀĿ]/gu

function compatFormV18(text: string): string {
  if (!MAY_HAVE_COMPAT_FORM.test(text)) return text
  return text.replace(NOT_PICTOGRAPHS, (run) =>
    MAY_HAVE_COMPAT_FORM.test(run) ? run.replace(L_WITH_MIDDLE_DOT, (l) => (l === 'ŀ' ? 'l' : 'L')).normalize('NFKC') : run
  )
}
