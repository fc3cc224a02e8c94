import { MAX_MESSAGE_CONTENT_BYTES, utf8Length } from '../../../shared/contract/limits'
import { fileSizeText, groupedNumber, sizeText } from '../../../shared/byte-size'

/**
 * A text the node takes as a message's content (a message, a job's system prompt) over the node's limit:
 * refused on its field before it is sent, with how far over it is, or null when it fits. Sent, the node's
 * 413 came back after a round trip, as "larger than the 1 MiB limit (…)". Counted in bytes of UTF-8, as
 * the node counts (an emoji is 4), and only when sent: a text of up to a third of the limit in
 * characters fits whatever they are, and is not counted at all.
 */
export function contentTooLargeText(what: string, text: string): string | null {
  if (text.length * 3 <= MAX_MESSAGE_CONTENT_BYTES) return null
  const over = utf8Length(text) - MAX_MESSAGE_CONTENT_BYTES
  if (over <= 0) return null
  return `The ${what} is larger than the ${sizeText(MAX_MESSAGE_CONTENT_BYTES)} limit (${groupedNumber(MAX_MESSAGE_CONTENT_BYTES)} bytes of UTF-8) by ${fileSizeText(over)}: shorten it.`
}
