import { keyStartAtEnd, redactable, redactCutKeys, redactKey, redactKeyStart, redactWholeKeys } from './provider-errors'

export interface KeyRedactor {
  /** The part of the text so far that can go on now, the key taken out ('' while all of it may be the key's start). */
  push(piece: string): string
  /** At the end of the text, however it ended: the tail held back (no whole key), [redacted] when it is most of one (redactKeyStart). */
  end(): string
}

const UNTOUCHED: KeyRedactor = { push: (piece) => piece, end: () => '' }

/**
 * Takes the API key out of a text that arrives in pieces (a streamed answer), as redactKey takes it
 * out of a whole one: a server that echoes the key it was sent (an echo server, a misconfigured
 * proxy) must not get it shown, stored or logged, whichever pieces the stream splits it across.
 *
 * Each piece is let through at once but for the text's tail that could be the start of the key (at
 * most key.length - 1 characters, and only while it is the start of the key), held back until the
 * next piece shows whether the key follows. The pieces let through and end() joined are exactly
 * redactKey(whole text, key). Without a key, or with one too short to redact, pieces pass untouched.
 */
export function keyRedactor(apiKey: string | undefined): KeyRedactor {
  if (!redactable(apiKey)) return UNTOUCHED
  const key = apiKey
  let held = ''
  return {
    push(piece) {
      if (!piece) return ''
      const text = held + piece
      // The end of the last whole key, found as redactKey's split finds them: left to right, none overlapping.
      let after = 0
      for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, after)) after = at + key.length
      const cut = text.length - keyStartAtEnd(text, key, after)
      held = text.slice(cut)
      const out = text.slice(0, cut)
      return after > 0 ? redactWholeKeys(out, key) : out
    },
    end() {
      const out = held
      held = ''
      return redactKeyStart(out, key)
    }
  }
}

/**
 * keyRedactor for each of `secrets` in turn (longest first, as answerSecrets gives them): the pieces let
 * through and end() joined are exactly redactAnswerSecrets(whole text). The key and the URL query's values
 * (`?key=`), which a server echoing its address carries into an answer as it does the key.
 */
export function secretsRedactor(secrets: readonly string[]): KeyRedactor {
  const chain = secrets.map(keyRedactor).filter((r) => r !== UNTOUCHED)
  if (chain.length === 0) return UNTOUCHED
  return {
    push: (piece) => chain.reduce((out, r) => r.push(out), piece),
    end: () => chain.reduce((tail, r) => r.push(tail) + r.end(), '')
  }
}

/**
 * Every secret taken out of a whole text, as a server's words quoted in a message are (the key
 * whole, a good part of its start wherever it is, and at the end): for the debug log, whose lines
 * quote errors that may echo what was sent. Longest first, so a secret that holds another goes whole.
 * A key too short or too word-like for messages to take out (redactable) is still taken out here
 * wherever it is whole: a debug log is shared to report a problem, and is no place for any key.
 */
export function redactEachSecret(text: string, secrets: readonly string[]): string {
  const sorted = [...secrets].filter((secret) => secret !== '').sort((a, b) => b.length - a.length)
  // Every secret whole before any cut start of one: the key's encodings (provider-errors.ts) share its start.
  const whole = sorted.reduce((out, secret) => (redactable(secret) ? redactKey(out, secret) : redactWholeKeys(out, secret)), text)
  return sorted.reduce((out, secret) => (redactable(secret) ? redactCutKeys(out, secret) : out), whole)
}
