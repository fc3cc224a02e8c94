import { decodeReferences } from '../vector-fs/html-text'

/** How much of a page is searched for its title: it is in the head, and a page may be megabytes. */
const HEAD_CHARS = 32 * 1024
/** Longest title quoted: a page's title names the problem ("524: A timeout occurred") in a few words. */
const TITLE_CHARS = 120

/**
 * The title of an HTML page, as a reader sees it in a window's title bar: references decoded,
 * spaces collapsed, cut to a short line. Undefined when the page has none (or an empty one).
 * Proxies and CDNs in front of a server (nginx, Cloudflare) answer errors with such a page, and its
 * title is the one line of it that says what happened.
 */
export function htmlTitle(page: string): string | undefined {
  const found = /<title\b[^>]*>([^<]*)<\/title\s*>/i.exec(page.slice(0, HEAD_CHARS))
  if (!found) return undefined
  const title = decodeReferences(found[1]!).replace(/\s+/g, ' ').trim()
  if (!title) return undefined
  const chars = [...title]
  return chars.length > TITLE_CHARS ? `${chars.slice(0, TITLE_CHARS - 1).join('')}…` : title
}
