import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'

/**
 * What a search box asks for: `text` once typing has paused for `ms`, and nothing at once when the box
 * is emptied. Debounced alone, an emptied box went on naming its last search for `ms`, and a search
 * typed within them (Escape, then the next words at once) was answered meanwhile with the results of
 * the one cleared.
 */
export function useSearchText(text: string, ms: number): string {
  // Each time the box is emptied a new search begins: what was typed before it is never asked for again.
  const [clears, setClears] = useState({ n: 0, empty: text === '' })
  if (clears.empty !== (text === '')) setClears({ n: clears.n + (text === '' ? 1 : 0), empty: text === '' })
  const [settled] = useDebouncedValue(`${clears.n}\n${text}`, ms)
  const cut = settled.indexOf('\n')
  return text === '' || settled.slice(0, cut) !== String(clears.n) ? '' : settled.slice(cut + 1)
}
