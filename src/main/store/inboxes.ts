import type { Db } from './db'
import { limitedStatements } from './limited-statements'

export interface InboxRow {
  readonly id: string
  readonly job_id: string
  readonly custom_name: string
  readonly name_is_default: number
  readonly last_hash: string
  readonly last_timestamp: string | null
}

/** Where an inbox stands in the activity order: what a page continues after. */
export interface ListPosition {
  readonly activity: string
  readonly seq: number
}

export interface PageFilter {
  readonly showHidden: boolean
  /** true only pinned, false only unpinned, undefined both. */
  readonly pinned?: boolean
}

/** A row of a list as a bulk bar needs it (inbox_bar_rows). */
export interface BarRow extends ListPosition {
  readonly id: string
  readonly customName: string
  readonly isHidden: boolean
  readonly isPinned: boolean
  readonly awaitsAnswer: boolean
}

type BarSqlRow = [id: string, custom_name: string, is_hidden: number, is_pinned: number, activity: string, seq: number, awaits: number]

export interface InboxPageRow extends ListPosition {
  readonly id: string
  /** The Inbox JSON, job_scope null. */
  readonly json: string
}

/**
 * The Inbox JSON of a row of `inboxes i` joined with `jobs j` and `providers p`, assembled by
 * SQLite from the stored fragments and handed over as UTF-8 bytes: never decoded into JS strings
 * and encoded back. `scope` is the SQL for job_scope.
 */
const INBOX_HEAD = `'{"custom_name":' || json_quote(i.custom_name)
     || ',"datetime_created":' || json_quote(i.datetime_created)
     || ',"inbox_id":' || json_quote(i.id)
     || ',"is_finished":' || iif(i.is_finished, 'true', 'false')
     || ',"is_hidden":' || iif(i.is_hidden, 'true', 'false')
     || ',"is_pinned":' || iif(i.is_pinned, 'true', 'false')
     || ',"agent":' || p.agent_json
     || ',"job_config":' || j.config_json
     || ',"job_scope":'`
const INBOX_TAIL = `',"last_message":' || coalesce(i.last_message_json, 'null') || '}'`

const inboxJson = (scope: string) => `CAST(${INBOX_HEAD} || ${scope} || ${INBOX_TAIL} AS BLOB)`

const WITH_SCOPE = '(SELECT s.scope_json FROM job_scopes s WHERE s.job_id = j.id)'

/**
 * A scope up to this size is read as text and joined with the rows around it; a larger one is read
 * as bytes and sent as a piece of its own, never copied into a string or joined.
 */
const JOINED_SCOPE_BYTES = 64 * 1024

/**
 * Every inbox, newest activity first: one pass over the activity index, jobs and providers joined by
 * unique keys. With scopes, the last two columns are the scope as text when small, as bytes when
 * large (octet_length reads only the value's size, not its pages).
 */
function listSql(showHidden: boolean, withScope: boolean): string {
  const scope = withScope
    ? `, iif(octet_length(s.scope_json) <= ${JOINED_SCOPE_BYTES}, s.scope_json),
         iif(octet_length(s.scope_json) > ${JOINED_SCOPE_BYTES}, CAST(s.scope_json AS BLOB))`
    : ''
  return `SELECT ${LIST_COLUMNS}${scope}
          FROM inboxes i INDEXED BY ${showHidden ? 'inboxes_activity' : 'inboxes_visible_activity'}
          JOIN jobs j ON j.id = i.job_id
          JOIN providers p ON p.id = j.provider_id
          ${withScope ? 'LEFT JOIN job_scopes s ON s.job_id = j.id' : ''}
          ${showHidden ? '' : 'WHERE i.is_hidden = 0'}
          ORDER BY i.activity DESC, i.seq DESC`
}

/**
 * Each filter has an index that holds its inboxes in list order, so a page is a range read of `limit` entries.
 * The limit is part of the text (see limitedStatements): a bound one would have SQLite plan the statement again on every read.
 */
function pageSql(filter: PageFilter, limit: number): string {
  const { index, where } = filterIndex(filter, 'i.')
  where.push('(i.activity, i.seq) < (?, ?)')
  return `SELECT ${LIST_COLUMNS}
          FROM inboxes i INDEXED BY ${index}
          JOIN jobs j ON j.id = i.job_id
          JOIN providers p ON p.id = j.provider_id
          WHERE ${where.join(' AND ')}
          ORDER BY i.activity DESC, i.seq DESC
          LIMIT ${limit}`
}

