import type { FocusEvent, KeyboardEvent } from 'react'

/** The tree's rows a user can reach: those not inside a closed folder (Mantine hides its children). */
function shownRows(root: HTMLElement): HTMLElement[] {
  const shown = (row: HTMLElement) => {
    for (let el: HTMLElement | null = row; el && el !== root; el = el.parentElement) if (el.style.display === 'none') return false
    return true
  }
  return [...root.querySelectorAll<HTMLElement>('[role="treeitem"]')].filter(shown)
}

/**
 * What Mantine's Tree leaves out of the WAI-ARIA tree view pattern, for a wrapper around it: the
 * Tab stop follows the row last focused (Mantine keeps it on the first row), and Home/End go to
 * the first and last rows shown.
 */
export const treeKeyProps = {
  onFocus: (e: FocusEvent<HTMLElement>) => {
    const row = e.target instanceof HTMLElement ? e.target.closest<HTMLElement>('[role="treeitem"]') : null
    if (!row || row !== e.target) return
    for (const r of e.currentTarget.querySelectorAll<HTMLElement>('[role="treeitem"]')) r.tabIndex = r === row ? 0 : -1
  },
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
    if ((e.key !== 'Home' && e.key !== 'End') || !(e.target instanceof HTMLElement) || e.target.getAttribute('role') !== 'treeitem') return
    const rows = shownRows(e.currentTarget)
    const to = e.key === 'Home' ? rows[0] : rows.at(-1)
    if (!to) return
    e.preventDefault()
    to.setAttribute('data-focus-ring', 'true')
    to.focus()
  }
}
