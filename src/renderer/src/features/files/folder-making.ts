/** A picked or dropped folder whose folders are being made in the library, before its files are queued. */
export interface FolderJob {
  readonly id: number
  /** What was picked or dropped, as the operator knows it ("Reports", or "Reports, Letters, and 2 more"). */
  readonly name: string
  /** Whose files are uploaded once the folders are there, in a sentence: "its files", "their files", "the files". */
  readonly whose: string
  /** Where it goes. */
  readonly into: string
  /** Folders made (or found there already) so far, of `total`. */
  readonly made: number
  readonly total: number
}

/** A folder the node would not make: nothing in it is uploaded. */
export class FolderNotMade extends Error {
  constructor(
    readonly folder: string,
    readonly reason: unknown
  ) {
    super(`${folder} was not made`)
  }
}

/** Makes one library folder; resolves when it is there (made now, or there already). */
export type FolderCreator = (path: string) => Promise<void>

/**
 * The folders of each picked or dropped folder, made one after the other, each job with its count
 * and a way to stop it. A large folder (hundreds of subfolders) took a while before its first file
 * was queued, and the window showed nothing meanwhile: no progress, no way to cancel.
 */
export class FolderMaking {
  private jobs: readonly FolderJob[] = []
  private cancelled = new Set<number>()
  private nextId = 1
  private listeners = new Set<() => void>()

  constructor(private readonly create: FolderCreator) {}

  snapshot = (): readonly FolderJob[] => this.jobs

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  /**
   * Makes `folders` (each after the folder it is in) for the job named `name`, whose files are `whose`
   * (droppedName); `whenMade` runs once all are there, the job still listed. Resolves `finished`
   * once all are there, or not when the job was cancelled first, with how many were made by then
   * (they stay); rejects with FolderNotMade for the first the node would not make (none after it is tried).
   */
  async make(
    name: string,
    into: string,
    folders: readonly string[],
    whose = 'its files',
    whenMade?: () => void
  ): Promise<{ readonly finished: boolean; readonly made: number }> {
    const id = this.nextId++
    this.set(id, { id, name, whose, into, made: 0, total: folders.length })
    let made = 0
    try {
      for (const folder of folders) {
        if (this.cancelled.has(id)) return { finished: false, made }
        try {
          await this.create(folder)
        } catch (err) {
          throw new FolderNotMade(folder, err)
        }
        made++
        this.set(id, { id, name, whose, into, made, total: folders.length })
      }
      const finished = !this.cancelled.has(id)
      // Its files are queued while the job is still listed: queued after, the count of uploads under way
      // beside Files went to nothing for a moment in between.
      if (finished) whenMade?.()
      return { finished, made }
    } finally {
      this.cancelled.delete(id)
      this.jobs = this.jobs.filter((j) => j.id !== id)
      this.emit()
    }
  }

  /** Stops a job: no folder after the one being made is made, and its files are not uploaded. */
  cancel(id: number): void {
    if (!this.jobs.some((j) => j.id === id)) return
    this.cancelled.add(id)
    // Gone from the window at once: the folder being made when it was cancelled is the last.
    this.jobs = this.jobs.filter((j) => j.id !== id)
    this.emit()
  }

  private set(id: number, job: FolderJob) {
    if (this.cancelled.has(id)) return
    const at = this.jobs.findIndex((j) => j.id === id)
    this.jobs = at < 0 ? [...this.jobs, job] : this.jobs.map((j) => (j.id === id ? job : j))
    this.emit()
  }

  private emit() {
    for (const l of this.listeners) l()
  }
}

/**
 * What folders picked or dropped together are called in their row and notices: their names ("Reports
 * and Letters"), the first two and how many more past three. "3 folders" named none of them.
 */
export function pickedFoldersName(names: readonly string[]): string {
  const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' })
  if (names.length <= 3) return list.format(names)
  return list.format([...names.slice(0, 2), `${names.length - 2} more`])
}

/**
 * What a pick or a drop of folders is called in its row and notices, and whose files are uploaded once
 * its folders are made: the folders' names and then those of the files dropped beside them ("Reports
 * and notes.txt": "Reports" alone left the file out, and a cancel said none of "its files" was
 * uploaded when notes.txt was not either).
 */
export function droppedName(folders: readonly string[], looseFiles: readonly string[]): { readonly name: string; readonly whose: string } {
  const whose = looseFiles.length > 0 ? 'the files' : folders.length > 1 ? 'their files' : 'its files'
  return { name: pickedFoldersName([...folders, ...looseFiles]), whose }
}
