import { useNotifications } from '@mantine/notifications'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { focusBackTo } from './focus-stand-in'

const NOTICE = '.mantine-Notifications-root [role="alert"][id]'

/** The notification `el` is in, if any. */
const noticeOf = (el: Element | null): HTMLElement | null => el?.closest<HTMLElement>(NOTICE) ?? null

/** The main content's first control a Tab would reach, else the main content itself (as the skip link does). */
function mainStart(): HTMLElement | null {
  const main = document.getElementById('main-content')
  if (!main) return null
  const controls = main.querySelectorAll<HTMLElement>(
    'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])'
  )
  for (const el of controls) if (el.tabIndex >= 0 && el.checkVisibility()) return el
  return main
}

/**
 * A notification closed (its close button with Enter, or its time up) while the focus was in it left the
 * focus on the page's body: a keyboard user started again from the top of the window. The focus goes back
 * where it was before it went into the notifications (Tab past the page's last control), or, that gone,
 * to the main content's first control. Call it before anything that makes a closed notification inert.
 */
export function useNotificationFocusReturn(): void {
  const { notifications } = useNotifications()
  // Where the focus came from as it entered the notifications, and the last element it had in one.
  const cameFrom = useRef<(() => HTMLElement | null) | null>(null)
  const lastInNotice = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const onFocusIn = (e: FocusEvent) => {
      const to = e.target instanceof Element ? noticeOf(e.target) : null
      if (!to) {
        lastInNotice.current = null
        return
      }
      lastInNotice.current = e.target as HTMLElement
      const from = e.relatedTarget instanceof HTMLElement ? e.relatedTarget : null
      // From one notification to another: it still came from where it entered the first.
      if (from && noticeOf(from)) return
      cameFrom.current = from && from !== document.body ? focusBackTo(from) : null
    }
    document.addEventListener('focusin', onFocusIn)
    return () => document.removeEventListener('focusin', onFocusIn)
  }, [])
  useLayoutEffect(() => {
    const at = document.activeElement
    // In a notification still, or (made inert already) dropped on the body from one.
    const notice = noticeOf(at) ?? (at === document.body || !at ? noticeOf(lastInNotice.current) : null)
    if (!notice || notifications.some((n) => n.id === notice.id)) return
    const back = cameFrom.current?.()
    const to = back && !noticeOf(back) && back.checkVisibility() ? back : mainStart()
    lastInNotice.current = null
    cameFrom.current = null
    to?.focus()
  }, [notifications])
}
