import { createHash, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Where the upload's bytes are: in memory (IPC) or in a file staged on disk (HTTP). */
export type UploadSource = { readonly bytes: Uint8Array } | { readonly file: string; readonly size: number }

export interface StoredBlob {
  readonly sha256: string
  readonly size: number
}

/**
 * Files' original bytes under `<data-dir>/files/`, named by the SHA-256 of their content
 * (`files/ab/abcdef...`): two uploads of the same bytes share one copy.
 */
export function fileStore(root: string) {
  const stagingDir = join(root, '.staging')
  const pathOf = (sha: string) => join(root, sha.slice(0, 2), sha)

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
    /** Stores the bytes (if not already there) and answers their hash. */
    async put(source: UploadSource): Promise<StoredBlob> {
      await mkdir(stagingDir, { recursive: true, mode: 0o700 })
      if ('bytes' in source) {
        const sha = createHash('sha256').update(source.bytes).digest('hex')
        const target = pathOf(sha)
        if (!(await exists(target))) {
          const tmp = join(stagingDir, `put-${randomUUID()}`)
          await writeFile(tmp, source.bytes, { mode: 0o600 })
          await mkdir(join(root, sha.slice(0, 2)), { recursive: true, mode: 0o700 })
          await rename(tmp, target)
        }
        return { sha256: sha, size: source.bytes.length }
      }
      const sha = await hashFile(source.file)
      const target = pathOf(sha)
      if (!(await exists(target))) {
        await mkdir(join(root, sha.slice(0, 2)), { recursive: true, mode: 0o700 })
        const tmp = join(stagingDir, `put-${randomUUID()}`)
        // A staged file elsewhere (another file system) is copied; ours is renamed.
        await rename(source.file, tmp).catch(() => copyFile(source.file, tmp))
        await rename(tmp, target)
      }
      return { sha256: sha, size: source.size }
    },
    read: (sha: string) => readFile(pathOf(sha)),
    remove: (sha: string) => rm(pathOf(sha), { force: true })
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
