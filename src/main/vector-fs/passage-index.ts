import type { Database } from 'better-sqlite3'
import { indexTokens, searchIndexForm, searchWords } from '../../shared/search-fold'
import { limitedStatements } from '../store/limited-statements'
import { matchesWordStarts } from '../../shared/library-word-starts'

export interface PassageRow {
  readonly id: number
  readonly item_id: number
  readonly ord: number
  readonly node_id: string
  readonly text: string
}

/**
 * The index's words a query phrase takes at most: a run of Chinese or Japanese is a phrase of one word a
 * character, and FTS5 ranks a phrase by reading every position of each of its words in every passage
 * holding them all. A pasted sentence of 200 characters over a library of Japanese text held the
 * node's one thread for seconds (every request waiting); its first 16 characters are as telling.
 */
export const MAX_PHRASE_WORDS = 16

/** The index's words a whole query takes at most (its words, each a phrase's words): 64 words as before, however they are cut. */
export const MAX_QUERY_INDEX_WORDS = 64

/** A word of a search as the index searches it: its index words, the first MAX_PHRASE_WORDS of them. */
const phraseOf = (word: string) => indexTokens(word).slice(0, MAX_PHRASE_WORDS).join(' ')

/**
 * The part of a search's `word` (folded, as searchWords gives it) that the index searches, as written in
 * the word: the whole word, or up to the end of its MAX_PHRASE_WORDS-th index word. The window marks that
 * part: marking the whole of a long word, which the passages found need not hold, marked nothing, and a
 * passage found by its words was labelled as found by meaning alone.
 */
export function searchedPart(word: string): string {
  const tokens = indexTokens(word)
  if (tokens.length <= MAX_PHRASE_WORDS) return word
  let end = 0
  for (const token of tokens.slice(0, MAX_PHRASE_WORDS)) {
    const at = word.indexOf(token, end)
    if (at < 0) return word
    end = at + token.length
  }
  return word.slice(0, end)
}

/**
 * The words of a query as the index holds them (accents off, lower case), each once, MAX_QUERY_INDEX_WORDS
 * index words at most in all. A word holding Chinese or Japanese is the phrase of the index's words for it,
 * space-separated ("テ キ ス ト"), its first MAX_PHRASE_WORDS: quoted, FTS5 matches that sequence anywhere in a run.
 */
export function queryWords(text: string): string[] {
  const words: string[] = []
  let indexWords = 0
  for (const phrase of new Set(searchWords(text).map(phraseOf))) {
    indexWords += phrase.split(' ').length
    if (indexWords > MAX_QUERY_INDEX_WORDS) break
    words.push(phrase)
  }
  return words
}

/** A word (or phrase) of a query as it is searched: whole, and also as the start of longer words. */
export interface KeywordTerm {
  readonly word: string
  readonly prefix: boolean
}

const quoted = (w: string) => `"${w.replaceAll('"', '""')}"`

/**
 * Keyword hits ranked again for a phrase, as a multiple of those asked for: the phrase's passages among them
 * go first. Scoring the phrase with BM25 over the whole index instead read every position of each of its
 * words (a search's keyword stage over 100,000 passages: p95 38 -> 114 ms); this reads only these passages.
 */
export const PHRASE_POOL = 2

/** A search's words in a row as the index holds them (its first MAX_PHRASE_WORDS index words), when it has two or more. */
export function typedPhrase(text: string): string[] | undefined {
  const words = searchWords(text)
  if (words.length < 2) return undefined
  return words.flatMap((w) => indexTokens(w)).slice(0, MAX_PHRASE_WORDS)
}

const ASCII = /^[\p{ASCII}]*$/u

/** Index words in a row; with `prefix`, the last one matches the words it begins too (as a quoted FTS5 prefix does). */
export interface WordRun {
  readonly tokens: readonly string[]
  readonly prefix: boolean
}

/** Whether `text` holds the index words `phrase` in a row, as the index reads the text. */
export function holdsPhrase(text: string, phrase: readonly string[]): boolean {
  return holdsRuns(text, [{ tokens: phrase, prefix: false }])[0]!
}

