import type { Database, Statement } from 'better-sqlite3'
import { FAILED_REASONS } from '../../shared/contract/vector-fs-browse'
import { foldName } from '../../shared/contract/vector-fs-names'
import { limitedStatements } from '../store/limited-statements'
import { pathSearch } from './path-search'

/** Row 1 of vfs_entries is the root folder (created by the migration). */
export const ROOT_ID = 1

export interface EntryRow {
  readonly id: number
  readonly parent_id: number | null
  readonly name: string
  readonly is_folder: number
  readonly created_time: string
  readonly modified_time: string
  readonly sha256: string | null
  readonly size: number
  readonly file_type: string | null
  readonly status: string | null
  readonly embedded_model: string | null
  readonly resource_json: string | null
}

/** What a folder's listing shows of each entry (retrieve_path_simplified): not the stored resource, nor the hash. */
export type ListedEntry = Pick<
  EntryRow,
  'id' | 'name' | 'is_folder' | 'created_time' | 'modified_time' | 'size' | 'status' | 'embedded_model'
>

/**
 * A folder's entries as its listing shows them, in the order of the vfs_entries_listing index (no
 * sort of a folder's thousands of rows), and only the columns listed: reading a folder of 20,000
 * files took 75 ms, 43 ms this way.
 */
export const LISTING_SQL = `SELECT id, name, is_folder, created_time, modified_time, size, status, embedded_model
  FROM vfs_entries WHERE parent_id = ? ORDER BY is_folder DESC, name COLLATE NOCASE, name`

export interface NewFile {
  readonly parentId: number
  readonly name: string
  readonly sha256: string
  readonly size: number
  readonly fileType: string
  readonly status: string
  readonly createdTime: string
  readonly modifiedTime: string
  readonly resourceJson: string | null
}

const COLUMN_NAMES = [
  'id',
  'parent_id',
  'name',
  'is_folder',
  'created_time',
  'modified_time',
  'sha256',
  'size',
  'file_type',
  'status',
  'embedded_model',
  'resource_json'
] as const
const COLUMNS = COLUMN_NAMES.join(', ')

/** The order of a name search's answer, as its SQL sorts: folders first, by name (ASCII case ignored), then id. */
function searchOrder(a: EntryRow, b: EntryRow): number {
  const nocase = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase())
  const byCodeUnits = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)
  return b.is_folder - a.is_folder || byCodeUnits(nocase(a.name), nocase(b.name)) || byCodeUnits(a.name, b.name) || a.id - b.id
}

/**
 * The ASCII characters a character outside ASCII normalizes to: KELVIN SIGN (U+212A) is "K", GREEK
 * QUESTION MARK (U+037E) ";", GREEK VARIA (U+1FEF) "`". A name holding one is the same name as the
 * one with the ASCII character, and looks the same.
 */
