import type { Database, Statement } from 'better-sqlite3'
import { limitedStatements } from '../store/limited-statements'

/*
 * The name search's typed paths. A search with a `/` (`reports/2024`) finds the entries whose path
 * holds that text, as `/Finance/reports/2024/q1.pdf` does, any case and accent (as names are
 * compared): the entries where the typed path ends (the "heads": `/Finance/reports/2024`, and
 * `/HR/reports/2024-old`), then what lies under them.
 *
 * As segments: the first is the end of a folder's name (`ports/2024` finds `reports/2024`), those
 * between are whole folder names, and the last is the start of the head's name (`reports/20`); a
 * leading `/` lets the first folder be any (the top one too), a trailing one the head be any entry in
 * the folder before it.
 *
 * No path is built for each of 100,000 entries: one segment is looked for in the names (one pass over
 * the table, as a search by words makes), the one likely rarest (a whole name, else the longest), and
 * the chain is followed from each entry found, up by the primary key and down by the index on
 * (parent_id, name).
 */

/** How many folders at most are opened to list what lies under the heads. */
const FOLDERS_OPENED = 200

/** The segments of a typed path (the search's text folded as names are), or null for a search without `/`. */
export function typedPath(folded: string): string[] | null {
  if (!folded.includes('/')) return null
  const segments = folded
    .trim()
    .replace(/\/{2,}/g, '/')
    .split('/')
    .map((s) => s.trim())
  return segments.some(Boolean) ? segments : null
}

export function pathSearch<Row extends { id: number; is_folder: number }>(db: Database, stagingId: number, columns: readonly string[]) {
  const made = new Map<string, Statement<unknown[], Row>>()
  /** One statement per shape of path (segment count, empty ends, where the pass starts, kind, limit); the last 32 kept. */
  const prepared = (sql: string) => {
    let stmt = made.get(sql)
    if (stmt) made.delete(sql)
    else stmt = db.prepare<unknown[], Row>(sql)
    made.set(sql, stmt)
    if (made.size > 32) made.delete(made.keys().next().value!)
    return stmt
  }
  const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
  const children = limitedStatements(
    (n) =>
      db.prepare<[number], Row>(
        `SELECT ${columns.join(', ')} FROM vfs_entries WHERE parent_id = ? ORDER BY is_folder DESC, name COLLATE NOCASE, name LIMIT ${n}`
      ),
    4
  )

  /** The heads: entries where the typed path ends, folders first, by name; `foldersOnly` for a search of folders. */
  function heads(segments: readonly string[], foldersOnly: boolean, limit: number): Row[] {
    const last = segments.length - 1
    const params: string[] = []
    const condition = (i: number): string => {
      const a = `a${i}`
      const s = segments[i]!
      if (i === 0) {
        if (s) params.push(`%${escapeLike(s)}`)
        return `${a}.is_folder = 1 AND ${a}.id <> ${stagingId}${s ? ` AND vfs_fold(${a}.name) LIKE ? ESCAPE '\\'` : ''}`
      }
      if (i < last) {
        params.push(s)
        return `${a}.is_folder = 1 AND vfs_fold(${a}.name) = ?`
      }
      if (s) params.push(`${escapeLike(s)}%`)
      return `${foldersOnly ? `${a}.is_folder = 1` : '1'}${s ? ` AND vfs_fold(${a}.name) LIKE ? ESCAPE '\\'` : ''}`
    }
    // The pass over the names starts at the segment likely rarest: a whole name, else the longest end.
    const rarity = (i: number) => (i > 0 && i < last ? 1000 : 0) + segments[i]!.length
    let start = 0
    for (let i = 1; i <= last; i++) if (rarity(i) > rarity(start)) start = i
    const joins: string[] = []
    for (let i = start - 1; i >= 0; i--) joins.push(`CROSS JOIN vfs_entries a${i} ON a${i}.id = a${i + 1}.parent_id`)
    for (let i = start + 1; i <= last; i++) joins.push(`CROSS JOIN vfs_entries a${i} ON a${i}.parent_id = a${i - 1}.id`)
    const order = [
      start,
      ...Array.from({ length: start }, (_, k) => start - 1 - k),
      ...Array.from({ length: last - start }, (_, k) => start + 1 + k)
    ]
    const where = order.map(condition).join(' AND ')
    const head = `a${last}`
    const sql = `SELECT ${columns.map((c) => `${head}.${c}`).join(', ')} FROM vfs_entries a${start} ${joins.join(' ')}
      WHERE ${where} ORDER BY ${head}.is_folder DESC, ${head}.name COLLATE NOCASE, ${head}.name, ${head}.id LIMIT ${limit}`
    return prepared(sql).all(...params)
  }

  /**
   * What lies under the folders among `from`, in the tree's order (folders first, by name, each
   * followed by its contents), up to `limit` entries (and FOLDERS_OPENED folders opened), none of
   * those in `listed` (already listed); `keep` says which are listed.
   */
  function under(from: readonly Row[], keep: (row: Row) => boolean, limit: number, listed: ReadonlySet<number>): Row[] {
    const seen = new Set([...listed, ...from.map((r) => r.id)])
    const out: Row[] = []
    let opened = 0
    const open = (folderId: number) => {
      if (out.length >= limit || opened >= FOLDERS_OPENED) return
      opened++
      for (const row of children(limit).all(folderId)) {
        if (out.length >= limit) return
        if (seen.has(row.id)) continue
        seen.add(row.id)
        if (keep(row)) out.push(row)
        if (row.is_folder) open(row.id)
      }
    }
    for (const row of from) if (row.is_folder) open(row.id)
    return out
  }

  return { heads, under }
}
