/**
 * What the inbox list says about how many inboxes it shows and how many are selected. A search lists
 * at most `limit` matches (search_inboxes says no more than the matches it lists): once it lists that
 * many, there may be more, so its counts are of the first matches, not of all of them.
 */

import { countText } from '../../app/count-format'

/** Every count is written with the locale's grouping (count-format): "100,010 inboxes", not "100010 inboxes". */
export const inboxCount = (n: number) => `${countText(n)} inbox${n === 1 ? '' : 'es'}`

/** A search's results: how many are listed, out of how many inboxes. */
export function matchesCount(listed: number, limit: number, total: number): string {
  return listed >= limit ? `The first ${countText(listed)} matches of ${inboxCount(total)}` : `${countText(listed)} of ${inboxCount(total)}`
}

/**
 * How many inboxes are selected, out of those the selection can be made from: every inbox, or a
 * search's listed matches (only those can be selected, and the bulk actions act on those selected).
 */
export function selectedCount(
  selected: number,
  of: { readonly inboxes: number } | { readonly listed: number; readonly limit: number }
): string {
  if ('inboxes' in of) return `${countText(selected)} of ${countText(of.inboxes)} selected`
  // Said where the count line steps aside (narrow windows): no longer than a list of 1,000 inboxes'
  // "100 of 1000 selected", for the bar's one line with 100 selected ("of at least 100" ran past the
  // list's edge at 800 px). The hover says it in full.
  return of.listed >= of.limit
    ? `${countText(selected)} of ${countText(of.listed)}+ selected`
    : `${countText(selected)} of ${countText(of.listed)} selected`
}

/** Said on hover of a selection count made among a search's first matches. */
export const firstMatchesNote = (listed: number) =>
  `The search lists its first ${countText(listed)} matches; there may be more. Only those listed can be selected: add words to the search to narrow it.`
