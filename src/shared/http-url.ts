import { groupedNumber } from './byte-size'
import { codePointsAtMost } from './contract/code-points'

/**
 * The one rule for a provider's URL, used by the contract (requests) and the window (forms):
 * an absolute http or https URL with a host and without user info. `http://127.0.0.1:P@other-host/`
 * reads like a local address but calls other-host, and credentials in a URL end up in logs.
 */

export const NOT_HTTP_URL = "Enter the server's address as an http:// or https:// URL, e.g. http://127.0.0.1:8080/v1."
export const URL_WITH_SPACES = 'Remove the spaces or line breaks before or after the address.'
export const URL_WITH_USER_INFO = 'Remove the user name or password from the URL (user@host): give the API key in its own field.'
/**
 * The longest address a provider may have. Servers refuse request lines past 8 KiB or so (Node's own
 * headers limit is 16 KiB), so a longer one could never be called; it was stored (1 MB was taken) and
 * sent, whole, with every answer, test and check.
 */
export const MAX_URL_CHARS = 8192
export const URL_TOO_LONG = `Enter an address of at most ${groupedNumber(MAX_URL_CHARS)} characters.`

/** The scheme, `//` and the first character of a host, and no white space anywhere. */
const ABSOLUTE_HTTP = /^https?:\/\/[^/?#\\\s][^\s]*$/i
/** An `@` before the host ends: user info, even empty (`https://@host`), which the parser drops without a trace. */
const USER_INFO = /^https?:\/\/[^/?#\\]*@/i

/** What is wrong with `text` as a provider URL, or undefined when nothing is. */
export function httpUrlProblem(text: string): string | undefined {
  // Written out as an absolute URL: the parser alone would repair "http:host", "http:///x" or a URL with spaces around it.
  // A pasted address often brings a space or a line break with it: said so, rather than "not a URL".
  // Characters as the contract counts them (an emoji is one), as its message says.
  if (!codePointsAtMost(text, MAX_URL_CHARS)) return URL_TOO_LONG
  if (text !== text.trim() && ABSOLUTE_HTTP.test(text.trim())) return URL_WITH_SPACES
  if (!ABSOLUTE_HTTP.test(text)) return NOT_HTTP_URL
  let u: URL
  try {
    u = new URL(text)
  } catch {
    return NOT_HTTP_URL
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.hostname === '') return NOT_HTTP_URL
  if (u.username !== '' || u.password !== '' || USER_INFO.test(text)) return URL_WITH_USER_INFO
  return undefined
}

export const isHttpUrl = (text: string) => httpUrlProblem(text) === undefined

/** Whether the URL points at OpenAI's own API (a hosted, keyed service) rather than an OpenAI-compatible server. */
export const isOpenAiHost = (url: string) => new URL(url).hostname === 'api.openai.com'
