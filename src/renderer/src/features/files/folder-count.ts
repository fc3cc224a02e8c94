import { groupedNumber } from '../../../../shared/byte-size'
import type { FileInfo } from '../../../../shared/contract/vector-fs'

/** What a folder holds, as far as it was counted: `complete` false when some of its folders were not read. */
export interface FolderCount {
  readonly files: number
  readonly folders: number
  readonly complete: boolean
}

/**
 * Folder listings read at most to count one folder's contents. The node offers no count of a subtree,
 * and a confirmation must not read a whole library: a deep tree is counted this far, then told as
 * "at least".
 */
export const MAX_FOLDER_READS = 40

/**
 * Counts the files and folders under `path` by reading its folders one listing at a time (the tree's
 * own reads, `retrieve_path_simplified` with depth 0), breadth first, at most `maxReads` of them.
 * Stops early once `signal` aborts (the dialog was closed).
 */
export async function countFolder(
  read: (path: string) => Promise<readonly FileInfo[]>,
  path: string,
  signal: AbortSignal,
  maxReads = MAX_FOLDER_READS
): Promise<FolderCount> {
  let files = 0
  let folders = 0
  const toRead = [path]
  for (let reads = 0; toRead.length > 0 && reads < maxReads && !signal.aborted; reads++) {
    for (const child of await read(toRead.shift()!)) {
      if (child.is_directory) {
        folders++
        toRead.push(child.path)
      } else files++
    }
  }
  return { files, folders, complete: toRead.length === 0 }
}

const plural = (n: number, one: string) => `${groupedNumber(n)} ${one}${n === 1 ? '' : 's'}`

/** The count as the confirmation says it: "12 files and 3 folders", "at least …" when not all was read, "it is empty". */
export function folderCountText(c: FolderCount): string {
  if (c.complete && c.files === 0 && c.folders === 0) return 'It is empty.'
  const parts = c.folders === 0 && c.complete ? plural(c.files, 'file') : `${plural(c.files, 'file')} and ${plural(c.folders, 'folder')}`
  return c.complete ? `It holds ${parts}.` : `It holds at least ${parts} (its deeper folders were not counted).`
}
