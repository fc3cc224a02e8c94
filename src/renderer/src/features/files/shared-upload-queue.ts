import type { QueryClient } from '@tanstack/react-query'
import { ApiFailure, uploadFile, type Client } from '../../api/client'
import { uploadRefresher } from '../../api/queries'
import { useUploadsUnderWay } from '../../stores/uploads'
import { FolderMaking } from './folder-making'
import { sendingFailure } from './upload-failure'
import { UploadQueue, type UploadOutcome, type Uploader } from './upload-queue'
import { countUploadsInNavigation } from './upload-nav-count'
import type { FileInfo } from '../../../../shared/contract/vector-fs'
import { baseName, parentPath } from './vfs-paths'

/**
 * Files sent at once. Two left the node waiting between requests: a folder of thousands of small files went
 * at 15 files a second. A file's question of its passages (see noTextOutcome) is asked outside its slot.
 */
const UPLOADS_IN_FLIGHT = 4

const queues = new WeakMap<Client, UploadQueue>()
const folderMakings = new WeakMap<Client, FolderMaking>()

/**
 * The folders of picked or dropped folders being made on a node, kept for the window like its upload
 * queue: back on the Files page, the operator sees them still being made, and can cancel.
 */
export function folderMakingFor(client: Client): FolderMaking {
  const known = folderMakings.get(client)
  if (known) return known
  const making = new FolderMaking(async (path) => {
    try {
      await client.call('create_folder', { body: { path: parentPath(path), folder_name: baseName(path) } })
    } catch (err) {
      // A folder of that name is there already: the files go into it.
      if (!(err instanceof ApiFailure && err.status === 409)) throw err
    }
  })
  // The navigation's count beside Files: a large folder takes a while to have its folders made, before any file is queued.
  making.subscribe(() => {
    const folderJobs = making.snapshot().length
    if (useUploadsUnderWay.getState().folderJobs !== folderJobs) useUploadsUnderWay.setState({ folderJobs })
  })
  folderMakings.set(client, making)
  return making
}

/**
 * The window's upload queue for a node: one, kept for as long as the window is open, not one per
 * visit of the Files page. Leaving the page while files were uploading lost their rows (progress,
 * failures and the way to cancel) although the uploads went on unseen.
 */
export function uploadQueueFor(client: Client, qc: QueryClient): UploadQueue {
  const known = queues.get(client)
  if (known) return known
  const queue = new UploadQueue(nodeUploader(client, qc), UPLOADS_IN_FLIGHT)
  countUploadsInNavigation(queue)
  queues.set(client, queue)
  return queue
}

/** Sends a file to the node, refreshes the folder's listing, and answers whether it holds text (see noTextOutcome). */
export function nodeUploader(client: Client, qc: QueryClient): Uploader {
  const refresh = uploadRefresher(qc)
  return async (folder, file, onProgress, signal, replace) => {
    const body = { path: folder, filename: file.name, file_data: file, ...(replace ? { replace } : {}) }
    const info = await uploadFile(client, body, onProgress, signal).catch(async (err: unknown) => {
      throw signal.aborted ? err : await sendingFailure(err, file)
    })
    // The folder the file landed in: the one picked, under its new path if it was renamed or moved meanwhile.
    refresh(parentPath(info.path))
    return noTextOutcome(client, info)
  }
}

/**
 * Whether an uploaded file holds no text (empty, a scan with no text layer), so its row says so: from the
 * upload's answer when it tells (a file being embedded, or embedded, has passages; an empty one has none),
 * else asked of the node (its passage count) after the upload's slot is let go. Unknown (the file replaced
 * or moved meanwhile, the node unreachable or not answering in time): the row says it was not checked for text.
 */
export function noTextOutcome(client: Client, info: FileInfo): UploadOutcome {
  if (info.has_embeddings || info.status === 'processing') return { noText: false }
  if (info.size === 0) return { noText: true }
  return {
    noTextLater: async (signal) => (await client.call('vector_fs_passage_count', { query: { path: info.path }, signal })).passages === 0
  }
}
