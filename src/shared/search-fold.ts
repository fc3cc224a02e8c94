/**
 * A text with its accents taken off in every script that writes them as marks over letters: the
 * second half of the form both search indexes hold (searchIndexForm, which puts the text in
 * compatibility form first). SQLite's unicode61 tokenizer (remove_diacritics 2) takes them off Latin
 * letters only, so "ελλαδα" did not find "Ελλάδα" nor "елка" "ёлка"; the tokenizer, and the window,
 * then fold the case.
 *
 * The text is decomposed, the accent marks dropped, and what is left composed again. Only accents go:
 * the combining diacritical blocks, and the vowel points of Hebrew and Arabic. Marks that make a
 * letter another one stay (Japanese dakuten: バス is not パス; the vowel signs of Indic scripts).
 * Latin letters whose stroke or bar is part of the letter itself (ł ø đ, which do not decompose),
 * and ß æ œ þ, become their plain letters too (PLAIN_LETTERS): someone without a Polish keyboard
 * finds "Łódź" by "lodz", and "strasse" finds "Straße".
 */
export function searchFold(text: string): string {
  // Most texts (English prose with its typographic punctuation) have no letter an accent can be on, and no emoji.
  if (NOTHING_TO_FOLD.test(text)) return text
  const folded = foldAccents(text)
  return EMOJI_PART.test(folded) ? folded.replace(EMOJI_PARTS, emojiWord) : folded
}

/** Accents taken off and letters made plain, emoji left as they are. */
export function foldAccents(text: string): string {
  if (NOTHING_TO_FOLD.test(text)) return text
  return plainLetters(text.normalize('NFD')).normalize('NFC')
}

/**
 * ASCII, Latin-1's symbols (none decomposes), and General Punctuation (’ “ — …), but the emoji
 * among them (© ® ‼ ⁉).
 */
const NOTHING_TO_FOLD = /^[\p{ASCII}\u0080-\u00a8\u00aa-\u00ad\u00af-\u00bf\u2010-\u203b\u203d-\u2048\u204a-\u205e]*$/u

/**
 * Emoji, for search, are words of their own. The tokenizer takes pictographs (🚀 ❤ ©) for spaces, so
 * a search for one found nothing; and the variation selector after many of them (❤️ is ❤ + U+FE0F)
 * is a mark it keeps, so a search for ❤️ found every text with any such emoji. Each pictograph (and
 * each regional indicator, two of which make a flag) becomes a word of private-use characters the
 * tokenizer keeps, spaced from its neighbours; variation selectors and skin tones go, so 👍 finds 👍🏽.
 * A sequence joined by U+200D (👩‍💻) is its pictographs' words. A keycap (1️⃣ #️⃣: a digit, # or *,
 * then U+20E3) is one word too: its enclosing mark was dropped as an accent, so 1️⃣ found "10" and
 * #️⃣ nothing at all.
 */
