import { ApiFailure } from '../../api/client'

/**
 * What the window says when the node found the other kind of entry at a path it listed as a file or
 * a folder (replaced since it was read): the node's 404 says "/A is a folder, not a file: use
 * move_folder", words for a script, and the window had said "no file /A", as if /A were gone.
 * Undefined for any other failure.
 */
export function kindChangedText(err: unknown, entry: { readonly path: string; readonly is_directory: boolean }): string | undefined {
  if (!(err instanceof ApiFailure) || err.status !== 404) return undefined
  const now = entry.is_directory ? 'a file' : 'a folder'
  if (!err.message.includes(` is ${now}, not `)) return undefined
  return `${entry.path} is now ${now}, not the ${entry.is_directory ? 'folder' : 'file'} that was listed (it was replaced meanwhile). Look at the library again, and choose it there.`
}