/**
 * The inbox just before a place of the order (OFFSET on the filter's covering index: the index alone
 * is walked, no row is read); a page at that place is the keyset page after it.
 */
function placeSql(filter: PageFilter): string {
  const { index, where } = filterIndex(filter, '')
  return `SELECT activity, seq FROM inboxes INDEXED BY ${index}
          ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY activity DESC, seq DESC LIMIT 1 OFFSET ?`
}

/** How many inboxes of the filter come before a position of the order (a count on the filter's covering index). */
function beforeSql(filter: PageFilter): string {
  const { index, where } = filterIndex(filter, '')
  where.push('(activity, seq) > (?, ?)')
  return `SELECT count(*) FROM inboxes INDEXED BY ${index} WHERE ${where.join(' AND ')}`
}

/**
 * A page of bar rows (id, name, flags, whether an answer is awaited) after a position, as pageSql's
 * walk of the same index. Whether an answer is awaited is the role of the last message as stored with
 * it (`messages.role`, found by the unique hash): its JSON is neither read into JS nor parsed.
 */
function barPageSql(filter: PageFilter, limit: number): string {
  const { index, where } = filterIndex(filter, 'i.')
  where.push('(i.activity, i.seq) < (?, ?)')
  return `SELECT i.id, i.custom_name, i.is_hidden, i.is_pinned, i.activity, i.seq,
            coalesce((SELECT m.role = 'operator' FROM messages m WHERE m.hash = i.last_hash), 0)
          FROM inboxes i INDEXED BY ${index}
          WHERE ${where.join(' AND ')}
          ORDER BY i.activity DESC, i.seq DESC
          LIMIT ${limit}`
}

/** The index that holds the filter's inboxes in list order, and the conditions on its leading columns (`col` the table's prefix). */
function filterIndex(filter: PageFilter, col: string): { index: string; where: string[] } {
  const where: string[] = []
  let index = 'inboxes_activity'
  if (filter.pinned !== undefined) {
    where.push(`${col}is_pinned = ${filter.pinned ? 1 : 0}`)
    index = filter.showHidden ? 'inboxes_pinned_activity' : 'inboxes_pinned_visible_activity'
  } else if (!filter.showHidden) index = 'inboxes_visible_activity'
  if (!filter.showHidden) where.push(`${col}is_hidden = 0`)
  return { index, where }
}

/** The stored parts of an Inbox (without scope), read as they are: JSON is assembled in JS, cheaper than SQLite's `||`. */
const LIST_COLUMNS = `i.id, i.activity, i.seq, i.custom_name, i.datetime_created, i.is_finished, i.is_hidden, i.is_pinned,
  p.agent_json, j.config_json, i.last_message_json`

/** A row of LIST_COLUMNS as better-sqlite3's raw mode hands it over (an array: cheaper than an object per row). */
type ListRow = [
  id: string,
  activity: string,
  seq: number,
  custom_name: string,
  datetime_created: string,
  is_finished: number,
  is_hidden: number,
  is_pinned: number,
  agent_json: string,
  config_json: string,
  last_message_json: string | null
]

/** A row that starts with the columns of LIST_COLUMNS. */
type AtLeastListRow = readonly [...ListRow, ...unknown[]]

/** The Inbox JSON of a row up to its job_scope's value, and what follows that value. */
const listJsonHead = (r: AtLeastListRow) =>
  `{"custom_name":${JSON.stringify(r[3])},"datetime_created":${JSON.stringify(r[4])},"inbox_id":${JSON.stringify(r[0])}` +
  `,"is_finished":${r[5] ? 'true' : 'false'},"is_hidden":${r[6] ? 'true' : 'false'},"is_pinned":${r[7] ? 'true' : 'false'}` +
  `,"agent":${r[8]},"job_config":${r[9]},"job_scope":`
const listJsonTail = (r: AtLeastListRow) => `,"last_message":${r[10] ?? 'null'}}`

/** The Inbox JSON of a row, job_scope null unless given (the same value the SQL form gives). */
const listJson = (r: AtLeastListRow, scope = 'null') => listJsonHead(r) + scope + listJsonTail(r)

/** A row of the list with scopes: ListRow, then the scope as text (small) or as bytes (large). */
type ScopedListRow = [...ListRow, smallScope: string | null, largeScope: Buffer | null]

/** Text joined into one piece of the list before it is handed on (fewer, larger socket writes). */
const LIST_PIECE_CHARS = 64 * 1024

/** A position before every inbox: activity timestamps start with a digit, which sorts before '~'. */
const START: ListPosition = { activity: '~', seq: Number.MAX_SAFE_INTEGER }