const ASCII_OF_OTHERS = /[K;`]/g

/**
 * A GLOB pattern every spelling of the NFC name `nfc` matches, in any mix of Unicode forms: its ASCII
 * characters as they are (normalizing never changes them), but for those another character
 * normalizes to (ASCII_OF_OTHERS), each a "?"; each run of others as "*" (a composed letter may be
 * stored as its ASCII base and a combining mark). Few names of a folder match it.
 */
function sameTextPattern(nfc: string): string {
  return nfc
    .replace(/[*?[]/g, '[$&]')
    .replace(ASCII_OF_OTHERS, '?')
    .replace(/[\u0080-\uffff]+/g, '*')
}

/**
 * The folder tree: one row per folder or file, names unique within their folder. Files being
 * uploaded lie in the staging folder (migration 13), outside the tree: no path, listing, count or
 * name search reaches them.
 */
export function treeRepo(db: Database) {
  const STAGING_ID = db
    .prepare<[number], number>(`SELECT id FROM vfs_entries WHERE parent_id IS NULL AND id <> ? ORDER BY id LIMIT 1`)
    .pluck()
    .get(ROOT_ID)!
  const byId = db.prepare<[number], EntryRow>(`SELECT ${COLUMNS} FROM vfs_entries WHERE id = ?`)
  const child = db.prepare<[number, string], EntryRow>(`SELECT ${COLUMNS} FROM vfs_entries WHERE parent_id = ? AND name = ?`)
  const children = db.prepare<[number], ListedEntry>(LISTING_SQL)
  const insertFolder = db.prepare(
    `INSERT INTO vfs_entries (parent_id, name, is_folder, created_time, modified_time, status) VALUES (?, ?, 1, ?, ?, NULL)`
  )
  const insertFile = db.prepare(
    `INSERT INTO vfs_entries (parent_id, name, is_folder, created_time, modified_time, sha256, size, file_type, status, resource_json)
     VALUES (@parentId, @name, 0, @createdTime, @modifiedTime, @sha256, @size, @fileType, @status, @resourceJson)`
  )
  const move = db.prepare(`UPDATE vfs_entries SET parent_id = ?, name = ?, modified_time = ? WHERE id = ?`)
  const place = db.prepare(`UPDATE vfs_entries SET parent_id = ?, name = ? WHERE id = ?`)
  const ancestors = db.prepare<[number], { id: number; name: string }>(
    `WITH RECURSIVE up(id, parent_id, name, depth) AS (
       SELECT id, parent_id, name, 0 FROM vfs_entries WHERE id = ?
       UNION ALL SELECT e.id, e.parent_id, e.name, up.depth + 1 FROM vfs_entries e JOIN up ON e.id = up.parent_id
     ) SELECT id, name FROM up ORDER BY depth DESC`
  )
  const subtree = db.prepare<[number], { id: number; is_folder: number; sha256: string | null }>(
    `WITH RECURSIVE down(id) AS (
       SELECT ? UNION ALL SELECT e.id FROM vfs_entries e JOIN down ON e.parent_id = down.id
     ) SELECT e.id, e.is_folder, e.sha256 FROM vfs_entries e JOIN down ON e.id = down.id`
  )
  const remove = db.prepare(`DELETE FROM vfs_entries WHERE id = ?`)
  const shaUsers = db.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM vfs_entries WHERE sha256 = ?`)
  const setStatus = db.prepare(`UPDATE vfs_entries SET status = ?, embedded_model = ? WHERE id = ?`)
  const allFiles = db.prepare<[], { id: number }>(`SELECT id FROM vfs_entries WHERE is_folder = 0`)
  // A missing status reads as ready (as FileInfo shows it).
  const stateCounts = db.prepare<[], { files: number; processing: number; failed: number }>(
    `SELECT count(*) AS files, coalesce(sum(status = 'processing'), 0) AS processing, coalesce(sum(status LIKE 'failed%'), 0) AS failed
     FROM vfs_entries WHERE is_folder = 0 AND parent_id <> ${STAGING_ID}`
  )
  // The files of one failed batch share its reason (`failed: <reason>`): a few reasons say why most failed.
  const failedReasons = db.prepare<[], { status: string; files: number }>(
    `SELECT status, count(*) AS files FROM vfs_entries WHERE is_folder = 0 AND parent_id <> ${STAGING_ID} AND status LIKE 'failed%'
     GROUP BY status ORDER BY files DESC, status LIMIT ${FAILED_REASONS}`
  )
  const staged = db.prepare<[], { id: number; sha256: string | null }>(`SELECT id, sha256 FROM vfs_entries WHERE parent_id = ${STAGING_ID}`)
  // Names are compared folded as the search words are (LIKE alone ignores the case of ASCII letters only).
  db.function('vfs_fold', { deterministic: true }, (name: unknown) => (typeof name === 'string' ? foldName(name) : name))
  const byNameStatements = new Map<string, (limit: number) => Statement<unknown[], EntryRow>>()
  /**
   * One statement per word count, kind and limit: `vfs_fold(name) LIKE '%word%'` for each (folded)
   * word, the limit written into the SQL (see store/limited-statements.ts).
   */
  const byName = (words: number, kind: 'folder' | 'file' | undefined, limit: number) => {
    const key = `${words}:${kind ?? ''}`
    let byLimit = byNameStatements.get(key)
    if (!byLimit) {
      const kindSql = kind === undefined ? '' : ` AND is_folder = ${kind === 'folder' ? 1 : 0}`
      const wordsSql = Array.from({ length: words }, () => ` AND vfs_fold(name) LIKE ? ESCAPE '\\'`).join('')
      byLimit = limitedStatements(
        (n) =>
          db.prepare<unknown[], EntryRow>(
            `SELECT ${COLUMNS} FROM vfs_entries WHERE parent_id IS NOT NULL AND parent_id <> ${STAGING_ID}${kindSql}${wordsSql}
         ORDER BY is_folder DESC, name COLLATE NOCASE, name, id LIMIT ${n}`
          ),
        4
      )
      byNameStatements.set(key, byLimit)
    }
    return byLimit(limit)
  }
  const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const paths = pathSearch<EntryRow>(db, STAGING_ID, COLUMN_NAMES)
  const findByName = (words: readonly string[], kind: 'folder' | 'file' | undefined, limit: number) =>
    byName(words.length, kind, limit).all(...words.map(likePattern))

  // The children whose names match a GLOB pattern (sameTextPattern), to be compared in full.
  const childrenLike = db.prepare<[number, string], { id: number; name: string }>(
    `SELECT id, name FROM vfs_entries WHERE parent_id = ? AND name GLOB ?`
  )
  const namesake = (parentId: number, name: string): EntryRow | undefined => {
    const exact = child.get(parentId, name)
    if (exact) return exact
    const nfc = name.normalize('NFC')
    for (const form of new Set([nfc, name.normalize('NFD')])) {
      if (form === name) continue
      const other = child.get(parentId, form)
      if (other) return other
    }
    // A name in neither form, part composed and part decomposed ("Cafe\u0301 Cr\u00e8me"), or one stored so:
    // the same text, though no lookup by either form finds it. Only a name with such characters can be one,
    // or with an ASCII character one of them normalizes to ("Kelvin" beside "\u212Aelvin", stored as sent).
    if (!/[\u0080-\uffff]/.test(name) && !name.match(ASCII_OF_OTHERS)) return undefined
    const same = childrenLike.all(parentId, sameTextPattern(nfc)).find((c) => c.name.normalize('NFC') === nfc)
    return same && byId.get(same.id)
  }

  return {
    /** The folder outside the tree where uploads keep their files until stored whole. */
    stagingId: STAGING_ID,
    /** Files still in the staging folder: uploads under way, or cut short by a crash. */
    staged: () => staged.all(),
    get: (id: number) => byId.get(id),
    child: (parentId: number, name: string) => child.get(parentId, name),
    /**
     * The child named `name`, or else one whose name is the same text in another Unicode form
     * ("café" typed, composed, beside "café" from a Mac's file system, decomposed): the two look
     * identical in every list, so a second one is refused as the first would be.
     */
    namesake,
    children: (parentId: number) => children.all(parentId),
    /**
     * The entry at these segments, or undefined. A segment finds the child of that name or, as
     * `namesake` refuses a second one, of that name in its other Unicode form: a folder told it
     * holds "café" is not then told "no file café" when the same name arrives decomposed.
     */
    resolve(segments: readonly string[]): EntryRow | undefined {
      let cur = byId.get(ROOT_ID)
      for (const s of segments) {
        if (!cur || !cur.is_folder) return undefined
        cur = namesake(cur.id, s)
      }
      return cur
    },
    /** The entry's path segments from the root. */
    segmentsOf: (id: number) =>
      ancestors
        .all(id)
        .filter((a) => a.id !== ROOT_ID)
        .map((a) => a.name),
    /** Whether `maybeAncestor` is `id` or one of its ancestors. */
    isWithin: (id: number, maybeAncestor: number) => ancestors.all(id).some((a) => a.id === maybeAncestor),
    insertFolder: (parentId: number, name: string, now: string) => Number(insertFolder.run(parentId, name, now, now).lastInsertRowid),
    insertFile: (f: NewFile) => Number(insertFile.run(f).lastInsertRowid),
    move: (id: number, parentId: number, name: string, now: string) => move.run(parentId, name, now, id),
    /** Moves a staged file to its folder, its times as the upload set them. */
    place: (id: number, parentId: number, name: string) => place.run(parentId, name, id),
    /** The entry and everything under it. */
    subtree: (id: number) => subtree.all(id),
    /** Every file under the folder (the folder itself excluded). */
    filesUnder: (folderId: number) =>
      subtree
        .all(folderId)
        .filter((e) => !e.is_folder)
        .map((e) => e.id),
    allFiles: () => allFiles.all().map((r) => r.id),
    /** Entries (never the root) whose name holds every word, folders first, by name. */
    findByName,
    /**
     * What a name search finds (never the root), up to `limit`: the entries whose name holds every
     * word and, for a typed path (`path`, its folded segments), those where it ends (path-search.ts),
     * folders first, by name; then what lies under the folders the path ends at.
     */
    find(words: readonly string[], path: readonly string[] | null, kind: 'folder' | 'file' | undefined, limit: number): EntryRow[] {
      const named = findByName(words, kind, limit)
      if (!path) return named
      const keep = (e: EntryRow) => kind === undefined || e.is_folder === (kind === 'folder' ? 1 : 0)
      // A search of files lists those under the folders the path ends at: the folders are found, not listed.
      const heads = paths.heads(path, kind === 'folder', limit)
      const found = new Map([...named, ...heads].map((e) => [e.id, e]))
      const listed = [...found.values()].filter(keep).sort(searchOrder).slice(0, limit)
      const ids = new Set(listed.map((e) => e.id))
      return [...listed, ...paths.under(heads, keep, limit - listed.length, ids)]
    },
    /** Files in all, and those processing and failed. */
    stateCounts: () => stateCounts.get()!,
    /** The commonest reasons files failed (`failed: <reason>`, the prefix taken off), with how many files each. */
    failedReasons: () => failedReasons.all().map((r) => ({ reason: r.status.replace(/^failed:\s*/, ''), files: r.files })),
    remove: (id: number) => remove.run(id),
    isShaUsed: (sha: string) => shaUsers.get(sha)!.n > 0,
    setStatus: (id: number, status: string, embeddedModel: string | null) => setStatus.run(status, embeddedModel, id)
  }
}
export type TreeRepo = ReturnType<typeof treeRepo>
