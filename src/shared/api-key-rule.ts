/**
 * What an API key may hold: it is sent in an HTTP header (Authorization, x-api-key, ...), which
 * carries visible ASCII and spaces only. A key with a line break or a character such as é or €
 * inside it was stored, then every call failed, and the failure quoted the offending character and
 * its place in the key. Space, tab and line breaks at either end are left out of a header value
 * when it is sent (a key pasted with its line's end), so they are allowed there.
 */
export const API_KEY_RULE =
  'An API key is sent in a request header, which carries only letters, digits, punctuation and spaces on one line: ' +
  'this one has a line break, a control character or a letter such as é or € inside it. Paste the key again as it was given.'

export function isSendableApiKey(key: string): boolean {
  return /^[\x20-\x7e]*$/.test(key.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, ''))
}
