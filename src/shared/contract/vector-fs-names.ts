/** A name as a name search compares it: composed (NFC, as names typed are) and in lower case, in every script. */
export const foldName = (name: string) => name.normalize('NFC').toLowerCase()

/** The words of a name search: split on spaces and `/` (a typed path finds its last folders too), any case. */
export const nameSearchWords = (q: string) =>
  foldName(q)
    .split(/[\s/]+/)
    .filter(Boolean)
