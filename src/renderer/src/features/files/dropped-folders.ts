import { joinPath } from './vfs-paths'

/*
 * Folders dropped from the desktop: the browser hands them over as entries (File and Directory
 * Entries API), which must be taken during the drop event itself and are then walked.
 */

/** The parts of the browser's FileSystemEntry this walk uses. */
export interface DroppedEntry {
  readonly isFile: boolean
  readonly isDirectory: boolean
  readonly name: string
  file?(ok: (file: File) => void, fail?: (err: unknown) => void): void
  createReader?(): { readEntries(ok: (entries: DroppedEntry[]) => void, fail?: (err: unknown) => void): void }
}

/** The dropped items' entries, taken now (they are gone once the drop event returns); none when the browser gives none. */
export function entriesOfDrop(dataTransfer: DataTransfer | null): DroppedEntry[] {
  const items = [...(dataTransfer?.items ?? [])]
  const entries = items.map((i) => (i.kind === 'file' ? (i.webkitGetAsEntry?.() as DroppedEntry | null) : null))
  return entries.every((e): e is DroppedEntry => e !== null) ? entries : []
}

export interface DroppedTree {
  /** Library folders to create, each after the folder it is in. */
  readonly folders: string[]
  /** Each file with the library folder it goes into. */
  readonly files: { readonly folder: string; readonly file: File }[]
}

const fileOf = (entry: DroppedEntry) => new Promise<File>((ok, fail) => entry.file!(ok, fail))

async function childrenOf(entry: DroppedEntry): Promise<DroppedEntry[]> {
  const reader = entry.createReader!()
  const out: DroppedEntry[] = []
  // readEntries answers in batches (about 100 at a time in Chromium) until it answers none.
  for (;;) {
    const batch = await new Promise<DroppedEntry[]>((ok, fail) => reader.readEntries(ok, fail))
    if (batch.length === 0) return out
    out.push(...batch)
  }
}

/** The dropped entries as library folders and files under `target`, folders walked to the bottom. */
export async function walkDrop(entries: readonly DroppedEntry[], target: string): Promise<DroppedTree> {
  const tree: DroppedTree = { folders: [], files: [] }
  const walk = async (entry: DroppedEntry, folder: string) => {
    if (entry.isDirectory) {
      const path = joinPath(folder, entry.name)
      tree.folders.push(path)
      for (const child of await childrenOf(entry)) await walk(child, path)
    } else if (entry.isFile) tree.files.push({ folder, file: await fileOf(entry) })
  }
  for (const e of entries) await walk(e, target)
  return tree
}

/**
 * A folder picked with the folder chooser (an input with `webkitdirectory`): the browser hands over its
 * files, each with its path under the folder's parent (`webkitRelativePath`, as `Reports/2024/a.pdf`).
 * As library folders and files under `target`, like a dropped folder (its empty subfolders are not handed over).
 */
export function treeOfPicked(files: readonly File[], target: string): DroppedTree {
  const tree: DroppedTree = { folders: [], files: [] }
  const known = new Set<string>()
  for (const file of files) {
    const parts = (file.webkitRelativePath || file.name).split('/').filter((p) => p !== '')
    let folder = target
    for (const name of parts.slice(0, -1)) {
      folder = joinPath(folder, name)
      if (!known.has(folder)) {
        known.add(folder)
        tree.folders.push(folder)
      }
    }
    tree.files.push({ folder, file })
  }
  return tree
}
