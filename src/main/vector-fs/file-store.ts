import { createHash, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { encodingFinder, type TextEncoding } from './extract'

/**
 * The encoding of a stored text file (see encodingFinder), read 1 MiB at a time and only as far as it
 * takes: the node's thread is free between pieces (a 256 MiB ASCII file is read to its end).
 */
export async function fileEncoding(path: string): Promise<TextEncoding> {
  const finder = encodingFinder()
  const stream = createReadStream(path, { highWaterMark: 1024 * 1024 })
  try {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      const found = finder.push(piece)
      if (found) return found
    }
  } finally {
    stream.destroy()
  }
  return finder.end()
}

/** Where the upload's bytes are: in memory (IPC) or in a file staged on disk (HTTP). */
export type UploadSource = { readonly bytes: Uint8Array } | { readonly file: string; readonly size: number }

export interface StoredBlob {
  readonly sha256: string
  readonly size: number
}

/**
 * Files' original bytes under `<data-dir>/files/`, named by the SHA-256 of their content
 * (`files/ab/abcdef...`): two uploads of the same bytes share one copy.
 *
 * A copy is shared, so an upload that finds it there must not lose it to a delete of another file
 * with the same bytes running at the same time: `put` holds the copy until the upload calls
 * `release` (once its row is written, or it failed), `remove` leaves a held copy alone, and `put`
 * waits for a removal of the same copy already under way, then writes it again.
 */
export function fileStore(root: string) {
  const stagingDir = join(root, '.staging')
  const pathOf = (sha: string) => join(root, sha.slice(0, 2), sha)
  /** Copies uploads are storing or about to record, with how many uploads hold each. */
  const held = new Map<string, number>()
  const removing = new Map<string, Promise<void>>()
  const hold = (sha: string) => held.set(sha, (held.get(sha) ?? 0) + 1)
  const release = (sha: string) => {
    const n = (held.get(sha) ?? 0) - 1
    if (n > 0) held.set(sha, n)
    else held.delete(sha)
  }
  /** Holds the copy for the caller, after any removal of it under way; released again if storing fails. */
  async function holding<T>(sha: string, store: () => Promise<T>): Promise<T> {
    hold(sha)
    try {
      await removing.get(sha)
      return await store()
    } catch (err) {
      release(sha)
      throw err
    }
  }

  async function hashFile(file: string): Promise<string> {
    const h = createHash('sha256')
    for await (const chunk of createReadStream(file)) h.update(chunk as Buffer)
    return h.digest('hex')
  }

  return {
    root,
    /** Uploads are staged here (same file system as the store, so they are renamed into place). */
    stagingDir,
    pathOf,
    /** Stores the bytes (if not already there) and answers their hash; the copy is held until `release(sha256)`. */
    async put(source: UploadSource): Promise<StoredBlob> {
      await mkdir(stagingDir, { recursive: true, mode: 0o700 })
      if ('bytes' in source) {
        const sha = createHash('sha256').update(source.bytes).digest('hex')
        return holding(sha, async () => {
          const target = pathOf(sha)
          if (!(await exists(target))) {
            const tmp = join(stagingDir, `put-${randomUUID()}`)
            await writeFile(tmp, source.bytes, { mode: 0o600 })
            await mkdir(join(root, sha.slice(0, 2)), { recursive: true, mode: 0o700 })
            await rename(tmp, target)
          }
          return { sha256: sha, size: source.bytes.length }
        })
      }
      const sha = await hashFile(source.file)
      return holding(sha, async () => {
        const target = pathOf(sha)
        if (!(await exists(target))) {
          await mkdir(join(root, sha.slice(0, 2)), { recursive: true, mode: 0o700 })
          const tmp = join(stagingDir, `put-${randomUUID()}`)
          // A staged file elsewhere (another file system) is copied; ours is renamed.
          await rename(source.file, tmp).catch(() => copyFile(source.file, tmp))
          await rename(tmp, target)
        }
        return { sha256: sha, size: source.size }
      })
    },
    /**
     * The hashes of the copies in the store, a folder at a time: regular files named by a SHA-256
     * in the folder of its first two digits. Anything else there (symbolic links, folders, other
     * names) is not a copy.
     */
    async *storedShas(): AsyncGenerator<string[]> {
      for (const dir of await readdir(root, { withFileTypes: true }).catch(() => [])) {
        if (!dir.isDirectory() || !/^[0-9a-f]{2}$/.test(dir.name)) continue
        const entries = await readdir(join(root, dir.name), { withFileTypes: true })
        yield entries.filter((f) => f.isFile() && /^[0-9a-f]{64}$/.test(f.name) && f.name.startsWith(dir.name)).map((f) => f.name)
      }
    },
    /** Lets go of a copy `put` held (its upload recorded it, or gave up). */
    release,
    read: (sha: string) => readFile(pathOf(sha)),
    /** Removes the copy unless an upload holds it or `inUse()` (asked now) says a file still names it; answers whether it did. */
    async remove(sha: string, inUse: () => boolean): Promise<boolean> {
      if (held.has(sha) || inUse()) return false
      const done = rm(pathOf(sha), { force: true }).finally(() => {
        if (removing.get(sha) === done) removing.delete(sha)
      })
      removing.set(sha, done)
      await done
      return true
    }
  }
}
export type FileStore = ReturnType<typeof fileStore>

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path)
    return true
  } catch {
    return false
  }
}
