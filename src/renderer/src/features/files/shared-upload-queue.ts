import type { QueryClient } from '@tanstack/react-query'
import { uploadFile, type Client } from '../../api/client'
import { uploadRefresher } from '../../api/queries'
import { useUploadsUnderWay } from '../../stores/uploads'
import { UploadQueue } from './upload-queue'
import { parentPath } from './vfs-paths'

const queues = new WeakMap<Client, UploadQueue>()

/**
 * The window's upload queue for a node: one, kept for as long as the window is open, not one per
 * visit of the Files page. Leaving the page while files were uploading lost their rows (progress,
 * failures and the way to cancel) although the uploads went on unseen.
 */
export function uploadQueueFor(client: Client, qc: QueryClient): UploadQueue {
  const known = queues.get(client)
  if (known) return known
  const refresh = uploadRefresher(qc)
  const queue = new UploadQueue(async (folder, file, onProgress, signal, replace) => {
    const body = { path: folder, filename: file.name, file_data: file, ...(replace ? { replace } : {}) }
    const info = await uploadFile(client, body, onProgress, signal)
    // The folder the file landed in: the one picked, under its new path if it was renamed or moved meanwhile.
    refresh(parentPath(info.path))
    return info
  })
  queue.subscribe(() => {
    const waiting = queue.waitingCount()
    if (useUploadsUnderWay.getState().waiting !== waiting) useUploadsUnderWay.setState({ waiting })
  })
  queues.set(client, queue)
  return queue
}
