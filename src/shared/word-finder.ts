/**
 * Finds where a word ends in a text read one UTF-16 unit at a time, in at most twice as many
 * comparisons as units read whatever the text (Knuth, Morris and Pratt): after a mismatch it goes on
 * from the longest beginning of the word the text read so far still ends with, instead of comparing
 * the word again from each later place.
 */
export class WordFinder {
  /** For each length k of a beginning of the word, the longest shorter beginning that it also ends with. */
  private readonly border: Int32Array
  /** How many of the word's first units the text read so far ends with (the longest such beginning). */
  private matched = 0

  constructor(private readonly word: string) {
    if (word === '') throw new Error('A word to find cannot be empty.')
    const border = new Int32Array(word.length + 1)
    for (let k = 1, b = 0; k < word.length; k++) {
      while (b > 0 && word.charCodeAt(k) !== word.charCodeAt(b)) b = border[b]!
      if (word.charCodeAt(k) === word.charCodeAt(b)) b++
      border[k + 1] = b
    }
    this.border = border
  }

  /** How many units of a match in progress were read: none ends where a match started longer ago. */
  get inProgress(): number {
    return this.matched
  }

  /** Reads the text's next unit: whether the word ends with it. */
  read(unit: number): boolean {
    let q = this.matched
    while (q > 0 && this.word.charCodeAt(q) !== unit) q = this.border[q]!
    if (this.word.charCodeAt(q) === unit) q++
    if (q < this.word.length) {
      this.matched = q
      return false
    }
    // The occurrence found is over; one that overlaps it goes on from its longest border.
    this.matched = this.border[q]!
    return true
  }

  /** Forgets what was read: the next unit starts a text of its own. */
  restart(): void {
    this.matched = 0
  }
}
