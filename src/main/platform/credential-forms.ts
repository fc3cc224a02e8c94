import { hideUrlSecrets, isSecretParam } from '../../shared/url-secrets'

/**
 * Credentials found by their form, whoever's they are: for texts that quote errors raw (the debug
 * log), where the secrets an event names (its provider's key, its URL's query values) are not all
 * there is. An error may quote a request's header ("Authorization: Bearer ...", "x-api-key: ...",
 * as text or JSON), an address with a key in its query (`?api-key=`) or a password in it
 * (`http://user:password@host/`, as fetch refuses such a URL in words), whatever the key's length.
 */

const REDACTED = '[redacted]'

/**
 * An address as errors quote it: its scheme, then up to the next space or quote. The scheme's and
 * the names' lengths are bounded: unbounded, each place of a long word (a quoted reply's base64)
 * was read to the word's end, 6 s for 100,000 letters.
 */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'<>`]+/gi

/**
 * `name: value`, `name=value`, `"name": "value"`: the value of a name that says it is a credential
 * (isSecretParam; not `code`, which in a text is an error's code far more often than an Azure key).
 */
const NAMED_VALUE =
  /([A-Za-z][\w.-]{0,63}?(?:key|token|secret|signature|password|passwd|pwd|auth|authorization|bearer|credentials?|jwt|sig))("?\s*[:=]\s*"?)((?:Bearer|Basic|Token|Digest)\s+)?([^\s"',;&}\]:[]+)/gi
const namesCredential = (name: string) => isSecretParam(name) && name.toLowerCase() !== 'code'

/** A scheme and its credentials, named or not ("... sent Bearer abc123"). */
const SCHEME_VALUE = /\b(Bearer|Basic|Token)(\s+)(?!\[redacted\])[A-Za-z0-9._~+/=-]+/g

/** The address with its userinfo's password and its credentials' query values hidden. */
function hideInUrl(url: string): string {
  const withoutPassword = url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*):[^/?#@]*@/i, `$1:${REDACTED}@`)
  return hideUrlSecrets(withoutPassword)
}

/** `text` with every credential found by its form replaced (addresses' secrets, headers' and named values). */
export function hideCredentials(text: string): string {
  return text
    .replace(URL_IN_TEXT, hideInUrl)
    .replace(NAMED_VALUE, (whole, name: string, sep: string, scheme: string | undefined, value: string) =>
      namesCredential(name) && value !== '********' ? `${name}${sep}${scheme ?? ''}${REDACTED}` : whole
    )
    .replace(SCHEME_VALUE, (_whole, scheme: string, space: string) => `${scheme}${space}${REDACTED}`)
}
