/** The words of a name search: split on spaces and `/` (a typed path finds its last folders too), any case. */
export const nameSearchWords = (q: string) =>
  q
    .toLowerCase()
    .split(/[\s/]+/)
    .filter(Boolean)
