import type { Db } from './db'
import { clusterAt } from './cluster-edges'
import { SEARCH_WORD as WORD, indexTokens, isCjkToken, searchForm, searchWords } from '../../shared/search-fold'
import { searchMatches } from '../../shared/search-matches'

export interface SearchHit {
  readonly inboxId: string
  /** The matching text around the words, at most 200 characters. */
  readonly snippet: string
}

export const SNIPPET_MAX = 200
/** Matching texts ranked per round: the newest first, so a word found in half a million messages costs one round. */
const ROUND = 500

/**
 * The FTS5 query for "every word, each as a word prefix": the words are the runs of letters,
 * digits and marks (what the unicode61 tokenizer keeps), each quoted so nothing in the text is
 * read as query syntax. Undefined when the text has no word. A word holding Chinese or Japanese is
 * the phrase of the words the index holds for it (each such character one: "テ キ ス ト"), found
 * anywhere in a run; only a last word of other letters is a prefix ("テ キ ス ト abc"*).
 */
export function prefixQuery(text: string): string | undefined {
  // Folded as the indexed texts are (the tokenizer folds the case).
  const words = searchForm(text).match(WORD)
  if (!words) return undefined
  return [...new Set(words)]
    .map((w) => {
      const tokens = indexTokens(w)
      return `"${tokens.join(' ')}"${isCjkToken(tokens[tokens.length - 1]!) ? '' : '*'}`
    })
    .join(' ')
}

/**
 * The part of `text` around the first word (or emoji) that starts with one of `words` (folded; a run of
 * Chinese or Japanese anywhere in one, searchMatches), at most
 * `max` UTF-16 units, cut at word boundaries where it can be, with … where text was left out.
 */
export function snippetOf(text: string, words: readonly string[], max = SNIPPET_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  let at = 0
  for (const match of searchMatches(flat, words)) {
    at = match.start
    break
  }
  // A little context before the word, the rest after it.
  let start = Math.max(0, at - 40)
  if (start > 0) {
    const space = flat.indexOf(' ', start)
    start = space >= 0 && space < at ? space + 1 : clusterAt(flat, start, 'after')
  }
  const lead = start > 0 ? '…' : ''
  let end = Math.min(flat.length, start + max - lead.length)
  const trail = end < flat.length ? '…' : ''
  if (trail) {
    end -= trail.length
    const space = flat.lastIndexOf(' ', end)
    if (space > at) end = space
  }
  // Never inside a character as the eye sees it: half a flag (its second letter is another flag's
  // first), an emoji without its skin tone, a keycap without its frame, half a surrogate pair.
  if (trail) end = clusterAt(flat, end, 'before')
  return `${lead}${flat.slice(start, end)}${trail}`
}

/**
 * Search over inbox names and message contents (the inbox_search FTS5 index, which triggers keep
 * in step with every write). Rows with a negative rowid are inbox names (-inbox seq), the others
 * messages (message seq).
 */
export function inboxSearchRepo(db: Db) {
  // Newest matching texts first (FTS5 walks its doclists in rowid order, no sort of every match),
  // each with its BM25 score; a round is ranked by score.
  // The limits are constants written into the SQL (see limited-statements.ts).
  const round = db.prepare<[string, number], { id: number; score: number }>(
    `SELECT rowid AS id, bm25(inbox_search) AS score FROM inbox_search
     WHERE inbox_search MATCH ? AND rowid > 0 AND rowid < ? ORDER BY rowid DESC LIMIT ${ROUND}`
  )
  // Names (rowid -seq: the newest inbox has the lowest) join the first round, so a name match is
  // never crowded out by a word common in messages.
  const names = db.prepare<[string], { id: number; score: number }>(
    `SELECT rowid AS id, bm25(inbox_search) AS score FROM inbox_search
     WHERE inbox_search MATCH ? AND rowid < 0 ORDER BY rowid ASC LIMIT ${ROUND / 2}`
  )
  const ofMessage = db.prepare<[number], { id: string; is_hidden: number; text: string | null }>(
    `SELECT i.id, i.is_hidden, json_extract(m.message_json, '$.job_message.content') AS text
     FROM messages m JOIN inboxes i ON i.id = m.inbox_id WHERE m.seq = ?`
  )
  const ofName = db.prepare<[number], { id: string; is_hidden: number; text: string }>(
    `SELECT id, is_hidden, custom_name AS text FROM inboxes WHERE seq = ?`
  )

  return {
    /**
     * Inboxes with a name or a message that holds every word of `text` (as word prefixes, ignoring
     * case and accents), best match first, each once with the snippet of its best match.
     */
    search(text: string, limit: number, showHidden: boolean): SearchHit[] {
      const query = prefixQuery(text)
      if (!query) return []
      const words = [...new Set(searchWords(text))]
      const hits = new Map<string, SearchHit>()
      let before = Number.MAX_SAFE_INTEGER
      for (let first = true; ; first = false) {
        const rows = round.all(query, before)
        const ranked = first ? [...rows, ...names.all(query)] : [...rows]
        for (const row of ranked.sort((a, b) => a.score - b.score || Math.abs(b.id) - Math.abs(a.id))) {
          const found = row.id < 0 ? ofName.get(-row.id) : ofMessage.get(row.id)
          if (!found || hits.has(found.id) || (found.is_hidden && !showHidden)) continue
          hits.set(found.id, { inboxId: found.id, snippet: snippetOf(found.text ?? '', words) })
          if (hits.size >= limit) return [...hits.values()]
        }
        if (rows.length < ROUND) return [...hits.values()]
        before = rows[rows.length - 1]!.id
      }
    }
  }
}
export type InboxSearchRepo = ReturnType<typeof inboxSearchRepo>
