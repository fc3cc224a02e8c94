import { useState, type SyntheticEvent } from 'react'
import { pickMarkedOptionOnEnter } from './enter-picks-marked'

/**
 * The search of a searchable Mantine Select that shows the chosen option's label in its box: typing
 * replaces that label instead of being added to it (the caret went after it, and "Office box (gpt)x"
 * or "/ (top)x" matched nothing). A click or focus selects the label; text typed after it all the same
 * is the search alone; Enter picks the first match; closed without a choice (Escape), the box shows
 * the chosen option again; Enter picks the option highlighted (see enter-picks-marked). `shown`: the
 * chosen option's label (undefined: none is chosen).
 */
export function useReplacingSearch(shown: string | undefined) {
  const [search, setSearch] = useState('')
  const selectShown = (e: SyntheticEvent<HTMLInputElement>) => {
    if (shown !== undefined && e.currentTarget.value === shown) e.currentTarget.select()
  }
  const props = {
    searchValue: search,
    onSearchChange: (next: string) =>
      setSearch(
        shown !== undefined && search === shown && next.length > shown.length && next.startsWith(shown) ? next.slice(shown.length) : next
      ),
    // With nothing highlighted, Enter submitted the form around the field with the option chosen before.
    selectFirstOptionOnChange: true,
    onDropdownClose: () => setSearch(shown ?? ''),
    onFocus: selectShown,
    onClick: selectShown,
    onKeyDownCapture: pickMarkedOptionOnEnter
  }
  return { search, props }
}
