import { useState } from 'react'

/**
 * Whether the results of the query `before` may stand in (TanStack's placeholderData) while the search
 * box's query `q` is asked for: only those of a query of the same search, asked since the box was last
 * emptied (`q` ''). TanStack hands over the results of the last query that had any, whatever came
 * between: after a clear, the cleared search's results showed as the next search's own until its came.
 */
export function useKeptWhileTyping(q: string): (before: string | undefined) => boolean {
  const [asked, setAsked] = useState<ReadonlySet<string>>(() => new Set(q ? [q] : []))
  if (q === '' ? asked.size > 0 : !asked.has(q)) setAsked(q === '' ? new Set() : new Set([...asked, q]))
  return (before) => before !== undefined && before !== '' && (before === q || asked.has(before))
}
