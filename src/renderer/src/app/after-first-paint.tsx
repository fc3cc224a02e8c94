import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ComponentType } from 'react'
import { holdDialogs, releaseDialogs } from './confirm'
import { importAgain } from './import-again'

/** How long a failed load of the dialogs' code waits before it is asked for again. */
const RETRY_MS = 2000

/**
 * The dialogs' code, asked for again while it cannot be fetched (in headless mode it comes from the
 * node, which may be restarting): a failed lazy load is an error React gives to the nearest error
 * boundary, and with none around these it took the whole window down to a blank page. Meanwhile
 * dialogs wait and notifications wait in their store, as before the first paint.
 */
const importHosts = importAgain(() => import('./dialog-hosts'))
const loadHosts = (): Promise<{ default: ComponentType }> =>
  importHosts().catch(() => new Promise<void>((resume) => setTimeout(resume, RETRY_MS)).then(loadHosts))

const DialogHosts = lazy(loadHosts)

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
  // A dialog asked for before the provider listens waits for it (confirm.ts); gone before the provider
  // mounted (a test's window closed), nothing is held back any more.
  useLayoutEffect(() => {
    holdDialogs()
    return releaseDialogs
  }, [])
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
