import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { useEffect, useLayoutEffect, useState } from 'react'
import { holdDialogs, releaseDialogs } from './confirm'

/**
 * Mantine's notification area and its dialogs (`modals.openConfirmModal`), mounted once the first
 * screen has painted. Mounted with the first render, each mounts its portal in a second, synchronous
 * render (the portal's own layout effect), and that render runs every pending effect of the first
 * one too, all before the browser may paint anything. A notification shown before they mount waits
 * in Mantine's store and appears when they do; a dialog waits for its provider (confirm.ts).
 */
export function AfterFirstPaint() {
  const [shown, setShown] = useState(false)
  // A dialog asked for before the provider listens waits for it (confirm.ts). Its own effect (it
  // listens in one) has run before this one, a parent's.
  useLayoutEffect(() => {
    if (!shown) holdDialogs()
  }, [shown])
  useEffect(() => {
    if (shown) releaseDialogs()
  }, [shown])
  // Gone before it mounted the provider (a test's window closed): nothing is held back any more.
  useLayoutEffect(() => releaseDialogs, [])
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    // The frame after the first render's, then a task: after its paint.
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setShown(true))))
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  if (!shown) return null
  return (
    <>
      <Notifications position="bottom-right" />
      {/* Not around the app: the dialogs it opens are rendered here, not inside the screens. */}
      <ModalsProvider />
    </>
  )
}
