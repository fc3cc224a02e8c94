import { create } from 'zustand'

/**
 * How many of the Files page's uploads are still queued or being sent, and how many picked or dropped
 * folders are still having their folders made (their files queued after). Both outlive the page
 * (uploads go on while the operator is elsewhere); the navigation shows their sum beside Files.
 */
export const useUploadsUnderWay = create<{
  readonly waiting: number
  readonly folderJobs: number
  /**
   * Files being sent from elsewhere than the Files page (New job's or Edit scope's "Choose files…" or a drop
   * there): not in the Files page's queue nor its count, but lost as well if the window closes.
   */
  readonly elsewhere: number
}>(() => ({ waiting: 0, folderJobs: 0, elsewhere: 0 }))

/** One more file being sent from elsewhere than the Files page; the function returned says it ended (once). */
export function sendingElsewhere(): () => void {
  useUploadsUnderWay.setState((s) => ({ elsewhere: s.elsewhere + 1 }))
  let ended = false
  return () => {
    if (ended) return
    ended = true
    useUploadsUnderWay.setState((s) => ({ elsewhere: s.elsewhere - 1 }))
  }
}

/** What the navigation counts beside Files: files waiting or being sent, and folders whose folders are being made. */
export const uploadsUnderWay = (s: { readonly waiting: number; readonly folderJobs: number }) => s.waiting + s.folderJobs

/** Whether closing or reloading the window would drop uploads: the Files page's, or files sent from a scope picker. */
export const anyUploadUnderWay = (s: { readonly waiting: number; readonly folderJobs: number; readonly elsewhere: number }) =>
  uploadsUnderWay(s) + s.elsewhere > 0
