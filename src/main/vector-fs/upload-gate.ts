/**
 * How many bytes of uploads are read, cut into passages and stored at once. Each takes several
 * times its size in memory while it is (its bytes, its text, its passages, SQLite's pages): four
 * 50 MB text uploads at once took the node past 900 MB. Past this, an upload waits for its turn,
 * its file already on disk, and is answered when stored as any other; one larger than this on its
 * own goes alone.
 */
export const UPLOAD_BYTES_AT_ONCE = 64 * 1024 * 1024

/**
 * Turns for uploads by their size, first come first served: an upload goes once what is being
 * stored plus its own size fits the budget, or when nothing else is being stored.
 */
export function uploadGate(budget = UPLOAD_BYTES_AT_ONCE) {
  let inFlight = 0
  let running = 0
  const waiting: { size: number; go: () => void }[] = []
  const fits = (size: number) => running === 0 || inFlight + size <= budget
  const next = () => {
    while (waiting.length > 0 && fits(waiting[0]!.size)) {
      const w = waiting.shift()!
      inFlight += w.size
      running++
      w.go()
    }
  }
  return {
    /** Waits for the upload's turn; the answer releases it (call once, when it is stored or refused). */
    async enter(size: number): Promise<() => void> {
      if (waiting.length === 0 && fits(size)) {
        inFlight += size
        running++
      } else await new Promise<void>((go) => waiting.push({ size, go }))
      let left = false
      return () => {
        if (left) return
        left = true
        inFlight -= size
        running--
        next()
      }
    },
    /** Uploads waiting for their turn. */
    get waiting() {
      return waiting.length
    }
  }
}