const EMOJI_PART = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\uFE0E|\uFE0F|\u20E3/u
/** A flag (two regional indicators, paired from the start of a run) is one word: 🇺🇸 is not 🇦🇺 and 🇸🇪. */
const EMOJI_PARTS =
  /([0-9#*][\uFE0E\uFE0F]?\u20E3|[\u{1F1E6}-\u{1F1FF}]{2}|[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}])|[\u{1F3FB}-\u{1F3FF}]|\uFE0E|\uFE0F|\u20E3/gu
/**
 * Whether searchFold folds `text` otherwise than foldAccents: it holds an emoji, a skin tone, a
 * variation selector or a keycap's mark.
 */
export const hasEmojiPart = (text: string): boolean => EMOJI_PART.test(text)
/** Opens and closes an emoji's word (private use: no text has them), so no prefix of one matches another. */
const EMOJI_OPEN = '\ue000'
const EMOJI_CLOSE = '\ue001'
const emojiWord = (_: string, picture: string | undefined) => {
  if (picture === undefined) return ''
  let word = emojiWords.get(picture)
  if (word === undefined) {
    // A keycap's variation selector is left out with the others': 1⃣ and 1️⃣ are one word.
    const points = Array.from(picture.replace(/[\uFE0E\uFE0F]/gu, ''), (c) => c.codePointAt(0)!.toString(16))
    word = ` ${EMOJI_OPEN}${points.join('')}${EMOJI_CLOSE} `
    emojiWords.set(picture, word)
  }
  return word
}
/**
 * Each emoji's word, made once: an answer full of emoji folded in the index's insert trigger spent
 * most of its time writing the same words again. Bounded by the emoji Unicode has (a few thousand).
 */
const emojiWords = new Map<string, string>()
/**
 * Whether UTF-16 unit `c` is an accent mark (all of them are in the Basic Multilingual Plane): the
 * combining diacritical blocks (Latin, the Greek tonos, the Cyrillic breve and diaeresis, Vietnamese),
 * the Hebrew points and accents, the Arabic vowel marks.
 */
function isAccent(c: number): boolean {
  if (c < 0x0300) return false
  if (c <= 0x036f) return true // Combining Diacritical Marks
  if (c >= 0x0591 && c <= 0x05c7) return c !== 0x05be && c !== 0x05c0 && c !== 0x05c3 && c !== 0x05c6 // Hebrew (but its punctuation)
  if ((c >= 0x064b && c <= 0x065f) || c === 0x0670) return true // Arabic
  return (
    (c >= 0x1ab0 && c <= 0x1aff) || // … Extended
    (c >= 0x1dc0 && c <= 0x1dff) || // … Supplement
    (c >= 0x20d0 && c <= 0x20ff && c !== 0x20e3) || // … for Symbols (but the keycap's, part of an emoji)
    (c >= 0xfe20 && c <= 0xfe2f) // Combining Half Marks
  )
}

/**
 * Letters written with a stroke, a bar or a slash that is part of the letter (no decomposition
 * separates it), as a reader without them types them: Polish ł, Danish and Norwegian ø, Croatian
 * and Vietnamese đ, Icelandic ð, Maltese ħ, Sami ŧ, Turkish ı, Catalan ŀ; and the letters written
 * as two (ß æ œ þ), as German, Danish, French and Icelandic texts spell them without those letters.
 * Each is one UTF-16 unit, so a text folded one character at a time (foldUnits) folds as it does
 * whole, and each folded unit still points at the character it came from.
 */
const PLAIN_LETTERS = new Map<number, string>(
  Object.entries({
    Ł: 'L',
    ł: 'l',
    Ŀ: 'L',
    ŀ: 'l',
    Ø: 'O',
    ø: 'o',
    Đ: 'D',
    đ: 'd',
    Ð: 'D',
    ð: 'd',
    Ħ: 'H',
    ħ: 'h',
    Ŧ: 'T',
    ŧ: 't',
    ı: 'i',
    ß: 'ss',
    ẞ: 'SS',
    Æ: 'AE',
    æ: 'ae',
    Œ: 'OE',
    œ: 'oe',
    Þ: 'TH',
    þ: 'th'
  }).map(([letter, plain]) => [letter.charCodeAt(0), plain])
)
const FIRST_PLAIN = Math.min(...PLAIN_LETTERS.keys())
const LAST_PLAIN = Math.max(...PLAIN_LETTERS.keys())

/** A decomposed text with its accent marks dropped and its letters made plain. */
function plainLetters(text: string): string {
  let out = ''
  let from = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const plain = isAccent(c) ? '' : c >= FIRST_PLAIN && c <= LAST_PLAIN ? PLAIN_LETTERS.get(c) : undefined
    if (plain === undefined) continue
    out += text.slice(from, i) + plain
    from = i + 1
  }
  return from === 0 ? text : out + text.slice(from)
}

/** The name SQL calls searchIndexForm by (the index triggers of version 10 on name it so). */
export const SEARCH_FOLD_SQL = 'search_fold'

/**
 * A word as SQLite's unicode61 tokenizer cuts them: a run of letters, digits, marks and private-use
 * characters. Marks belong to their word: Indic vowel signs, and the Hebrew points before folding.
 */
export const SEARCH_WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu

/**
 * The scripts written without spaces whose every character is a word to the indexes (cjkApart), as
 * regular expressions' sources: Han, Hiragana and Katakana, with the prolonged sound marks; a character
 * is one of them that is a letter or digit, with the marks after it.
 */
const CJK_CLASS = String.raw`[\p{sc=Han}\p{sc=Hira}\p{sc=Kana}\u30fc\uff70]`
const CJK_LETTER = String.raw`(?=[\p{L}\p{N}])${CJK_CLASS}`
const CJK_CHARACTER = String.raw`${CJK_LETTER}[\p{M}\uff9e\uff9f]*`

/**
 * What a search matches in a text as shown: its words, and each emoji with the skin tone and
 * variation selector that belong to its picture (searchFold makes it a word, which folding the
 * match gives, spaces around it: trim it). A keycap ends the word before it: its digit and marks
 * would otherwise be read as more of that word ("step1️⃣" is "step" and 1️⃣, as searchFold has them).
 * A Catalan "l·l" keeps its dot inside the word: "col·lecció" is one word, as the indexes hold it.
 * Each Chinese or Japanese character is a word of its own, as the indexes hold it (cjkApart).
 */
export const SEARCH_TOKEN = new RegExp(
  String.raw`[0-9#*][\uFE0E\uFE0F]?\u20E3|${CJK_CHARACTER}|(?:[lL][\u00b7\u0387](?=[lL])|(?![0-9#*][\uFE0E\uFE0F]?\u20E3|${CJK_CLASS})[\p{L}\p{N}\p{M}\p{Co}])+|(?:[\u{1F1E6}-\u{1F1FF}]{2}|[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}])(?:[\u{1F3FB}-\u{1F3FF}]|\uFE0E|\uFE0F)*`,
  'gu'
)

/**
 * `text` in Unicode's compatibility form (NFKC: ﬁ is fi, full-width Ａ is A, ① is 1) but for its emoji:
 * NFKC writes some of them as letters (™ TM, ℹ️ i, ‼️ !!, 🈁 ココ), and the indexes hold each emoji as a
 * word of its own, so a search for ℹ️ found the word "i" instead of the emoji. And Catalan ŀ is l, as
 * searchFold has it: NFKC writes it l· (the dot a space to the tokenizer), so "coŀlecció" was the
 * words "col" and "leccio" to the library and "colleccio" to the inboxes.
 */
export const compatForm = (text: string): string => (MAY_HAVE_COMPAT_FORM.test(text) ? text.replace(NOT_PICTOGRAPHS, runCompatForm) : text)
const runCompatForm = (run: string) =>
  MAY_HAVE_COMPAT_FORM.test(run) ? run.replace(L_WITH_MIDDLE_DOT, (l) => (l === 'ŀ' ? 'l' : 'L')).normalize('NFKC') : run
const NOT_PICTOGRAPHS = /[^\p{Extended_Pictographic}]+/gu
/**
 * A character NFKC may change, told quickly: any outside ASCII, Latin-1 and General Punctuation, and
 * those within that have a compatibility form (nbsp ª ² ½, the typographic spaces, … ‥ ″). English
 * prose with its typographic punctuation (’ “ —), most of what the index's trigger folds, has none:
 * normalizing 1 MiB of it took 25 ms, this test 4. Code units, not code points (no u flag, which
 * made it 5 times slower): a surrogate is outside, as the character it is half of. Control
 * characters but tab and line ends count as outside too (the linter refuses them in a class): a
 * text with one takes the long way, to the same result.
 */
const MAY_HAVE_COMPAT_FORM =
  /[\u00a0\u00a8\u00aa\u00af\u00b2-\u00b5\u00b8-\u00ba\u00bc-\u00be\u2000-\u200a\u2011\u2017\u2024-\u2026\u202f\u2033\u2034\u2036\u2037\u203e\u2047\u2048\u2057\u205f]|[^\t\n\r -\xff\u2000-\u206f]/
const L_WITH_MIDDLE_DOT = /[ŀĿ]/gu

/**
 * A text as both keyword indexes hold it (inbox names and messages; document passages), and as a
 * query is compared with them: in compatibility form (compatForm), then folded (searchFold). Text
 * pasted from a PDF holds ﬁ and ﬂ ligatures, text from East Asian input full-width letters; kept as
 * written, "ﬁnance" and "ＡＣＭＥ" were found by no plain word. The node's index triggers call this as
 * the SQL function `search_fold` (registered on every connection that writes, store/db.ts).
 */
export const searchIndexForm = (text: string): string => {
  const ascii = ASCII_ONLY.test(text)
  const form = foldedForm(text, ascii)
  return ascii ? form : cjkApart(form)
}
/**
 * searchIndexForm without cjkApart: the form a search's words are taken from (a run of Chinese or
 * Japanese is one word there, which indexTokens cuts as the index holds it), and the form the window
 * compares texts in.
 */
export const searchForm = (text: string): string => foldedForm(text, ASCII_ONLY.test(text))
const foldedForm = (text: string, ascii: boolean): string => {
  const form = searchFold(ascii ? text : compatForm(text))
  return form.includes('\u00b7') ? form.replace(CATALAN_L_DOT, '') : form
}
const ASCII_ONLY = /^[\p{ASCII}]*$/u

/**
 * Chinese and Japanese are written without spaces, and the tokenizer takes a whole run (a sentence)
 * for one word: "テキスト" did not find "日本語のテキスト", nor "数据" "我们的数据库", only a run's
 * beginning was found. So each Han ideograph, Hiragana and Katakana character (with the prolonged
 * sound mark ー and the iteration marks 々 ゝ ヽ, and any mark after it: a dakuten that does not
 * compose) is a word of its own, spaced from its neighbours, and a search's run of them is a phrase of
 * those words (indexTokens): it matches that sequence anywhere, as engines search these scripts
 * without a dictionary. Hangul is written with spaces and stays as it is. Only letters and digits
 * (〇): the same scripts' symbols are spaces to the tokenizer anyway.
 */
export const cjkApart = (form: string): string => (MAY_HAVE_CJK.test(form) ? form.replace(CJK_CHARACTERS, ' $& ') : form)
/**
 * A code unit in the blocks these scripts are written in (from the CJK radicals to the unified
 * ideographs, the compatibility ideographs, half-width katakana, the surrogates of the kana and
 * ideograph planes), told quickly: code units, no u flag. A French text of 50 kB took 1.7 ms with the
 * exact test alone, 0.9 ms with this one first (as before the scripts were spaced).
 */
const MAY_HAVE_CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff66-\uff9f\ud81b\ud82b\ud82c\ud840-\ud8bf]/
const CJK_CHARACTERS = new RegExp(CJK_CHARACTER, 'gu')
const CJK_TOKEN = new RegExp(`^${CJK_CHARACTER}$`, 'u')
/** Whether a word of the index (or of SEARCH_TOKEN, folded) is one Chinese or Japanese character. */
export const isCjkToken = (token: string): boolean => CJK_TOKEN.test(token)
/** Whether `text` begins with a Chinese or Japanese character. */
export const startsWithCjk = (text: string): boolean => CJK_FIRST.test(text)
/** Whether `text` ends with a Chinese or Japanese character (and the marks that are part of it). */
export const endsWithCjk = (text: string): boolean => CJK_LAST.test(text)
const CJK_FIRST = new RegExp(`^${CJK_LETTER}`, 'u')
const CJK_LAST = new RegExp(`${CJK_CHARACTER}$`, 'u')

