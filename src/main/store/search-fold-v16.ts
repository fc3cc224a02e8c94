/*
 * search_fold as version 16 had it, frozen: the inbox index takes an entry out only with the exact
 * text it was made from (otherwise its words stay and SQLite reports the database malformed), so the
 * migrations that rebuild entries made by an older fold need that fold as it was, whatever
 * search-fold.ts becomes. Do not change this file; a new fold gets a frozen copy of its own.
 */

/** Accents taken off, stroked letters and ß æ œ þ made plain, emoji made words of their own; no compatibility form (ﬁ stays ﬁ). */
export function searchFoldV16(text: string): string {
  if (NOTHING_TO_FOLD.test(text)) return text
  const folded = plainLetters(text.normalize('NFD')).normalize('NFC')
  return EMOJI_PART.test(folded) ? folded.replace(EMOJI_PARTS, emojiWord) : folded
}

const NOTHING_TO_FOLD = /^[\p{ASCII}\u0080-\u00a8\u00aa-\u00ad\u00af-\u00bf\u2010-\u203b\u203d-\u2048\u204a-\u205e]*$/u
const EMOJI_PART = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\uFE0E|\uFE0F|\u20E3/u
const EMOJI_PARTS =
  /([0-9#*][\uFE0E\uFE0F]?\u20E3|[\u{1F1E6}-\u{1F1FF}]{2}|[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}])|[\u{1F3FB}-\u{1F3FF}]|\uFE0E|\uFE0F|\u20E3/gu

const emojiWord = (_: string, picture: string | undefined) => {
  if (picture === undefined) return ''
  const points = Array.from(picture.replace(/[\uFE0E\uFE0F]/gu, ''), (c) => c.codePointAt(0)!.toString(16))
  return ` \ue000${points.join('')}\ue001 `
}

function isAccent(c: number): boolean {
  if (c < 0x0300) return false
  if (c <= 0x036f) return true
  if (c >= 0x0591 && c <= 0x05c7) return c !== 0x05be && c !== 0x05c0 && c !== 0x05c3 && c !== 0x05c6
  if ((c >= 0x064b && c <= 0x065f) || c === 0x0670) return true
  return (
    (c >= 0x1ab0 && c <= 0x1aff) ||
    (c >= 0x1dc0 && c <= 0x1dff) ||
    (c >= 0x20d0 && c <= 0x20ff && c !== 0x20e3) ||
    (c >= 0xfe20 && c <= 0xfe2f)
  )
}

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

function plainLetters(text: string): string {
  let out = ''
  let from = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const plain = isAccent(c) ? '' : PLAIN_LETTERS.get(c)
    if (plain === undefined) continue
    out += text.slice(from, i) + plain
    from = i + 1
  }
  return from === 0 ? text : out + text.slice(from)
}
