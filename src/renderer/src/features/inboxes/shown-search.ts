import { useState } from 'react'

/**
 * Which search the results shown are of, named by `key` (its query, and what else its results depend on):
 * while the next query is asked for, the results of the one before stand in (TanStack's placeholderData,
 * `isPlaceholderData`), so the typed query is theirs only once its own results come. A list that keeps its
 * rows in place (useRowsKeptInPlace) is another list from then on: the rows two searches' results have in
 * common, at other places in each, were "kept in place", the new results shown scrolled by as many rows.
 */
export function useShownSearch(key: string, isPlaceholderData: boolean): string {
  const [shown, setShown] = useState(key)
  if (!isPlaceholderData && shown !== key) setShown(key)
  return isPlaceholderData ? shown : key
}
