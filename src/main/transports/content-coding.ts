import type { IncomingHttpHeaders } from 'node:http'

/** The codings a header lists, lowercased, without `identity` (which is none). */
const codingsOf = (header: string | undefined) =>
  (header ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')

/**
 * The node reads a request body as the bytes sent: it decodes no content coding. A body declared
 * compressed (`Content-Encoding: gzip`, `br`, ...) is therefore refused with 415 (RFC 9110, 15.5.16),
 * never read as if it were not: gzip bytes read as JSON gave "not valid UTF-8", and a body marked
 * `br` but sent plain was taken, which a client that did compress could not tell from a decoded one.
 *
 * The same holds for a transfer coding: Node's parser takes apart `chunked` (which must come last)
 * and passes on whatever other coding was applied before it, so `Transfer-Encoding: gzip, chunked`
 * handed the router gzip bytes as if they were the body. RFC 9112 (6.1) would answer an unknown
 * transfer coding 501, which the contract's table of statuses does not have; the closest it has is
 * this refusal of an unreadable body's coding, 415, naming the header.
 *
 * Returns the 415 message, or undefined when the body carries no coding but chunked framing.
 */
export function unsupportedCoding(headers: IncomingHttpHeaders): string | undefined {
  const content = codingsOf(headers['content-encoding'])
  if (content.length > 0) {
    return `content-encoding: the node reads request bodies uncompressed; send the body without a content coding (got ${content.join(', ')})`
  }
  const transfer = codingsOf(headers['transfer-encoding']).filter((c) => c !== 'chunked')
  if (transfer.length > 0) {
    return `transfer-encoding: the node reads request bodies plain or chunked, with no other transfer coding; send the body without one (got ${transfer.join(', ')})`
  }
  return undefined
}
