import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react'
import { holdDialogs, releaseDialogs } from './confirm'

const DialogHosts = lazy(() => import('./dialog-hosts'))

/**
 * Mantine's notification area and its dialogs (`modals.openConfirmModal`), mounted once the first
 * screen has painted, from code loaded then (dialog-hosts.tsx). Mounted with the first render, each
 * mounts its portal in a second, synchronous render (the portal's own layout effect), and that
 * render runs every pending effect of the first one too, all before the browser may paint anything.
 * A notification shown before they mount waits in Mantine's store and appears when they do; a
 * dialog waits for its provider (confirm.ts), which releases it once it listens.
 */
export function AfterFirstPaint() {
  const [shown, setShown] = useState(false)
  // A dialog asked for before the provider listens waits for it (confirm.ts).
  useLayoutEffect(() => holdDialogs(), [])
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
    <Suspense fallback={null}>
      <DialogHosts />
    </Suspense>
  )
}