/** Pages kept between writes: the first pages of each filter and a few more (a list being scrolled). */
const REMEMBERED_PAGES = 32

const filterKey = (f: PageFilter) => `${f.showHidden ? 1 : 0}${f.pinned === undefined ? '' : f.pinned ? 1 : 0}`

export function inboxesRepo(db: Db) {
  const pages = new Map<string, (limit: number) => ReturnType<typeof preparePage>>()
  const preparePage = (f: PageFilter, limit: number) => db.prepare<[string, number], ListRow>(pageSql(f, limit)).raw()
  const page = (f: PageFilter, limit: number) => {
    const key = filterKey(f)
    let byLimit = pages.get(key)
    if (!byLimit) pages.set(key, (byLimit = limitedStatements((n) => preparePage(f, n), 4)))
    return byLimit(limit)
  }
  const barPages = new Map<string, (limit: number) => ReturnType<typeof prepareBarPage>>()
  const prepareBarPage = (f: PageFilter, limit: number) => db.prepare<[string, number], BarSqlRow>(barPageSql(f, limit)).raw()
  const barPage = (f: PageFilter, limit: number) => {
    const key = filterKey(f)
    let byLimit = barPages.get(key)
    if (!byLimit) barPages.set(key, (byLimit = limitedStatements((n) => prepareBarPage(f, n), 2)))
    return byLimit(limit)
  }
  const places = new Map<string, ReturnType<typeof preparePlace>>()
  const preparePlace = (f: PageFilter) => db.prepare<[number], ListPosition>(placeSql(f))
  const place = (f: PageFilter) => {
    const key = filterKey(f)
    let stmt = places.get(key)
    if (!stmt) places.set(key, (stmt = preparePlace(f)))
    return stmt
  }
  /**
   * Pages read again while nothing was written are answered from memory. The node is the only
   * writer (node.lock), and total_changes() counts every row it inserted, updated or deleted
   * (triggers included), so any write in between makes the next read go to SQLite.
   */
  const totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck()
  const remembered = new Map<string, readonly InboxPageRow[]>()
  let rememberedAt = -1
  const fresh = () => {
    const now = totalChanges.get()!
    if (now !== rememberedAt) {
      remembered.clear()
      rememberedAt = now
    }
    return remembered
  }
  const one = db
    .prepare<[string], Buffer>(
      `SELECT ${inboxJson(WITH_SCOPE)} FROM inboxes i JOIN jobs j ON j.id = i.job_id JOIN providers p ON p.id = j.provider_id WHERE i.id = ?`
    )
    .pluck()
  const oneNoScope = db
    .prepare<[string], ListRow>(
      `SELECT ${LIST_COLUMNS} FROM inboxes i JOIN jobs j ON j.id = i.job_id JOIN providers p ON p.id = j.provider_id WHERE i.id = ?`
    )
    .raw()
  const position = db.prepare<[string], ListPosition>(`SELECT activity, seq FROM inboxes WHERE id = ?`)
  const standing = db.prepare<[string], ListPosition & { is_hidden: number; is_pinned: number }>(
    `SELECT activity, seq, is_hidden, is_pinned FROM inboxes WHERE id = ?`
  )
  const befores = new Map<string, ReturnType<typeof prepareBefore>>()
  const prepareBefore = (f: PageFilter) => db.prepare<[string, number], number>(beforeSql(f)).pluck()
  const ofProvider = limitedStatements(
    (limit) =>
      db
        .prepare<[string], string>(
          `SELECT i.id FROM inboxes i JOIN jobs j ON j.id = i.job_id WHERE j.provider_id = ? ORDER BY i.activity DESC, i.seq DESC LIMIT ${limit}`
        )
        .pluck(),
    2
  )
  const count = db
    .prepare<[number, number, number, number], number>(
      `SELECT coalesce(sum(n), 0) FROM inbox_counts WHERE is_hidden BETWEEN ? AND ? AND is_pinned BETWEEN ? AND ?`
    )
    .pluck()
  const get = db.prepare<[string], InboxRow>(
    `SELECT id, job_id, custom_name, name_is_default, last_hash, last_timestamp FROM inboxes WHERE id = ?`
  )
  const rename = db.prepare(`UPDATE inboxes SET custom_name = ?, name_is_default = 0 WHERE id = ?`)
  const setPinned = db.prepare(`UPDATE inboxes SET is_pinned = ? WHERE id = ?`)

  return {
    /** The ids of the inboxes whose jobs the provider answers, newest activity first, at most `limit`. */
    idsOfProvider: (providerId: string, limit: number): string[] => ofProvider(limit).all(providerId),
    /**
     * Every inbox's JSON, newest activity first, as the pieces of one JSON array: rows joined into
     * pieces of about 64 KB, and each scope over 64 KB as a piece of its own, the bytes as stored. Read
     * on a connection of the caller's: a reader that holds its own snapshot.
     */
    *listPieces(reader: Db, showHidden: boolean, withScope = true): Generator<Buffer> {
      let text = '['
      let first = true
      const rows = reader.prepare<[], ScopedListRow>(listSql(showHidden, withScope)).raw().iterate()
      for (const r of rows) {
        text += first ? '' : ','
        first = false
        const large = withScope ? r[12] : null
        if (large) {
          yield Buffer.from(text + listJsonHead(r))
          yield large
          text = listJsonTail(r)
        } else text += listJson(r, (withScope && r[11]) || 'null')
        if (text.length >= LIST_PIECE_CHARS) {
          yield Buffer.from(text)
          text = ''
        }
      }
      yield Buffer.from(text + ']')
    },
    /** Up to `limit` inboxes after `after` (absent: from the start), in list order, without scopes. */
    /** The same array (never to be changed) for the same read until something is written. */
    page(filter: PageFilter, limit: number, after: ListPosition = START): readonly InboxPageRow[] {
      const memo = fresh()
      const key = `${filterKey(filter)}:${limit}:${after.activity}:${after.seq}`
      let rows = memo.get(key)
      if (!rows) {
        rows = page(filter, limit)
          .all(after.activity, after.seq)
          .map((r) => ({ id: r[0], activity: r[1], seq: r[2], json: listJson(r) }))
        if (memo.size < REMEMBERED_PAGES) memo.set(key, rows)
      }
      return rows
    },
    /** Up to `limit` inboxes from the one at `position` of the list order (0 the first), without scopes. */
    pageAt(filter: PageFilter, limit: number, position: number): readonly InboxPageRow[] {
      if (position === 0) return this.page(filter, limit)
      const before = place(filter).get(position - 1)
      return before ? this.page(filter, limit, before) : []
    },
    /** Up to `limit` bar rows after `after` (absent: from the start), in list order. */
    barRows(filter: PageFilter, limit: number, after: ListPosition = START): BarRow[] {
      return barPage(filter, limit)
        .all(after.activity, after.seq)
        .map((r) => ({
          id: r[0],
          customName: r[1],
          isHidden: r[2] === 1,
          isPinned: r[3] === 1,
          activity: r[4],
          seq: r[5],
          awaitsAnswer: r[6] === 1
        }))
    },
    /** Up to `limit` bar rows from the one at `position` of the list order (0 the first), found as pageAt finds it. */
    barRowsAt(filter: PageFilter, limit: number, position: number): BarRow[] {
      if (position === 0) return this.barRows(filter, limit)
      const before = place(filter).get(position - 1)
      return before ? this.barRows(filter, limit, before) : []
    },
    /** How many inboxes the filter matches, from the maintained counts. */
    count: (filter: PageFilter) => {
      const pinned = filter.pinned === undefined ? [0, 1] : filter.pinned ? [1, 1] : [0, 0]
      return count.get(0, filter.showHidden ? 1 : 0, pinned[0]!, pinned[1]!)!
    },
    position: (id: string) => position.get(id),
    /** The inbox's place in the filter's order (0 the first); null when the filter leaves it out, undefined when there is none. */
    placeOf(filter: PageFilter, id: string): number | null | undefined {
      const at = standing.get(id)
      if (!at) return undefined
      if ((!filter.showHidden && at.is_hidden) || (filter.pinned !== undefined && filter.pinned !== (at.is_pinned === 1))) return null
      const key = filterKey(filter)
      let stmt = befores.get(key)
      if (!stmt) befores.set(key, (stmt = prepareBefore(filter)))
      return stmt.get(at.activity, at.seq)!
    },
    /** The Inbox JSON of one inbox (job_scope null unless `withScope`), undefined when there is none. */
    json(id: string, withScope = false): Buffer | undefined {
      if (withScope) return one.get(id)
      const row = oneNoScope.get(id)
      return row && Buffer.from(listJson(row))
    },
    get: (id: string) => get.get(id),
    rename: (id: string, name: string) => rename.run(name, id).changes === 1,
    setPinned: (id: string, pinned: boolean) => setPinned.run(pinned ? 1 : 0, id).changes === 1
  }
}
export type InboxesRepo = ReturnType<typeof inboxesRepo>
