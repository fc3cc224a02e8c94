import type { Database } from 'better-sqlite3'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { withoutFlush } from '../store/without-flush'
import { passagesOf, type ChunkOptions } from './chunker'
import { REMOVAL_BATCH, type PassageIndex } from './passage-index'
import type { TreeRepo } from './tree'
import type { VectorIndex } from './vector-index'

/**
 * How long one slice of an upload's passages may hold the node's thread before it commits and
 * lets requests through. One transaction for every passage of a 200 MB text held the node 18 s.
 */
export const UPLOAD_SLICE_MS = 20

/** The passages of a text, cut a slice of UPLOAD_SLICE_MS at a time with the event loop turning between slices. */
export async function cutInSlices(text: string, markdown: boolean, chunking: ChunkOptions): Promise<{ nodeId: string; text: string }[]> {
  const out: { nodeId: string; text: string }[] = []
  let until = performance.now() + UPLOAD_SLICE_MS
  for (const passage of passagesOf(text, markdown, chunking)) {
    out.push({ nodeId: String(out.length + 1), text: passage })
    if (performance.now() >= until) {
      await nextTurn()
      until = performance.now() + UPLOAD_SLICE_MS
    }
  }
  return out
}

/** The node stopped while an upload stored its passages; the next start removes what it left. */
export class UploadCutShort extends Error {
  constructor() {
    super('The node stopped before the file was stored. Upload it again.')
  }
}

interface Deps {
  readonly db: Database
  readonly tree: TreeRepo
  readonly passages: PassageIndex
  readonly vectors: VectorIndex
  /** Whether the library is closing: slices stop, and what is left is removed at the next start. */
  readonly closed: () => boolean
}

/**
 * Writing and unwriting a staged file's passages (its row lies in the staging folder, see tree.ts)
 * a slice at a time, the event loop turning between slices. The slices' commits do not wait for the
 * disk: until the file leaves the staging folder nothing depends on them, and the commit that moves
 * it out (synchronous=FULL) makes them durable with it.
 */
export function stagedWrites({ db, tree, passages, vectors, closed }: Deps) {
  const insertSlice = db.transaction(
    (itemId: number, nodes: readonly { nodeId: string; text: string }[], pending: () => boolean, from: number): number =>
      passages.insert(itemId, nodes, pending(), from, performance.now() + UPLOAD_SLICE_MS)
  )
  /** Deletes passages of the staged file for a slice's time, then the file's row once none is left; true when gone. */
  const removeSlice = db.transaction((itemId: number): boolean => {
    const until = performance.now() + UPLOAD_SLICE_MS
    do {
      const ids = passages.removeSome(itemId)
      vectors.remove(ids)
      if (ids.length < REMOVAL_BATCH) {
        tree.remove(itemId)
        return true
      }
    } while (performance.now() < until)
    return false
  })

  return {
    /**
     * Adds the passages of the staged file `itemId`; rejects with UploadCutShort if the library closes
     * first. `pending` is asked in each slice: the embedding model may be chosen or cleared between them.
     */
    async insert(itemId: number, nodes: readonly { nodeId: string; text: string }[], pending: () => boolean): Promise<void> {
      let next = 0
      while (next < nodes.length) {
        if (closed()) throw new UploadCutShort()
        next = withoutFlush(db, () => insertSlice.immediate(itemId, nodes, pending, next))
        if (next < nodes.length) await nextTurn()
      }
    },
    /** Removes the staged file and its passages; false if the library closed first (the next start finishes it). */
    async discard(itemId: number): Promise<boolean> {
      for (;;) {
        if (closed() || !db.open) return false
        if (withoutFlush(db, () => removeSlice.immediate(itemId))) return true
        await nextTurn()
      }
    }
  }
}
