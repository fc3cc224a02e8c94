import {
  countState,
  emptyCounts,
  MAX_UPLOAD_ROWS,
  type UploadCounts,
  type UploadRow,
  type UploadView
} from '../../src/renderer/src/features/files/upload-queue'
import { isDoneUnchecked } from '../../src/renderer/src/features/files/upload-shown'

/*
 * The uploads panel's counts and rows worked out the plain way, by a pass over every row: what the queue
 * keeps and picks without those passes (UploadQueue.counts and view) is tested against these.
 */

/** The rows counted one by one: what UploadQueue.counts keeps without that pass. */
export function countRows(rows: readonly UploadRow[]): UploadCounts {
  const c = emptyCounts()
  for (const r of rows) countState(c, r.state, 1)
  return { ...c, total: rows.length }
}

/**
 * What the uploads panel draws: every row when there are few; else the rows being sent, the
 * failed ones (the operator must see why), those done with no text found or not checked for text, the next few waiting
 * and the last few done, with counts for all. Drawing thousands of rows on every progress step froze the window.
 */
export function uploadView(rows: readonly UploadRow[], counts: UploadCounts = countRows(rows), max = MAX_UPLOAD_ROWS): UploadView {
  if (rows.length <= max) return { shown: rows, ...counts }
  const few = Math.max(1, Math.floor(max / 8))
  const keep = new Set<UploadRow>()
  const add = (r: UploadRow) => {
    if (keep.size < max) keep.add(r)
  }
  for (const r of rows) if (r.state.kind === 'uploading') add(r)
  for (const r of rows) if (r.state.kind === 'failed') add(r)
  // A file stored with no text (or not checked for it) is done, but the operator must see which one it was, as for a failure.
  for (const r of rows) if (isDoneUnchecked(r.state)) add(r)
  let queued = 0
  for (const r of rows) if (r.state.kind === 'queued' && queued++ < few) add(r)
  let recent = 0
  for (let i = rows.length - 1; i >= 0 && recent < few; i--) {
    if (rows[i]!.state.kind !== 'done') continue
    recent++
    add(rows[i]!)
  }
  return { shown: rows.filter((r) => keep.has(r)), ...counts }
}
