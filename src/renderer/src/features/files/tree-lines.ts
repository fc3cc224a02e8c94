import { parentPath } from './vfs-paths'

/** What a tree needs of a library entry. */
export interface TreeEntry {
  readonly path: string
  readonly name: string
  readonly is_directory: boolean
}

/** An open folder's children as far as they are known. */
export type Listing<E> =
  | { readonly state: 'ready'; readonly entries: readonly E[] }
  | { readonly state: 'loading' }
  | { readonly state: 'error'; readonly message: string }

/** One row of a tree drawn as a flat list: an entry, or a note standing for an open folder's children. */
export type TreeLine<E> =
  | {
      readonly kind: 'entry'
      readonly key: string
      readonly entry: E
      /** 0 for the top level. */
      readonly depth: number
      readonly open: boolean
      /** The key of the line of the folder holding it, undefined at the top level. */
      readonly parentKey: string | undefined
      /** 1-based position among its siblings, and how many siblings there are (for assistive technology). */
      readonly pos: number
      readonly size: number
    }
  | {
      readonly kind: 'note'
      readonly key: string
      readonly folder: string
      readonly depth: number
      readonly note: 'loading' | 'empty' | 'error'
      readonly message?: string
    }

/**
 * The rows a tree shows, top to bottom: each entry, and under each open folder its children (or a
 * note while they load, when they failed, or when there are none). `childrenOf` answers undefined
 * for a folder that is closed. Iterative, so a deep tree cannot overflow the stack.
 */
export function flattenTree<E extends TreeEntry>(top: readonly E[], childrenOf: (entry: E) => Listing<E> | undefined): TreeLine<E>[] {
  const out: TreeLine<E>[] = []
  // A stack of sibling lists still being walked, the deepest last.
  const stack: { entries: readonly E[]; next: number; depth: number; parentKey: string | undefined }[] = [
    { entries: top, next: 0, depth: 0, parentKey: undefined }
  ]
  while (stack.length > 0) {
    const level = stack[stack.length - 1]!
    if (level.next >= level.entries.length) {
      stack.pop()
      continue
    }
    const entry = level.entries[level.next++]!
    const listing = entry.is_directory ? childrenOf(entry) : undefined
    const key = entry.path
    out.push({
      kind: 'entry',
      key,
      entry,
      depth: level.depth,
      open: listing !== undefined,
      parentKey: level.parentKey,
      pos: level.next,
      size: level.entries.length
    })
    if (!listing) continue
    const depth = level.depth + 1
    if (listing.state === 'ready' && listing.entries.length > 0) stack.push({ entries: listing.entries, next: 0, depth, parentKey: key })
    else
      out.push({
        kind: 'note',
        key: `${key}\u0000note`,
        folder: entry.path,
        depth,
        note: listing.state === 'ready' ? 'empty' : listing.state,
        message: listing.state === 'error' ? listing.message : undefined
      })
  }
  return out
}

/**
 * The open folders whose children can be on screen: those at the top level or inside another shown
 * open folder (`shownOpen`: open without being read, such as search results' folders). A folder left
 * open inside a closed one is remembered but not read.
 */
export function openFoldersToRead(open: ReadonlySet<string>, shownOpen: ReadonlySet<string> = new Set()): string[] {
  const reachable = (path: string): boolean => {
    for (let p = parentPath(path); p !== '/'; p = parentPath(p)) {
      if (shownOpen.has(p)) return true
      if (!open.has(p)) return false
    }
    return true
  }
  return [...open].filter(reachable).sort()
}
