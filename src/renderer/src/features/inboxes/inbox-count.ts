/**
 * What the inbox list says about how many inboxes it shows and how many are selected. A search lists
 * at most `limit` matches (search_inboxes says no more than the matches it lists): once it lists that
 * many, there may be more, so its counts are of the first matches, not of all of them.
 */

export const inboxCount = (n: number) => `${n} inbox${n === 1 ? '' : 'es'}`

/** A search's results: how many are listed, out of how many inboxes. */
export function matchesCount(listed: number, limit: number, total: number): string {
  return listed >= limit ? `The first ${listed} matches of ${inboxCount(total)}` : `${listed} of ${inboxCount(total)}`
}

/**
 * How many inboxes are selected, out of those the selection can be made from: every inbox, or a
 * search's listed matches (only those can be selected, and the bulk actions act on those selected).
 */
export function selectedCount(
  selected: number,
  of: { readonly inboxes: number } | { readonly listed: number; readonly limit: number }
): string {
  if ('inboxes' in of) return `${selected} of ${of.inboxes} selected`
  // Said where the count line steps aside (narrow windows): no longer than a list of 1,000 inboxes'
  // "100 of 1000 selected", for the bar's one line with 100 selected ("of at least 100" ran past the
  // list's edge at 800 px). The hover says it in full.
  return of.listed >= of.limit ? `${selected} of ${of.listed}+ selected` : `${selected} of ${of.listed} selected`
}

/** Said on hover of a selection count made among a search's first matches. */
export const firstMatchesNote = (listed: number) =>
  `The search lists its first ${listed} matches; there may be more. Only those listed can be selected: add words to the search to narrow it.`
