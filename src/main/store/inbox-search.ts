import type { Db } from './db'

export interface SearchHit {
  readonly inboxId: string
  /** The matching text around the words, at most 200 characters. */
  readonly snippet: string
}

export const SNIPPET_MAX = 200

/**
 * The FTS5 query for "every word, each as a word prefix": the words are the runs of letters,
 * digits and marks (what the unicode61 tokenizer keeps), each quoted so nothing in the text is
 * read as query syntax. Undefined when the text has no word.
 */
export function prefixQuery(text: string): string | undefined {
  const words = text.normalize('NFC').match(/[\p{L}\p{N}\p{M}\p{Co}]+/gu)
  if (!words) return undefined
  return [...new Set(words)].map((w) => `"${w}"*`).join(' ')
}

/** Cuts to at most `max` UTF-16 units without splitting a character. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text
  let out = ''
  for (const ch of text) {
    if (out.length + ch.length > max - 1) break
    out += ch
  }
  return `${out}…`
}

/**
 * Search over inbox names and message contents (the inbox_search FTS5 index, which triggers keep
 * in step with every write). Rows with a negative rowid are inbox names (-inbox seq), the others
 * messages (message seq).
 */
export function inboxSearchRepo(db: Db) {
  const matches = db.prepare<[string], { id: number; snippet: string | null }>(
    `SELECT rowid AS id, snippet(inbox_search, 0, '', '', '…', 40) AS snippet
     FROM inbox_search WHERE inbox_search MATCH ? ORDER BY rank`
  )
  const ofMessage = db.prepare<[number], { id: string; is_hidden: number }>(
    `SELECT i.id, i.is_hidden FROM messages m JOIN inboxes i ON i.id = m.inbox_id WHERE m.seq = ?`
  )
  const ofName = db.prepare<[number], { id: string; is_hidden: number }>(`SELECT id, is_hidden FROM inboxes WHERE seq = ?`)

  return {
    /** Inboxes with a name or a message that holds every word of `text`, best match first, each once. */
    search(text: string, limit: number, showHidden: boolean): SearchHit[] {
      const query = prefixQuery(text)
      if (!query) return []
      const hits = new Map<string, SearchHit>()
      // Ranked by FTS5 itself; rows are read (and snippets made) only until `limit` inboxes are found.
      for (const row of matches.iterate(query)) {
        const inbox = row.id < 0 ? ofName.get(-row.id) : ofMessage.get(row.id)
        if (!inbox || hits.has(inbox.id) || (inbox.is_hidden && !showHidden)) continue
        hits.set(inbox.id, { inboxId: inbox.id, snippet: clip(row.snippet ?? '', SNIPPET_MAX) })
        if (hits.size >= limit) {
          break
        }
      }
      return [...hits.values()]
    }
  }
}
export type InboxSearchRepo = ReturnType<typeof inboxSearchRepo>
