import type { JobScope, VectorFsFolder, VectorFsItem } from '../../../../shared/contract/scope'
import type { FileInfo } from '../../../../shared/contract/vector-fs'
import { fileSource } from './scope-entries'

const key = (pathIds: readonly string[]) => '/' + pathIds.join('/')

/** The seed's file type for a library file, from its extension. */
export function documentType(name: string): string {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''
  const types: Record<string, string> = {
    pdf: 'Pdf',
    txt: 'Txt',
    md: 'Md',
    markdown: 'Md',
    docx: 'Docx',
    html: 'Html',
    htm: 'Html',
    csv: 'Csv',
    json: 'Json',
    vrkai: 'Vrkai'
  }
  return types[ext] ?? 'Txt'
}

/** A library folder as a scope entry (everything under it). */
export const folderEntry = (f: Pick<FileInfo, 'name' | 'path_ids'>): VectorFsFolder => ({
  name: f.name,
  path: { path_ids: [...f.path_ids] }
})

/** A library file as a scope entry, its source naming the file and its type. */
export const itemEntry = (f: Pick<FileInfo, 'name' | 'path_ids'>): VectorFsItem => ({
  name: f.name,
  path: { path_ids: [...f.path_ids] },
  source: fileSource(f.name, documentType(f.name), 'V1')
})

export interface Selection {
  readonly folders: ReadonlySet<string>
  readonly items: ReadonlySet<string>
}

export function selectionOf(scope: JobScope): Selection {
  return {
    folders: new Set(scope.vector_fs_folders.map((f) => key(f.path.path_ids))),
    items: new Set(scope.vector_fs_items.map((i) => key(i.path.path_ids)))
  }
}

/** The selected folder that already includes `path` (an ancestor), if any. */
export function includedBy(selection: Selection, path: string): string | undefined {
  for (const f of selection.folders) if (f !== path && (f === '/' || path.startsWith(`${f}/`))) return f
  return undefined
}

const under = (path: string, folder: string) => folder === '/' || path.startsWith(`${folder}/`)

/**
 * Checks or unchecks one library entry. Checking a folder drops the entries inside it, which it
 * now includes; entries kept from elsewhere (other keys, missing paths) are left as they were.
 */
export function toggleEntry(scope: JobScope, entry: FileInfo, checked: boolean): JobScope {
  const path = entry.path
  if (entry.is_directory) {
    if (!checked) return { ...scope, vector_fs_folders: scope.vector_fs_folders.filter((f) => key(f.path.path_ids) !== path) }
    return {
      ...scope,
      vector_fs_folders: [...scope.vector_fs_folders.filter((f) => !under(key(f.path.path_ids), path)), folderEntry(entry)],
      vector_fs_items: scope.vector_fs_items.filter((i) => !under(key(i.path.path_ids), path))
    }
  }
  const rest = scope.vector_fs_items.filter((i) => key(i.path.path_ids) !== path)
  return { ...scope, vector_fs_items: checked ? [...rest, itemEntry(entry)] : rest }
}

export const unselectAll = (scope: JobScope): JobScope => ({ ...scope, vector_fs_folders: [], vector_fs_items: [] })

/** Every path in a tree filled to full depth. */
export function pathsOf(tree: readonly FileInfo[]): Set<string> {
  const out = new Set<string>()
  const walk = (nodes: readonly FileInfo[]) => {
    for (const n of nodes) {
      out.add(n.path)
      if (n.children) walk(n.children)
    }
  }
  walk(tree)
  return out
}

export interface MissingEntry {
  readonly section: 'vector_fs_folders' | 'vector_fs_items'
  readonly index: number
  readonly name: string
  readonly path: string
}

/** Scope entries naming a path the library no longer has (kept as stored; they simply find nothing). */
export function missingEntries(scope: JobScope, tree: readonly FileInfo[]): MissingEntry[] {
  const paths = pathsOf(tree)
  const out: MissingEntry[] = []
  scope.vector_fs_folders.forEach((f, index) => {
    const p = key(f.path.path_ids)
    if (p !== '/' && !paths.has(p)) out.push({ section: 'vector_fs_folders', index, name: f.name, path: p })
  })
  scope.vector_fs_items.forEach((i, index) => {
    const p = key(i.path.path_ids)
    if (!paths.has(p)) out.push({ section: 'vector_fs_items', index, name: i.name, path: p })
  })
  return out
}

/**
 * The tree cut to the entries whose name holds every word of `search` (any case), with the folders
 * above them; a matching folder keeps all it holds. An empty search keeps everything.
 */
export function filterTree(tree: readonly FileInfo[], search: string): FileInfo[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...tree]
  const matches = (n: FileInfo) => words.every((w) => n.name.toLowerCase().includes(w))
  const walk = (nodes: readonly FileInfo[]): FileInfo[] =>
    nodes.flatMap((n) => {
      if (matches(n)) return [n]
      const kids = n.children ? walk(n.children) : []
      return kids.length > 0 ? [{ ...n, children: kids }] : []
    })
  return walk(tree)
}
