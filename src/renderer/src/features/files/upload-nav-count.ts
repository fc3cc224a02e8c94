import { throttledSubscribe } from '../../app/throttled-subscribe'
import { useUploadsUnderWay } from '../../stores/uploads'
import { MAX_UPLOAD_ROWS, type UploadQueue } from './upload-queue'

/** The navigation's count of uploads is set at most this often while many files are sent (as the uploads panel is drawn). */
export const NAV_COUNT_MS = 100

/**
 * Keeps the count beside Files (and the close-window guard) told how many of the queue's files are waiting. Past a
 * few rows, at most every NAV_COUNT_MS: set at each file's end, it redrew the navigation thousands of times for a
 * large folder. Going from none to some and back to none is told at once (the guard, the count going away).
 */
export function countUploadsInNavigation(queue: UploadQueue): () => void {
  const shown = () => useUploadsUnderWay.getState().waiting
  const subscribe = throttledSubscribe(
    queue.subscribe,
    NAV_COUNT_MS,
    () => queue.size() <= MAX_UPLOAD_ROWS || queue.waitingCount() === 0 || shown() === 0
  )
  return subscribe(() => {
    const waiting = queue.waitingCount()
    if (shown() !== waiting) useUploadsUnderWay.setState({ waiting })
  })
}