/**
 * The words the index holds for one word of a search (a SEARCH_WORD of searchForm): the word itself,
 * or for one holding Chinese or Japanese, each such character and each run of other letters between:
 * "テキストabc" is テ キ ス ト abc, a phrase.
 */
export const indexTokens = (word: string): string[] => cjkApart(word).match(SEARCH_WORD) ?? []
/**
 * Catalan writes a doubled l with a middle dot between ("col·lecció", "intel·ligent"), far more often
 * than with ŀ: the tokenizer took the dot for a space, so "colleccio" did not find it, and neither did
 * "intelligent". The dot goes where it follows an l and comes before another, as ŀ becomes l. Before the
 * text's end too, so that "l·" alone (foldUnits' unit, a query typed so far) folds as it does inside
 * "l·l". Greek's ano teleia (U+0387) is the same character once canonical (NFC writes it U+00B7).
 */
const CATALAN_L_DOT = /(?<=[lL])\u00b7(?=[lL]|$)/g

/**
 * A text's characters as searchIndexForm folds them, one at a time: a flag's two regional indicators
 * are one, a keycap, and an l with the Catalan middle dot after it (which goes with it).
 */
export const foldUnits = (text: string): string[] => text.match(FOLD_UNITS) ?? []
const FOLD_UNITS = /[0-9#*][\uFE0E\uFE0F]?\u20E3|[\u{1F1E6}-\u{1F1FF}]{2}|[lL][\u00b7\u0387](?=[lL])|[\s\S]/gu

/** Text as the search indexes compare it: compatibility form, accents off, lower case (a run of Chinese or Japanese kept whole). */
export const foldForSearch = (text: string) => searchForm(text).toLowerCase()

/**
 * The words of `text` as the search indexes compare them: compatibility form, accents off, lower case.
 * A run of Chinese or Japanese is one word here, a phrase of one-character words to the index (indexTokens).
 */
export function searchWords(text: string): string[] {
  return foldForSearch(text).match(SEARCH_WORD) ?? []
}