/** Whether `text` holds each of `runs`, as the index reads the text (read word by word once, and only if need be). */
export function holdsRuns(text: string, runs: readonly WordRun[]): boolean[] {
  // A text of ASCII alone folds to its lower case: one without a word of the run in it is not read word by word.
  const lower = ASCII.test(text) ? text.toLowerCase() : undefined
  let words: string[] | undefined
  return runs.map(({ tokens, prefix }) => {
    if (lower !== undefined && !tokens.every((t) => lower.includes(t))) return false
    words ??= searchWords(text).flatMap((w) => indexTokens(w))
    const last = tokens.length - 1
    const at = (i: number, k: number) =>
      prefix && k === last ? words![i + k]?.startsWith(tokens[k]!) === true : words![i + k] === tokens[k]
    for (let i = 0; i + tokens.length <= words.length; i++) if (tokens.every((_, k) => at(i, k))) return true
    return false
  })
}

/**
 * Terms as an FTS5 expression: any of them, each quoted (so no FTS5 syntax gets through). A term that
 * matches word starts is there twice, whole and as a prefix ("banana" OR "banana"*): BM25 adds up
 * what each phrase scores, so a passage holding the word itself scores for both and ranks above one
 * holding only longer words it begins ("bananas").
 */
export function keywordQuery(terms: readonly KeywordTerm[]): string | undefined {
  if (terms.length === 0) return undefined
  return terms.flatMap((t) => (t.prefix ? [quoted(t.word), `${quoted(t.word)}*`] : [quoted(t.word)])).join(' OR ')
}

/**
 * Terms as an FTS5 expression matching only the passages holding every one of them (each whole, or as
 * the start of a word where it matches word starts): `("office" OR "office"*) AND ("lease" OR "lease"*)`.
 * BM25 scores such a passage as keywordQuery's expression does (the same phrases).
 */
export function everyTermQuery(terms: readonly KeywordTerm[]): string | undefined {
  if (terms.length === 0) return undefined
  return terms.map((t) => `(${keywordQuery([t])!})`).join(' AND ')
}

/**
 * Rows a keyword query may score: BM25 ranks every passage holding any of the words, so words
 * found nearly everywhere (in effect stop words, whose weight is small anyway) are left out once
 * the rarer ones already reach this many passages. The rarest word is always kept. A word that
 * matches word starts counts the passages holding any word it begins; when those would pass the
 * budget, it is searched as a whole word alone if that fits.
 */
export const KEYWORD_ROW_BUDGET = 10_000

/** Passages `removeSome` deletes at a time: a few milliseconds of work for passages of the chunker's size. */
export const REMOVAL_BATCH = 64

/**
 * A file's passages: rows in vfs_passages (order, node id, text, whether it waits for an embedding),
 * and the keyword index, a contentless FTS5 table holding each text in compatibility form with its
 * accents taken off (searchIndexForm) under the same rowid.
 */
