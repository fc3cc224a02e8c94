import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'

/*
 * A search box's searches: each time the box is emptied a new search begins, and what was typed
 * before it is never asked for nor shown again. Said once here, for the text a box asks for
 * (useSearchText) and for the results that may stand in while the next are read (useKeptWhileTyping).
 */

/** Whether `s` was typed (as `text`) since the box was last emptied. */
function useTypedSinceCleared(text: string): (s: string | undefined) => boolean {
  const [typed, setTyped] = useState<ReadonlySet<string>>(() => new Set(text ? [text] : []))
  if (text === '' ? typed.size > 0 : !typed.has(text)) setTyped(text === '' ? new Set() : new Set([...typed, text]))
  return (s) => s !== undefined && s !== '' && (s === text || typed.has(s))
}

/**
 * What a search box asks for: `text` once typing has paused for `ms`, and nothing at once when the box
 * is emptied. Debounced alone, an emptied box went on naming its last search for `ms`, and a search
 * typed within them (Escape, then the next words at once) was answered meanwhile with the results of
 * the one cleared.
 */
export function useSearchText(text: string, ms: number): string {
  const typedNow = useTypedSinceCleared(text)
  const [settled] = useDebouncedValue(text, ms)
  return typedNow(settled) ? settled : ''
}

/**
 * Whether the results of the query `before` may stand in (TanStack's placeholderData) while the search
 * box's query `q` is asked for: only those of a query of the same search, asked since the box was last
 * emptied (`q` ''). TanStack hands over the results of the last query that had any, whatever came
 * between: after a clear, the cleared search's results showed as the next search's own until its came.
 */
export const useKeptWhileTyping: (q: string) => (before: string | undefined) => boolean = useTypedSinceCleared
