/**
 * Stored messages already parsed, by their row's `seq`. Each answer is written with the
 * conversation before it, so without this every answer parsed every earlier message of its
 * conversation again (a long conversation paid for its length on each answer). A message row is
 * never changed once written, and `seq` is AUTOINCREMENT, so it never names another message, not
 * even after its row is deleted: an entry cannot go stale. Entries are the least recently read
 * out first, within a budget of JSON characters; a message too large for a 32nd of it is parsed
 * each time instead.
 *
 * Values are shared between readers: callers must not change them.
 */
export interface ParsedMessages {
  /** The message at `seq`, parsed from `json()` on the first read only. */
  get(seq: number, json: () => string | undefined): unknown
  readonly size: number
}

export const PARSED_MESSAGES_CHARS = 8_000_000

export function parsedMessages(maxChars = PARSED_MESSAGES_CHARS): ParsedMessages {
  const entries = new Map<number, { readonly value: unknown; readonly chars: number }>()
  let chars = 0
  return {
    get(seq, json) {
      const hit = entries.get(seq)
      if (hit) {
        // Least recently read first: a Map keeps insertion order.
        entries.delete(seq)
        entries.set(seq, hit)
        return hit.value
      }
      const text = json()
      if (text === undefined) return undefined
      const value: unknown = JSON.parse(text)
      if (text.length <= maxChars / 32) {
        entries.set(seq, { value, chars: text.length })
        chars += text.length
        for (const [oldest, entry] of entries) {
          if (chars <= maxChars) break
          entries.delete(oldest)
          chars -= entry.chars
        }
      }
      return value
    },
    get size() {
      return entries.size
    }
  }
}