export function passageIndex(db: Database) {
  const insertRow = db.prepare(`INSERT INTO vfs_passages (item_id, ord, node_id, pending_embedding, text) VALUES (?, ?, ?, ?, ?)`)
  const insertText = db.prepare(`INSERT INTO vfs_passages_fts (rowid, text) VALUES (?, ?)`)
  const idsOf = db.prepare<[number], number>(`SELECT id FROM vfs_passages WHERE item_id = ?`).pluck()
  const countOf = db.prepare<[number], number>(`SELECT count(*) FROM vfs_passages WHERE item_id = ?`).pluck()
  const someIdsOf = db.prepare<[number], number>(`SELECT id FROM vfs_passages WHERE item_id = ? LIMIT ${REMOVAL_BATCH}`).pluck()
  const deleteRow = db.prepare(`DELETE FROM vfs_passages WHERE id = ?`)
  const deleteText = db.prepare(`DELETE FROM vfs_passages_fts WHERE rowid = ?`)
  const ofItem = db.prepare<[number], PassageRow>(`SELECT id, item_id, ord, node_id, text FROM vfs_passages WHERE item_id = ? ORDER BY ord`)
  const byIds = db.prepare<[string], PassageRow>(
    `SELECT id, item_id, ord, node_id, text FROM vfs_passages WHERE id IN (SELECT value FROM json_each(?))`
  )
  // Limits are written into the SQL, a statement per value (see store/limited-statements.ts).
  const matchAll = limitedStatements((limit) =>
    db.prepare<[string], { id: number; score: number }>(
      `SELECT rowid AS id, bm25(vfs_passages_fts) AS score FROM vfs_passages_fts WHERE vfs_passages_fts MATCH ? ORDER BY score LIMIT ${limit}`
    )
  )
  const matchExcept = limitedStatements((limit) =>
    db.prepare<[string, string], { id: number; score: number }>(
      `SELECT f.rowid AS id, bm25(vfs_passages_fts) AS score FROM vfs_passages_fts f JOIN vfs_passages p ON p.id = f.rowid
     WHERE vfs_passages_fts MATCH ? AND p.item_id NOT IN (SELECT value FROM json_each(?)) ORDER BY score LIMIT ${limit}`
    )
  )
  const matchIn = limitedStatements((limit) =>
    db.prepare<[string, string], { id: number; score: number }>(
      `SELECT f.rowid AS id, bm25(vfs_passages_fts) AS score FROM vfs_passages_fts f JOIN vfs_passages p ON p.id = f.rowid
     WHERE vfs_passages_fts MATCH ? AND p.item_id IN (SELECT value FROM json_each(?)) ORDER BY score LIMIT ${limit}`
    )
  )
  const charsOf = db.prepare<[string], { n: number }>(
    `SELECT coalesce(sum(length(text)), 0) AS n FROM vfs_passages WHERE item_id IN (SELECT value FROM json_each(?))`
  )
  // Document frequency per indexed term (a TEMP view of the index: nothing stored).
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.vfs_passages_vocab USING fts5vocab(main, vfs_passages_fts, 'row')`)
  const docFrequency = db.prepare<[string], number>(`SELECT doc FROM temp.vfs_passages_vocab WHERE term = ?`).pluck()
  // Passages holding a word starting with the term (a quoted FTS5 prefix), counted up to just past the budget.
  const prefixRows = db
    .prepare<[string], number>(
      `SELECT count(*) FROM (SELECT 1 FROM vfs_passages_fts WHERE vfs_passages_fts MATCH ? LIMIT ${KEYWORD_ROW_BUDGET + 1})`
    )
    .pluck()
  /** The query's terms worth scoring: rarest first, common ones dropped (or searched whole only) past the row budget. */
  const scoredTerms = (text: string): KeywordTerm[] => {
    // A word the vocabulary does not list as typed (accents: the index keeps "cafe" for "café") counts as rare and is kept.
    const words = queryWords(text)
      .map((w) => {
        const tokens = w.split(' ')
        // A phrase is in at most as many passages as its rarest word.
        const whole = Math.min(...tokens.map((t) => docFrequency.get(t) ?? 0))
        if (!matchesWordStarts(tokens)) return { w, whole, rows: whole, prefix: false }
        // Words starting with it are at least as many: past the budget already, they are not counted.
        const starts = whole > KEYWORD_ROW_BUDGET ? whole : prefixRows.get(`${quoted(w)}*`)!
        return { w, whole, rows: starts, prefix: true }
      })
      .sort((a, b) => a.rows - b.rows)
    const kept: KeywordTerm[] = []
    let rows = 0
    for (const { w, whole, rows: n, prefix } of words) {
      if (kept.length === 0 || rows + n <= KEYWORD_ROW_BUDGET) {
        kept.push({ word: w, prefix })
        rows += n
      } else if (prefix && rows + whole <= KEYWORD_ROW_BUDGET) {
        kept.push({ word: w, prefix: false })
        rows += whole
      }
    }
    return kept
  }
  const inItems = db.prepare<[string], PassageRow>(
    `SELECT id, item_id, ord, node_id, text FROM vfs_passages WHERE item_id IN (SELECT value FROM json_each(?)) ORDER BY item_id, ord`
  )
  /** Removes these passages (rows and keyword text); answers their ids. */
  const removeIds = (ids: number[]) => {
    for (const id of ids) {
      deleteText.run(id)
      deleteRow.run(id)
    }
    return ids
  }

  return {
    /**
     * Adds the passages of a file from `from` on (in a transaction the caller holds), stopping once
     * `performance.now()` reaches `until`; answers the index of the first passage not added.
     */
    insert(
      itemId: number,
      passages: readonly { nodeId: string; text: string }[],
      pendingEmbedding: boolean,
      from = 0,
      until = Infinity
    ): number {
      let ord = from
      while (ord < passages.length) {
        const p = passages[ord]!
        const id = insertRow.run(itemId, ord, p.nodeId, pendingEmbedding ? 1 : 0, p.text).lastInsertRowid
        insertText.run(id, searchIndexForm(p.text))
        ord++
        if (performance.now() >= until) break
      }
      return ord
    },
    /** Removes up to REMOVAL_BATCH passages of the file; answers their ids (fewer than that: none is left). */
    removeSome: (itemId: number) => removeIds(someIdsOf.all(itemId)),
    idsOf: (itemId: number) => idsOf.all(itemId),
    /** How many passages the file has (0: it holds no text). */
    countOf: (itemId: number) => countOf.get(itemId)!,
    remove: (itemId: number) => removeIds(idsOf.all(itemId)),
    ofItem: (itemId: number) => ofItem.all(itemId),
    byIds: (ids: readonly number[]) => byIds.all(JSON.stringify(ids)),
    /** Total characters of the passages of these files. */
    charsOf: (itemIds: readonly number[]) => charsOf.get(JSON.stringify(itemIds))!.n,
    inItems: (itemIds: readonly number[]) => inItems.all(JSON.stringify(itemIds)),
    /**
     * How each word of `text` (as searchWords gives them) is searched now: the start of longer words
     * too, whole only (its word starts pass the row budget), not at all as too common (`none`), or not
     * at all as past the MAX_QUERY_INDEX_WORDS words a query keeps (`past_limit`: the window said
     * "too common" of the words a long pasted question lost). The window marks a result's words by
     * this, so it marks what was matched.
     */
    wordMatches(text: string): { word: string; match: 'word_starts' | 'whole' | 'none' | 'past_limit' }[] {
      const terms = new Map(scoredTerms(text).map((t) => [t.word, t.prefix]))
      const kept = new Set(queryWords(text))
      return [...new Set(searchWords(text))].map((word) => {
        const phrase = phraseOf(word)
        const prefix = terms.get(phrase)
        const match = !kept.has(phrase) ? 'past_limit' : prefix === undefined ? 'none' : prefix ? 'word_starts' : 'whole'
        return { word: searchedPart(word), match }
      })
    },
    /**
     * Passage ids best matching the words of `text`, best first: those holding more of its distinct words
     * (as searched: common ones left out past the row budget) before those holding fewer, then by BM25.
     * A word of MIN_PREFIX_CHARS or more matches the words it begins too, below the word itself; `itemIds`
     * restricts to those files, and the files in `except` are left out. The words in `common` (folded, as
     * searchWords gives them: "the", "for") are searched but not counted as held, unless the search has no other.
     */
    keyword(
      text: string,
      limit: number,
      itemIds?: readonly number[],
      except: readonly number[] = [],
      common: ReadonlySet<string> = new Set()
    ): number[] {
      const terms = scoredTerms(text)
      const q = keywordQuery(terms)
      if (!q) return []
      // "Notes for the team about the plan" holds three words of "the plan for the office", "Office plan" two that matter.
      const telling = terms.some((t) => !common.has(t.word)) ? terms.filter((t) => !common.has(t.word)) : terms
      // Of several words, the best PHRASE_POOL times as many are ranked again: those holding the words in a row,
      // as typed, first ("quarterly reports" above a passage repeating the two apart), then those holding more
      // of the words. BM25 alone put a passage repeating one rare word above one holding every word asked.
      const phrase = typedPhrase(text)
      const several = telling.length > 1
      const pool = phrase || several ? limit * PHRASE_POOL : limit
      const matching = (query: string) =>
        (itemIds
          ? matchIn(pool).all(query, JSON.stringify(itemIds))
          : except.length > 0
            ? matchExcept(pool).all(query, JSON.stringify(except))
            : matchAll(pool).all(query)
        ).map((r) => r.id)
      // The passages holding every word are ranked whether or not BM25 puts them among the best of any word.
      const ids = several ? [...new Set([...matching(everyTermQuery(telling)!), ...matching(q)])] : matching(q)
      if (ids.length < 2 || (!phrase && !several)) return ids.slice(0, limit)
      // Read in each passage: whether it holds the phrase, and which of the words (as the index matches them).
      const runs: WordRun[] = [
        ...(phrase ? [{ tokens: phrase, prefix: false }] : []),
        ...(several ? telling.map((t) => ({ tokens: t.word.split(' '), prefix: t.prefix })) : [])
      ]
      const rank = new Map(
        byIds.all(JSON.stringify(ids)).map((r) => {
          const held = holdsRuns(r.text, runs)
          return [r.id, { phrase: phrase && held[0] ? 1 : 0, words: held.slice(phrase ? 1 : 0).filter(Boolean).length }]
        })
      )
      const none = { phrase: 0, words: 0 }
      // Sorted on phrase, then words held, then the BM25 order (a stable sort).
      return ids
        .map((id) => ({ id, ...(rank.get(id) ?? none) }))
        .sort((a, b) => b.phrase - a.phrase || b.words - a.words)
        .map((r) => r.id)
        .slice(0, limit)
    }
  }
}
export type PassageIndex = ReturnType<typeof passageIndex>
