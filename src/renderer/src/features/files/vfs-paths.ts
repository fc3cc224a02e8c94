import type { FileInfo } from '../../../../shared/contract/vector-fs'

/** `/a/b/c.txt` -> `/a/b`; `/a` -> `/`. */
export function parentPath(path: string): string {
  const i = path.lastIndexOf('/')
  return i <= 0 ? '/' : path.slice(0, i)
}

export const joinPath = (folder: string, name: string) => (folder === '/' ? `/${name}` : `${folder}/${name}`)

export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** Every folder of a tree (filled to some depth), the root first, in display order. */
export function foldersOf(tree: readonly FileInfo[]): string[] {
  const out = ['/']
  const walk = (nodes: readonly FileInfo[]) => {
    for (const n of nodes) {
      if (!n.is_directory) continue
      out.push(n.path)
      if (n.children) walk(n.children)
    }
  }
  walk(tree)
  return out
}

/** Every file of a tree (filled to some depth). */
export function filesOf(tree: readonly FileInfo[]): FileInfo[] {
  const out: FileInfo[] = []
  const walk = (nodes: readonly FileInfo[]) => {
    for (const n of nodes) {
      if (n.is_directory) {
        if (n.children) walk(n.children)
      } else out.push(n)
    }
  }
  walk(tree)
  return out
}

/** Where a file stands: embedding states as the node reports them (`failed: <reason>` keeps its reason). */
export type FileState = { readonly kind: 'ready' | 'processing' | 'none' } | { readonly kind: 'failed'; readonly reason: string }

export function fileState(status: string | null): FileState {
  if (status === 'ready') return { kind: 'ready' }
  if (status === 'processing') return { kind: 'processing' }
  if (status?.startsWith('failed')) return { kind: 'failed', reason: status.replace(/^failed:\s*/, '') }
  return { kind: 'none' }
}

/** Counts of files per state, for the re-embedding progress. */
export function stateCounts(files: readonly FileInfo[]): { processing: number; ready: number; failed: number } {
  const counts = { processing: 0, ready: 0, failed: 0 }
  for (const f of files) {
    const s = fileState(f.status).kind
    if (s !== 'none') counts[s]++
  }
  return counts
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
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
