import type { Db } from './db'
import { clusterAt } from './cluster-edges'
import { SEARCH_WORD as WORD, foldForSearch, indexTokens, isCjkToken, searchForm, searchWords } from '../../shared/search-fold'
import { holdsEvery, searchMarks, searchMatches } from '../../shared/search-matches'

export interface SearchHit {
  readonly inboxId: string
  /** The matching text around the words, at most 200 characters. */
  readonly snippet: string
}

export const SNIPPET_MAX = 200
/** Matching texts ranked per round: the newest first, so a word found in half a million messages costs one round. */
const ROUND = 500
/** Matching names read a round (the newest first). */
const NAME_BATCH = ROUND / 2
/**
 * The first round's best matches whose texts are read to put those holding the words whole first:
 * BM25 counts each word a search word begins, so "catalogue of category catastrophes" outranked
 * "my cat" for "cat". A multiple of the page asked for (its texts are read for the page anyway).
 */
const WHOLE_FIRST_PER_HIT = 2
/** How far into a text the whole-word check reads (a long answer's first pages). */
const WHOLE_WORD_READ = 20_000
/** Marks of whole words only: a match that stops short of its word's end is not one (search-matches.ts). */
const WHOLE_WORDS_ONLY = { wholeBelow: Infinity }

/**
 * How many of the search's `words` (folded, as searchWords gives them) `text` holds as whole words,
 * not only as the beginnings of longer ones, reading its first WHOLE_WORD_READ characters.
 */
export function wholeWords(text: string, words: readonly string[]): number {
  const head = text.length > WHOLE_WORD_READ ? text.slice(0, WHOLE_WORD_READ) : text
  const whole = new Set<string>()
  for (const m of searchMarks(head, words, WHOLE_WORDS_ONLY)) {
    whole.add(foldForSearch(head.slice(m.start, m.end)))
    if (whole.size === words.length) break
  }
  return whole.size
}

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
      // A phrase's first MAX_PHRASE_WORDS: the texts found are checked for the whole word (longPhraseWords).
      if (tokens.length > MAX_PHRASE_WORDS) {
        const head = tokens.slice(0, MAX_PHRASE_WORDS)
        // The rest's distinct words too (MAX_PHRASE_WORDS of them), each alone (no positions read): a text
        // without one is left out by the index, not read and checked (a search going on otherwise scanned
        // every text). More made the index's work grow with the search, for texts the check reads anyway.
        const rest = [...new Set(tokens.slice(MAX_PHRASE_WORDS))].filter((t) => !head.includes(t)).slice(0, MAX_PHRASE_WORDS)
        return [`"${head.join(' ')}"`, ...rest.map((t) => `"${t}"${isCjkToken(t) ? '' : '*'}`)].join(' ')
      }
      return `"${tokens.join(' ')}"${isCjkToken(tokens[tokens.length - 1]!) ? '' : '*'}`
    })
    .join(' ')
}

/**
 * The index's words one phrase of the FTS query takes at most. A run of Chinese or Japanese is a phrase
 * of one index word a character, and FTS5 ranks a phrase by reading every position of each of its
 * words in every text holding them all: a pasted sentence of 200 characters over long Japanese
 * messages held the node's one thread for 1.8 s. The query takes a phrase's first 16; the texts it
 * finds are then checked for the whole word, so every word still matches whole as typed.
 */
export const MAX_PHRASE_WORDS = 16

/** The search's words (folded, as searchWords gives them) that the query holds only the start of. */
export const longPhraseWords = (words: readonly string[]): string[] => words.filter((w) => indexTokens(w).length > MAX_PHRASE_WORDS)

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

interface Found {
  readonly id: string
  readonly is_hidden: number
  readonly text: string | null
}
/** A matching text in rank order; its inbox and text once read (null: gone), and how many words it holds whole. */
interface Ranked {
  readonly id: number
  found?: Found | null
  whole?: number
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
  // Names (rowid -seq: the newest inbox has the lowest) come before the first round's messages: a
  // conversation named for the words (by its first question, or by the operator) is the best match,
  // however often a message elsewhere repeats them. Ranked here (rankNames), not by BM25: FTS5's bm25()
  // counts every text holding each word before it scores the first (its IDF), once per statement; for
  // the names that doubled the cost of a search for a common word (p95 over 100,000 inboxes and
  // 1,000,000 messages, in process: 35-44 -> 25-30 ms).
  // Read a batch a round, from the newest (`after`: the last name of the batch before): names left out
  // (hidden, gone) are not the end of the names, and a visible one past the first batch is still found.
  const names = db.prepare<[string, number], { id: number }>(
    `SELECT rowid AS id FROM inbox_search
     WHERE inbox_search MATCH ? AND rowid < 0 AND rowid > ? ORDER BY rowid ASC LIMIT ${NAME_BATCH}`
  )
  // Hidden inboxes' names left out in SQL (a look-up by the inbox's key each) when they are not shown:
  // thousands of hidden inboxes sharing a default name were each read and dropped here, a batch a round.
  const visibleNames = db.prepare<[string, number], { id: number }>(
    `SELECT rowid AS id FROM inbox_search
     WHERE inbox_search MATCH ? AND rowid < 0 AND rowid > ?
       AND EXISTS (SELECT 1 FROM inboxes i WHERE i.seq = -inbox_search.rowid AND i.is_hidden = 0)
     ORDER BY rowid ASC LIMIT ${NAME_BATCH}`
  )
  const ofMessage = db.prepare<[number], Found>(
    `SELECT i.id, i.is_hidden, json_extract(m.message_json, '$.job_message.content') AS text
     FROM messages m JOIN inboxes i ON i.id = m.inbox_id WHERE m.seq = ?`
  )
  const ofName = db.prepare<[number], Found>(`SELECT id, is_hidden, custom_name AS text FROM inboxes WHERE seq = ?`)

