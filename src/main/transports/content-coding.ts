import type { IncomingHttpHeaders } from 'node:http'

/**
 * The node reads a request body as the bytes sent: it decodes no content coding. A body declared
 * compressed (`Content-Encoding: gzip`, `br`, ...) is therefore refused with 415 (RFC 9110, 15.5.16),
 * never read as if it were not: gzip bytes read as JSON gave "not valid UTF-8", and a body marked
 * `br` but sent plain was taken, which a client that did compress could not tell from a decoded one.
 * Returns the 415 message, or undefined when the body carries no coding (`identity` is none).
 */
export function unsupportedCoding(headers: IncomingHttpHeaders): string | undefined {
  const codings = (headers['content-encoding'] ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
  if (codings.length === 0) return undefined
  return `content-encoding: the node reads request bodies uncompressed; send the body without a content coding (got ${codings.join(', ')})`
}
