import { parentPath } from '../../../../shared/vfs-path'
import { hasReadableType } from '../../../../shared/contract/vector-fs-types'

export { baseName, isWithin, joinPath, parentPath } from '../../../../shared/vfs-path'

/**
 * How much of an entry's name a rename selects at first, as desktop file managers do: a file's name
 * before its extension (`lease.2026.pdf` -> `lease.2026`; `.env`, with none, whole), a folder's whole.
 */
export function renamePart(name: string, isDirectory: boolean): number {
  const dot = name.lastIndexOf('.')
  return isDirectory || dot <= 0 ? name.length : dot
}

/** Where `path` is once `from` moved to `to` (itself or anything inside it moves along); `path` itself when the move leaves it. */
export function pathAfterMove(path: string, from: string, to: string): string {
  if (path === from) return to
  return path.startsWith(`${from}/`) ? to + path.slice(from.length) : path
}

/** Where a file stands: embedding states as the node reports them (`failed: <reason>` keeps its reason). */
export type FileState = { readonly kind: 'ready' | 'processing' | 'none' } | { readonly kind: 'failed'; readonly reason: string }

export function fileState(status: string | null): FileState {
  if (status === 'ready') return { kind: 'ready' }
  if (status === 'processing') return { kind: 'processing' }
  if (status?.startsWith('failed')) return { kind: 'failed', reason: status.replace(/^failed:\s*/, '') }
  return { kind: 'none' }
}

/** Folder paths the tree shows open; toggling returns a new set (React state). */
export function toggleExpanded(expanded: ReadonlySet<string>, path: string): Set<string> {
  const next = new Set(expanded)
  if (next.has(path)) {
    // Closing a folder closes what is inside it too, so reopening shows it collapsed.
    for (const p of next) if (p === path || p.startsWith(`${path}/`)) next.delete(p)
  } else next.add(path)
  return next
}

/** Every folder above `path` (for opening the tree down to a file). */
export function ancestorsOf(path: string): string[] {
  const out: string[] = []
  for (let p = parentPath(path); p !== '/'; p = parentPath(p)) out.unshift(p)
  return out
}

/** Longest name of a file or folder, in characters (the node's rule for a path segment). */
export const NAME_MAX_CHARS = 255

/**
 * Why `name` (as typed, before trimming) cannot name a file or folder, in a sentence; undefined when
 * it can or is still empty. The node's rules for a path segment, said before it is sent: a "/" in
 * the name of a move would otherwise move the entry into another folder without a word.
 */
export function nameProblem(name: string): string | undefined {
  const n = name.trim()
  // Spaces alone: the button was greyed and Enter did nothing, with no word why.
  if (n === '' && name !== '') return 'A name needs more than spaces.'
  if (n.includes('/')) return 'A name cannot contain “/”. To put it in another folder, choose that folder.'
  if (n === '.' || n === '..') return 'A name cannot be “.” or “..”.'
  const chars = [...n].length
  if (chars > NAME_MAX_CHARS) return `A name can be at most ${NAME_MAX_CHARS} characters; this one has ${chars}.`
  return undefined
}

/**
 * What a name typed with spaces at its start or end is saved as (they are left out), said beside the
 * name before it is saved; undefined when nothing is left out. " lead" became "lead" without a word.
 */
export function savedAsNote(name: string): string | undefined {
  const n = name.trim()
  return n !== '' && n !== name ? `Saved as “${n}”: spaces at the start and end of a name are left out.` : undefined
}

/**
 * Why the window does not rename a file to `name` (as typed): a type the library cannot read. The node
 * moves it (the file keeps the type it was read as), but an upload of that name is refused, so it could
 * not be replaced under it. Undefined
 * when it can, for a folder, or when the name is the file's own.
 */
export function fileTypeProblem(name: string, current: string, isDirectory: boolean, readableKinds: string): string | undefined {
  const n = name.trim()
  if (isDirectory || n === '' || n === current || hasReadableType(n)) return undefined
  return `The library cannot read a file named “${n}”. Keep an extension it reads: ${readableKinds}.`
}
