import { WordFinder } from './word-finder'

/** A word of a text as search compares it (a SEARCH_TOKEN and its fold). */
export interface FoldedToken {
  /** Where it starts in the text, in UTF-16 units. */
  readonly at: number
  readonly text: string
  readonly folded: string
  /** Whether it is one Chinese or Japanese character. */
  readonly cjk: boolean
  /** Whether what stands between it and the token before holds a word of the index (a phrase stops there). */
  readonly apart?: boolean
}

/** A word of the search found to start at a token, the first of the words that does. */
export interface WordStart {
  readonly token: FoldedToken
  /** The token the word ends in (the same one but where it runs on into those after). */
  readonly last: FoldedToken
  /** How many units of the last token's fold the word takes. */
  readonly units: number
}

interface Open {
  readonly token: FoldedToken
  /** Where its fold starts among the chain's. */
  readonly offset: number
  /** The first of the words found to start at it so far, or -1; and where in the chain it ends. */
  word: number
  wordEnd: number
}

/**
 * The words that start at each token of a text read one token at a time, in the text's order, as
 * the indexes match them: a word begins a token's fold, and runs on into the next token's only where
 * the two are a chain (chained). Each word is found in a chain's folds by a WordFinder, so a long run
 * of Chinese that nearly matches at every place is read once, not once a place. A token's starts are
 * given as soon as no match in progress may still start at it.
 */
export class ChainStarts {
  private readonly finders: (WordFinder | undefined)[]
  /** The first empty word, which begins every token, or -1. */
  private readonly everywhere: number
  /** The length of the longest word: no word reads further into a token than that. */
  private readonly longest: number
  /** The chain's tokens from the first whose starts are not yet given (`next`), in order. */
  private open: Open[] = []
  private next = 0
  /** How many units of the chain's folds were read. */
  private read = 0
  private readonly ready: WordStart[] = []

  constructor(private readonly words: readonly string[]) {
    this.finders = words.map((word) => (word === '' ? undefined : new WordFinder(word)))
    this.everywhere = words.indexOf('')
    this.longest = Math.max(0, ...words.map((word) => word.length))
  }

  /** Reads the text's next token: the starts now known, in order (valid until the next call). */
  add(token: FoldedToken): readonly WordStart[] {
    this.ready.length = 0
    const last = this.open[this.open.length - 1]
    if (!last || !chained(last.token, token)) this.restart()
    this.open.push({ token, offset: this.read, word: -1, wordEnd: 0 })
    // A word starts at a token's beginning, so none holds the units of a token past the longest word's
    // length. Read whole, a single token of a megabyte (a pasted hash, a line of minified code) took each word
    // through all of it, where comparing the words at its beginning takes no time.
    const units = Math.min(token.folded.length, this.longest)
    let inProgress = 0
    for (let i = 0; i < this.finders.length; i++) {
      const finder = this.finders[i]
      if (!finder) continue
      for (let k = 0; k < units; k++) if (finder.read(token.folded.charCodeAt(k))) this.found(i, this.read + k + 1)
      inProgress = Math.max(inProgress, finder.inProgress)
    }
    this.read += units
    // No word runs on past a token longer than any word: what comes after it starts a chain of its own.
    if (units < token.folded.length) this.restart()
    // No match still in progress started at a token before these units: its starts are all found.
    else this.settle(this.read - inProgress)
    return this.ready
  }

  /** The text is read: the starts left. */
  end(): readonly WordStart[] {
    this.ready.length = 0
    this.restart()
    return this.ready
  }

  /** The chain ends: every start in it is found. */
  private restart(): void {
    this.settle(Infinity)
    this.open = []
    this.next = 0
    this.read = 0
    for (const finder of this.finders) finder?.restart()
  }

  /** Word `i` ends `wordEnd` units into the chain: a start where a token begins there. */
  private found(i: number, wordEnd: number): void {
    const start = this.openAt(wordEnd - this.words[i]!.length)
    if (start && (start.word < 0 || i < start.word)) {
      start.word = i
      start.wordEnd = wordEnd
    }
  }

  /** The open token whose fold starts `offset` units into the chain, if one does. */
  private openAt(offset: number): Open | undefined {
    let low = this.next
    let high = this.open.length - 1
    while (low <= high) {
      const middle = (low + high) >>> 1
      const at = this.open[middle]!.offset
      if (at === offset) return this.open[middle]
      if (at < offset) low = middle + 1
      else high = middle - 1
    }
    return undefined
  }

  /** Gives the starts of the open tokens whose folds start before `before` units into the chain. */
  private settle(before: number): void {
    for (; this.next < this.open.length && this.open[this.next]!.offset < before; this.next++) {
      const { token, word, wordEnd } = this.open[this.next]!
      if (this.everywhere >= 0 && (word < 0 || this.everywhere < word)) this.ready.push({ token, last: token, units: 0 })
      else if (word >= 0) this.ready.push(this.ending(wordEnd))
    }
    // Given tokens are dropped in batches: a long run of Chinese is one chain.
    if (this.next > 1024 && this.next * 2 > this.open.length) {
      this.open = this.open.slice(this.next)
      this.next = 0
    }
  }

  /** The start at the next open token of a word that ends `wordEnd` units into the chain. */
  private ending(wordEnd: number): WordStart {
    let last = this.next
    while (last + 1 < this.open.length && this.open[last + 1]!.offset < wordEnd) last++
    const end = this.open[last]!
    return { token: this.open[this.next]!.token, last: end.token, units: wordEnd - end.offset }
  }
}

/**
 * Whether a word runs on from `token` into `next`: the index has it do so only where one of them is
 * a Chinese or Japanese character (each such character is a word of the index, and a word holding one
 * is searched as the phrase of its words). A phrase passes over what stands between its words, as the
 * index keeps no separators: "テキスト日本語" is in "テキスト。日本語", "abc日本" in "abc 日本"; not
 * over what the index holds as a word (`apart`: "日㈱本" is 日 ( 株 ) 本 there). A token that folds
 * to nothing holds no part of a word (the caller passes over it, as the index does).
 */
const chained = (token: FoldedToken, next: FoldedToken): boolean =>
  token.folded !== '' && next.folded !== '' && !next.apart && (token.cjk || next.cjk)
