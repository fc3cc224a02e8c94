import { searchIndexFormV18 } from './search-fold-v18'

/*
 * The search index form as version 19 had it (version 20 writes each Chinese and Japanese character as
 * a word of its own), frozen: the inbox index takes an entry out only with the exact text it was made
 * from (otherwise its words stay and SQLite reports the database malformed), so the migrations that
 * rebuild entries made by an older form need that form as it was, whatever search-fold.ts becomes. Do
 * not change this file; a new form gets a frozen copy of its own.
 */

/** Version 18's form without the Catalan middle dot between two l's (or before the text's end after one). */
export function searchIndexFormV19(text: string): string {
  const form = searchIndexFormV18(text)
  return form.includes('\u00b7') ? form.replace(CATALAN_L_DOT, '') : form
}

const CATALAN_L_DOT = /(?<=[lL])\u00b7(?=[lL]|$)/g
