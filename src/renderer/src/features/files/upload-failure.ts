import { FOLDER_NOT_REPLACED } from '../../../../shared/contract/vector-fs'
import { ApiFailure } from '../../api/client'

/**
 * A chosen or dropped file the window could not read when it came to send it: moved, changed or deleted
 * on this computer since it was chosen, or not readable there. The browser then cuts the upload as a
 * connection failure would, and its row said the node did not answer (and offered a Retry that failed again).
 */
export class FileNotReadable extends Error {
  constructor() {
    super('the file could not be read on this computer')
    this.name = 'FileNotReadable'
  }
}

/**
 * Why `file`'s upload failed with `err`: FileNotReadable when the node did not answer and the file
 * cannot be read now (its first byte asked for), else `err` as it came.
 */
export async function sendingFailure(err: unknown, file: Blob): Promise<unknown> {
  if (err instanceof ApiFailure && err.status !== 0) return err
  if ((err as { name?: unknown } | null)?.name === 'AbortError') return err
  try {
    await file.slice(0, 1).arrayBuffer()
    return err
  } catch {
    return new FileNotReadable()
  }
}

/**
 * Whether an upload that failed this way can succeed when the same file is sent again. Yes when the
 * failure was the moment's or the library's: the node not answering (status 0), a time-out or "slow
 * down" (408, 429), the node's own trouble (5xx: 503 busy or stopping, 507 a full disk), the folder
 * missing (404: made again) or the name taken (409: the other file moved or renamed, then Retry, as
 * the Files page has always offered). No when the node refused the file for what it is: a type it
 * cannot read (415), too large (413), a document it could not read or a name it cannot take (400).
 * Sent again as it is, such a file is refused again.
 */
export function canSucceedAgain(err: unknown): boolean {
  if (err instanceof FileNotReadable) return false
  if (!(err instanceof ApiFailure)) return true
  const s = err.status
  return s === 0 || s === 404 || s === 408 || s === 409 || s === 429 || s >= 500
}

/**
 * Whether the upload was refused for a name its folder has, by a file Replace can put it in the place
 * of: the node's 409, unless it said the name is a folder's (the answer to a Replace tried on one).
 */
export function nameTaken(err: unknown): boolean {
  return err instanceof ApiFailure && err.status === 409 && !err.message.includes(FOLDER_NOT_REPLACED)
}