  return {
    /**
     * Inboxes with a name or a message that holds every word of `text` (as word prefixes, ignoring
     * case and accents), best match first, each once with the snippet of its best match.
     */
    search(text: string, limit: number, showHidden: boolean): SearchHit[] {
      const query = prefixQuery(text)
      if (!query) return []
      const words = [...new Set(searchWords(text))]
      const long = longPhraseWords(words)
      const hits = new Map<string, SearchHit>()
      // The messages' next round reads those before this rowid (undefined: none left).
      let before: number | undefined = Number.MAX_SAFE_INTEGER
      const lookup = (id: number) => (id < 0 ? ofName.get(-id) : ofMessage.get(id))
      // The query held only the start of a long phrase: a text that goes on otherwise is no match. Read only
      // for a text that would be listed (not for every message of an inbox already found).
      const holds = (found: Found) => long.length === 0 || holdsEvery(found.text ?? '', long)
      // A text's inbox and text (null: gone, or no match after all), and how many words it holds whole.
      const read = (r: Ranked) => {
        if (r.found === undefined) {
          const found = lookup(r.id)
          r.found = found && holds(found) ? found : null
        }
        r.whole = r.found && (!r.found.is_hidden || showHidden) ? wholeWords(r.found.text ?? '', words) : 0
      }
      // Names by length (those the words fill most of first), then the newest; the top is then put
      // in whole-words-first order with the messages (below).
      const rankNames = (found: Ranked[]): Ranked[] => {
        const length = new Map<Ranked, number>()
        for (const r of found) {
          const name = lookup(r.id)
          r.found = name && holds(name) ? name : null
          // One not listed (gone, hidden, no match after all) last.
          length.set(r, r.found && (!r.found.is_hidden || showHidden) ? (r.found.text ?? '').length : Infinity)
        }
        return found.sort((a, b) => length.get(a)! - length.get(b)!)
      }
      // Names past the first batch (found when the newer ones were left out: hidden, gone) come each
      // round before that round's messages.
      let namesAfter: number | undefined = Number.MIN_SAFE_INTEGER
      for (let first = true; ; first = false) {
        const rows: { id: number; score: number }[] = before === undefined ? [] : round.all(query, before)
        const nameRows: { id: number }[] = namesAfter === undefined ? [] : (showHidden ? names : visibleNames).all(query, namesAfter)
        namesAfter = nameRows.length < NAME_BATCH ? undefined : nameRows[nameRows.length - 1]!.id
        const messages = rows.sort((a, b) => a.score - b.score || b.id - a.id).map((row): Ranked => ({ id: row.id }))
        const ranked = [...rankNames(nameRows.map((row) => ({ id: row.id }))), ...messages]
        // The best of the first round: those holding the words whole first, in their order within each.
        if (first) {
          const top = ranked.slice(0, limit * WHOLE_FIRST_PER_HIT)
          for (const r of top) read(r)
          top.sort((a, b) => b.whole! - a.whole!)
          ranked.splice(0, top.length, ...top)
        }
        for (const row of ranked) {
          const found = row.found === undefined ? lookup(row.id) : row.found
          if (!found || hits.has(found.id) || (found.is_hidden && !showHidden)) continue
          if (row.found === undefined && !holds(found)) continue
          hits.set(found.id, { inboxId: found.id, snippet: snippetOf(found.text ?? '', words) })
          if (hits.size >= limit) return [...hits.values()]
        }
        before = rows.length < ROUND ? undefined : rows[rows.length - 1]!.id
        if (before === undefined && namesAfter === undefined) return [...hits.values()]
      }
    }
  }
}
export type InboxSearchRepo = ReturnType<typeof inboxSearchRepo>
