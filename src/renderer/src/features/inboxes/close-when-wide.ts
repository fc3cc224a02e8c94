import { em, useMantineTheme } from '@mantine/core'
import { useEffect, type RefObject } from 'react'
import { useLatest } from '../../app/use-latest'

/**
 * A drawer that stands in, on narrow windows, for a panel shown beside the conversation from
 * `breakpoint` up: the window widened past it while the drawer is open, the drawer closes (it stayed
 * open over the wide layout, the details shown twice). Not while a dialog opened from inside it is
 * still open (marked `data-opens-dialog`, as InboxSidePanel does): closing would lose what was being
 * done in that dialog. The drawer closes once that dialog has gone, if the window is still wide.
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
    const dialogOpen = () => !!inside.current?.querySelector('[data-opens-dialog]')
    const settle = () => {
      if (!list.matches) return
      if (!dialogOpen()) return latest.current()
      if (waiting || !inside.current) return
      // Once the dialog is closed (the mark is gone), if the window is still wide.
      waiting = new MutationObserver(() => {
        if (dialogOpen()) return
        waiting?.disconnect()
        waiting = null
        if (list.matches) latest.current()
      })
      waiting.observe(inside.current, { subtree: true, attributes: true, attributeFilter: ['data-opens-dialog'], childList: true })
    }
    list.addEventListener('change', settle)
    return () => {
      list.removeEventListener('change', settle)
      waiting?.disconnect()
    }
  }, [opened, query, inside, latest])
}
