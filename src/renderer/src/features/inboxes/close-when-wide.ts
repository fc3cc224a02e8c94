import { em, useMantineTheme } from '@mantine/core'
import { useEffect, type RefObject } from 'react'
import { useLatest } from '../../app/use-latest'

/**
 * A drawer that stands in, on narrow windows, for a panel shown beside the conversation from
 * `breakpoint` up: the window widened past it while the drawer is open, the drawer closes (it stayed
 * open over the wide layout, shown twice). Not while a dialog opened from inside it is still open:
 * closing would lose what was being done in that dialog. Such a dialog is one asked for and not drawn
 * yet (marked `data-opens-dialog` inside the drawer, as InboxSidePanel does), or any other dialog on
 * the page (Mantine draws them outside the drawer: Rename or Delete asked from a conversation's row).
 * The drawer closes once that dialog has gone, if the window is still wide.
 * Where the focus goes as it closes is for the drawer's own return of the focus (useFocusBack).
 */
export function useCloseWhenWide(breakpoint: 'lg' | 'xl', opened: boolean, close: () => void, inside: RefObject<Element | null>): void {
  const theme = useMantineTheme()
  const query = `(min-width: ${em(theme.breakpoints[breakpoint])})`
  const latest = useLatest(close)
  useEffect(() => {
    if (!opened) return
    const list = window.matchMedia(query)
    let waiting: MutationObserver | null = null
    const dialogOpen = () => {
      const at = inside.current
      if (at?.querySelector('[data-opens-dialog]')) return true
      const own = at?.closest('[role="dialog"]') ?? null
      return [...document.querySelectorAll('[role="dialog"]')].some((d) => d !== own)
    }
    const settle = () => {
      if (!list.matches) return
      if (!dialogOpen()) return latest.current()
      if (waiting) return
      // Once the dialog is closed (the mark, the dialog gone), if the window is still wide.
      waiting = new MutationObserver(() => {
        if (dialogOpen()) return
        waiting?.disconnect()
        waiting = null
        if (list.matches) latest.current()
      })
      waiting.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-opens-dialog'], childList: true })
    }
    list.addEventListener('change', settle)
    return () => {
      list.removeEventListener('change', settle)
      waiting?.disconnect()
    }
  }, [opened, query, inside, latest])
}
