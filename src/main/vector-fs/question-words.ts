import { searchWords } from '../../shared/search-fold'

/**
 * The words English questions are made of that the `stopword` package's English list leaves out ("When
 * does…", "Tell me…", "Why won't…"): like "the" and "is", they say nothing of what is asked about.
 */
const MORE_ENGLISH = 'does doing done when why whom whose will shall not yes please tell its whats give know let'.split(' ')

/** Each language's common words, folded as the search indexes fold words (accents off, lower case). */
let lists: Promise<ReadonlyMap<string, ReadonlySet<string>>> | undefined

async function load(): Promise<ReadonlyMap<string, ReadonlySet<string>>> {
  const sw = await import('stopword')
  const out = new Map<string, Set<string>>()
  for (const [language, words] of Object.entries(sw)) {
    // `removeStopwords` is the package's function, `_123` its list of digits: neither is a language.
    if (!Array.isArray(words) || language.startsWith('_')) continue
    const set = new Set<string>()
    for (const w of language === 'eng' ? [...words, ...MORE_ENGLISH] : words) {
      const folded = searchWords(w)
      // "don't" is two words to the index, neither of them a word of its own: left out. So are numbers
      // (Finnish lists "9"): "Room 9" asks about room 9.
      if (folded.length === 1 && LETTER.test(folded[0]!)) set.add(folded[0]!)
    }
    out.set(language, set)
  }
  return out
}

/**
 * What a question asks about: its words (as the indexes compare them) without the common words of its
 * language, whose every text has them ("Who leads the Falcon project?" is "leads falcon project"). A
 * question of common words alone ("What is this?") asks about nothing in particular: [].
 *
 * The language is the one whose common words the question holds most of, but the long lists of some
 * languages hold English names and words (Malay's "bank", "china", "india"; Lithuanian's "link"), and
 * a question in English often has few common words: English is taken while the question holds at
 * least half as many common words of English alone as of the other language alone ("Bank of China"
 * is English, "Was ist in der Box?" German), another language from two of its words on, or one not
 * written in Latin letters (a lone "link" or "China" is no sign of one, a lone "кто" is), and English
 * again failing both. Languages holding as many count as one (Spanish and Catalan). Where no language
 * is taken, every word is kept.
 */
export async function questionWords(question: string): Promise<string[]> {
  const { words, common } = await languageWords(question)
  return common ? words.filter((w) => !common.has(w)) : words
}

/**
 * The words of `question` (as the indexes compare them) that questionWords leaves out: the common
 * words of its language ("the", "for"). A run of Chinese or Japanese is not one of them (its common
 * words are its parts).
 */
export async function commonWords(question: string): Promise<ReadonlySet<string>> {
  const { words, common } = await languageWords(question)
  return new Set(common ? words.filter((w) => common.has(w)) : [])
}

/** The question's words (Chinese and Japanese cut at their words) and its language's common words, if one is taken. */
async function languageWords(question: string): Promise<{ words: string[]; common?: ReadonlySet<string> }> {
  const words = searchWords(question).flatMap(cjkWords)
  if (words.length === 0) return { words }
  // Lists that could not be read leave every word in (as before there were any): an answer's sources
  // are not worth failing the answer over.
  const common = await (lists ??= load().catch(() => new Map<string, ReadonlySet<string>>()))
  const held = (set: ReadonlySet<string>) => words.filter((w) => set.has(w)).length
  const english = common.get('eng')
  // "a" and "i" are words of many languages ("Mikor ér véget a szerződés?" is Hungarian): no sign of English.
  const inEnglish = new Set(english ? words.filter((w) => w.length > 1 && english.has(w)) : [])
  // The languages holding most of its words: a question's language is one of them (Spanish or
  // Catalan, Danish or Norwegian), and what is common in any of them is left out.
  let others: ReadonlySet<string>[] = []
  let hits = 0
  for (const [language, set] of common) {
    if (language === 'eng') continue
    const n = held(set)
    if (n > hits) [others, hits] = [[set], n]
    else if (n === hits && n > 0) others.push(set)
  }
  const other = new Set(others.flatMap((set) => words.filter((w) => set.has(w))))
  // Told apart by the words one has and the other not: "in" and "was" are German's words too.
  const englishOnly = [...inEnglish].filter((w) => !other.has(w)).length
  const otherOnly = [...other].filter((w) => !inEnglish.has(w)).length
  const otherTaken = hits >= 2 || [...other].some((w) => !LATIN.test(w))
  const best = englishOnly > 0 && englishOnly * 2 >= otherOnly ? english : otherTaken ? other : inEnglish.size > 0 ? english : undefined
  return { words, common: best }
}

/**
 * Chinese and Japanese are written without spaces: to the indexes a run of them is one phrase, so
 * "谁领导猎鹰项目" held no common word and matched no passage whole. Cut at its words (ICU's
 * dictionary, through Intl.Segmenter): 谁 | 领导 | 猎 | 鹰 | 项目, of which 谁 (who) is common.
 */
function cjkWords(word: string): string[] {
  if (!CJK.test(word)) return [word]
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' })
  return [...segmenter.segment(word)].filter((s) => s.isWordLike).map((s) => s.segment)
}
let segmenter: Intl.Segmenter | undefined
const CJK = /[\p{sc=Han}\p{sc=Hira}\p{sc=Kana}]/u

const LETTER = /\p{L}/u
/** A word with a Latin letter in it: it may be an English word. */
const LATIN = /\p{Script=Latin}/u
