import type { JobScope, VectorFsFolder, VectorFsItem } from '../../../../shared/contract/scope'
import type { FileInfo } from '../../../../shared/contract/vector-fs'
import { parentPath } from '../../../../shared/vfs-path'
import { fileSource } from './scope-entries'

/**
 * A path as the selection compares it: composed (NFC). A scope set by a script may spell a name
 * composed ("R\u00e9sum\u00e9") where the library lists it decomposed, as a Mac's file system wrote it,
 * or the other way round: the node takes both for one name, and so does the picker, which showed the
 * folder unticked and, ticked, took it into the scope a second time.
 */
export const selectionKey = (path: string) => path.normalize('NFC')

const key = (pathIds: readonly string[]) => selectionKey('/' + pathIds.join('/'))

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

/** What the picker needs of a library entry (a FileInfo, or a folder known only from a path). */
export type LibraryEntry = Pick<FileInfo, 'path' | 'path_ids' | 'name' | 'is_directory'>

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

/** The selected folder that already includes `path` (the nearest ancestor selected), if any: one look-up per level. */
export function includedBy(selection: Selection, path: string): string | undefined {
  if (path === '/') return undefined
  for (let p = parentPath(selectionKey(path)); ; p = parentPath(p)) {
    if (selection.folders.has(p)) return p
    if (p === '/') return undefined
  }
}

/**
 * The folders with something selected inside them (shown partly selected): every folder above a
 * selected path. Made once per selection, so each row asks in one look-up however much is selected.
 */
export function partlySelected(selection: Selection): ReadonlySet<string> {
  const out = new Set<string>()
  for (const path of [...selection.folders, ...selection.items])
    for (let p = parentPath(path); p !== '/' && !out.has(p); p = parentPath(p)) out.add(p)
  return out
}

const under = (path: string, folder: string) => folder === '/' || path.startsWith(`${folder}/`)

/**
 * Checks or unchecks one library entry. Checking a folder drops the entries inside it, which it
 * now includes; entries kept from elsewhere (other keys, missing paths) are left as they were.
 */
export function toggleEntry(scope: JobScope, entry: LibraryEntry, checked: boolean): JobScope {
  const path = selectionKey(entry.path)
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

export interface MissingEntry {
  readonly section: 'vector_fs_folders' | 'vector_fs_items'
  readonly index: number
  readonly name: string
  readonly path: string
}

/** The scope's library entries (folders and items) whose existence can be checked, each as the MissingEntry it would be. */
export function libraryEntriesOf(scope: JobScope): (MissingEntry & { readonly pathIds: readonly string[] })[] {
  const out: (MissingEntry & { readonly pathIds: readonly string[] })[] = []
  scope.vector_fs_folders.forEach((f, index) => {
    // The root always exists.
    if (f.path.path_ids.length > 0)
      out.push({ section: 'vector_fs_folders', index, name: f.name, path: key(f.path.path_ids), pathIds: f.path.path_ids })
  })
  scope.vector_fs_items.forEach((i, index) =>
    out.push({ section: 'vector_fs_items', index, name: i.name, path: key(i.path.path_ids), pathIds: i.path.path_ids })
  )
  return out
}

/**
 * The vector_fs_missing_paths body for these entries: each path with its kind, so that a scope's
 * item whose file became a folder of its name (or a folder that became a file) is missing, as it
 * finds nothing, and not hidden in the picker as there and unchecked.
 */
export function missingPathsBody(entries: readonly (MissingEntry & { readonly pathIds: readonly string[] })[]) {
  return {
    path_ids: entries.map((e) => [...e.pathIds]),
    kinds: entries.map((e) => (e.section === 'vector_fs_folders' ? ('folder' as const) : ('file' as const)))
  }
}

/** A row of the library picker: a library entry, and in search results the found entries below it. */
export interface PickerEntry extends LibraryEntry {
  /** Search results: the found entries under this folder (shown open); undefined: read lazily when opened. */
  readonly found?: readonly PickerEntry[]
}

const byFolderThenName = (a: PickerEntry, b: PickerEntry) =>
  Number(b.is_directory) - Number(a.is_directory) ||
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
  a.name.localeCompare(b.name)

/**
 * Entries found by name anywhere in the library, as a tree: each under the folders above it (made
 * from its path, not read from the node), folders first then by name. A found folder holding other
 * found entries shows them; one holding none opens lazily like any folder.
 */
export function foundTree(hits: readonly LibraryEntry[]): PickerEntry[] {
  interface Node {
    entry: LibraryEntry
    kids: Map<string, Node>
  }
  const root: Node = { entry: { path: '/', path_ids: [], name: '', is_directory: true }, kids: new Map() }
  for (const hit of hits) {
    let cur = root
    hit.path_ids.forEach((segment, i) => {
      const last = i === hit.path_ids.length - 1
      let next = cur.kids.get(segment)
      if (!next) {
        const ids = hit.path_ids.slice(0, i + 1)
        next = { entry: last ? hit : { path: key(ids), path_ids: ids, name: segment, is_directory: true }, kids: new Map() }
        cur.kids.set(segment, next)
      } else if (last) next.entry = hit
      cur = next
    })
  }
  const build = (n: Node): PickerEntry[] =>
    [...n.kids.values()].map((k) => (k.kids.size > 0 ? { ...k.entry, found: build(k) } : k.entry)).sort(byFolderThenName)
  return build(root)
}
