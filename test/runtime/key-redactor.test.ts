import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { keyRedactor, secretsRedactor } from '../../src/main/runtime/key-redactor'
import { answerSecrets, redactAnswerSecrets, redactKey } from '../../src/main/runtime/provider-errors'

/*
 * A server that echoes the key it was sent, inside a streamed answer, may split it across any
 * number of pieces: the redactor lets through every piece at once but for a tail that may be the
 * key's start, and all it lets through, end() included, is redactKey of the whole text.
 */

const KEY = 'sk-SECRET-123456'

/** What the redactor lets through for each piece, and at the end. */
function run(key: string | undefined, pieces: readonly string[]): { out: string[]; end: string } {
  const redactor = keyRedactor(key)
  const out = pieces.map((p) => redactor.push(p))
  return { out, end: redactor.end() }
}

describe('keyRedactor', () => {
  it('replaces a key that comes in one piece, and lets the rest through at once', () => {
    expect(run(KEY, ['Your key is ', `${KEY}.`, ' Bye'])).toEqual({ out: ['Your key is ', '[redacted].', ' Bye'], end: '' })
  })

  it('replaces a key split across two pieces, holding back only its start', () => {
    expect(run(KEY, ['Your key is sk-SEC', 'RET-123456 ok'])).toEqual({ out: ['Your key is ', '[redacted] ok'], end: '' })
  })

  it('replaces a key sent one character a piece', () => {
    const { out, end } = run(KEY, ['<', ...KEY, '>'])
    expect(out).toEqual(['<', ...Array<string>(KEY.length - 1).fill(''), '[redacted]', '>'])
    expect(end).toBe('')
  })

  it('lets a start of the key through unchanged, all of it, once the text goes another way', () => {
    expect(run(KEY, ['see sk-', 'SECRET', '-12 and more'])).toEqual({ out: ['see ', '', 'sk-SECRET-12 and more'], end: '' })
    // The text then starting the key again is held again.
    expect(run(KEY, ['sk-SE', 'sk-SECRET-1'])).toEqual({ out: ['', 'sk-SE'], end: '[redacted]' })
  })

  it('replaces a key at the very end of the text; a start of it held when the text ends is given back, or redacted when it is 8 characters or more', () => {
    expect(run(KEY, ['the end: ', KEY])).toEqual({ out: ['the end: ', '[redacted]'], end: '' })
    expect(run(KEY, ['the end: sk-SECRET', '-123456'])).toEqual({ out: ['the end: ', '[redacted]'], end: '' })
    // A stream broken off (or stopped) in the middle of an echoed key: most of a key is a secret too.
    expect(run(KEY, ['the end: sk-SECRET', '-12'])).toEqual({ out: ['the end: ', ''], end: '[redacted]' })
    expect(run(KEY, ['the end: sk-SECR', 'E'])).toEqual({ out: ['the end: ', ''], end: '[redacted]' })
    // A shorter start (under 8 characters) is as likely the text's own.
    expect(run(KEY, ['the end: sk-SECR'])).toEqual({ out: ['the end: '], end: 'sk-SECR' })
    expect(run(KEY, ['keys look like sk-'])).toEqual({ out: ['keys look like '], end: 'sk-' })
    expect(redactKey('cut off: sk-SECRE', KEY)).toBe('cut off: [redacted]')
    expect(redactKey('cut off: sk-SECR', KEY)).toBe('cut off: sk-SECR')
    expect(redactKey('keys look like sk-SEC', KEY)).toBe('keys look like sk-SEC')
    // A long key: a public prefix ("sk-proj-") stays, a third of the key or more goes.
    const long = `sk-proj-${'A1b2C3d4'.repeat(5)}xyz` // 51 characters
    expect(redactKey('Keys start with sk-proj-', long)).toBe('Keys start with sk-proj-')
    expect(redactKey(`Yours: ${long.slice(0, 16)}`, long)).toBe(`Yours: ${long.slice(0, 16)}`)
    expect(redactKey(`Yours: ${long.slice(0, 17)}`, long)).toBe('Yours: [redacted]')
  })

  it('replaces every key, side by side, within a piece or across pieces', () => {
    expect(run(KEY, [`${KEY}${KEY} and ${KEY}`])).toEqual({ out: ['[redacted][redacted] and [redacted]'], end: '' })
    expect(run(KEY, [`a ${KEY}sk-SECRET`, `-123456${KEY.slice(0, 3)}`, `${KEY.slice(3)} b`])).toEqual({
      out: ['a [redacted]', '[redacted]', '[redacted] b'],
      end: ''
    })
  })

  it('finds a key inside a near-match that overlaps it, as redactKey does', () => {
    const key = 'abcabcabcabd'
    const text = 'abcabcabcabcabd'
    expect(redactKey(text, key)).toBe('abc[redacted]')
    expect(run(key, [text])).toEqual({ out: ['abc[redacted]'], end: '' })
    expect(run(key, [...text]).out.join('')).toBe('abc[redacted]')
    expect(run(key, ['abcabcab', 'cabcabd'])).toEqual({ out: ['', 'abc[redacted]'], end: '' })
    expect(run('a'.repeat(12), ['a'.repeat(6), 'a'.repeat(9), 'a'.repeat(4)])).toEqual({ out: ['', '[redacted]', ''], end: 'a'.repeat(7) })
  })

  it('lets every piece through untouched without a key', () => {
    expect(run(undefined, ['sk-', 'anything'])).toEqual({ out: ['sk-', 'anything'], end: '' })
    expect(run('', ['sk-', 'anything'])).toEqual({ out: ['sk-', 'anything'], end: '' })
  })

  it('leaves a key shorter than 12 characters in the text, as redactKey does: a placeholder word, not a secret', () => {
    for (const word of ['sk', 'none', 'test', 'EMPTY', 'ollama', 'lm-studio', 'placeholder']) {
      const text = `model '${word}/llama3' not found: ${word}`
      expect(redactKey(text, word)).toBe(text)
      expect(run(word, [text.slice(0, 9), text.slice(9)])).toEqual({ out: [text.slice(0, 9), text.slice(9)], end: '' })
    }
    expect(run('token-abc123', ['key: tok', 'en-abc123 ok'])).toEqual({ out: ['key: ', '[redacted] ok'], end: '' })
  })
})

describe('keyRedactor, property', () => {
  // Few letters, so that keys overlap themselves and the text is full of near-matches.
  const letter = fc.constantFrom('a', 'b', '-', 'é', '😀')
  const word = fc.string({ unit: letter, maxLength: 12 })
  // Keys are 12 characters or more (shorter ones are not redacted): fewer letters still, for overlaps.
  const keyLetter = fc.constantFrom('a', 'b', '😀')

  it('lets through, whatever the pieces, exactly redactKey of the whole text, holding less than a key', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: keyLetter, minLength: 12, maxLength: 16 }),
        fc.array(
          fc.oneof(
            word,
            fc.constant('KEY'),
            fc.nat({ max: 16 }).map((n) => ({ start: n }))
          ),
          { maxLength: 12 }
        ),
        fc.array(fc.nat(), { maxLength: 12 }),
        (key, parts, cuts) => {
          // The key, and starts of it, put in among the words.
          const whole = parts.map((p) => (p === 'KEY' ? key : typeof p === 'string' ? p : key.slice(0, p.start))).join('')
          const at = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b)
          const pieces = [0, ...at].map((from, i) => whole.slice(from, [...at, whole.length][i]))
          const redactor = keyRedactor(key)
          let given = ''
          let out = ''
          for (const piece of pieces) {
            given += piece
            out += redactor.push(piece)
            // What is held back is a tail shorter than the key: all before it is through already.
            const keysOut = given.split(key).join('[redacted]')
            expect(keysOut.startsWith(out)).toBe(true)
            expect(keysOut.length - out.length).toBeLessThan(key.length)
          }
          expect(out + redactor.end()).toBe(redactKey(whole, key))
        }
      ),
      { numRuns: 2000 }
    )
  })
})

describe('secretsRedactor (the key and the query secrets of a provider address), property', () => {
  const letter = fc.constantFrom('a', 'b', 'c', '-', 'é')
  const secretLetter = fc.constantFrom('a', 'b', 'c')

  it('lets through, whatever the pieces, exactly each secret taken out of the whole text in turn (longest first)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: secretLetter, minLength: 12, maxLength: 15 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.oneof(fc.string({ unit: letter, maxLength: 10 }), fc.nat({ max: 2 })), { maxLength: 10 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (unsorted, parts, cuts) => {
          const secrets = [...unsorted].sort((a, b) => b.length - a.length)
          const whole = parts.map((p) => (typeof p === 'string' ? p : secrets[p % secrets.length]!)).join('')
          const at = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b)
          const pieces = [0, ...at].map((from, i) => whole.slice(from, [...at, whole.length][i]))
          const redactor = secretsRedactor(secrets)
          const out = pieces.map((p) => redactor.push(p)).join('') + redactor.end()
          expect(out).toBe(secrets.reduce(redactKey, whole))
        }
      ),
      { numRuns: 1000 }
    )
  })

  it('with no secret, or none long enough to take out, lets every piece through at once', () => {
    for (const secrets of [[], ['1'], ['short']]) {
      const redactor = secretsRedactor(secrets)
      expect([redactor.push('api-version='), redactor.push('1 short'), redactor.end()]).toEqual(['api-version=', '1 short', ''])
    }
  })
})

describe('answerSecrets: what an answer or a model name must not carry', () => {
  it('the key, and the values of query parameters named as credentials (names read decoded, as the window reads them), not the others', () => {
    const secrets = answerSecrets({
      apiKey: 'sk-live-0123456789',
      query: 'api-version=2024-10-21&api%5Fkey=abcdef123456&sig=a%2Bb%3Dc%2Fsigned'
    })
    expect(secrets).toEqual(expect.arrayContaining(['sk-live-0123456789', 'abcdef123456', 'a%2Bb%3Dc%2Fsigned', 'a+b=c/signed']))
    expect(secrets).not.toContain('2024-10-21')
    expect(redactAnswerSecrets('Version 2024-10-21 with abcdef123456', { query: 'api-version=2024-10-21&api%5Fkey=abcdef123456' })).toBe(
      'Version 2024-10-21 with [redacted]'
    )
  })
})

describe('answerSecrets with the key encoded (percent, JSON, base64), streamed', () => {
  const key = 'ABSKQmVkcm9ja0FQSUtleS1/bW9ja2tleQ+abc123XYZ789=='
  const secrets = answerSecrets({ apiKey: key })
  const forms = [
    encodeURIComponent(key),
    JSON.stringify(key).slice(1, -1).replaceAll('/', '\\/'),
    Buffer.from(key).toString('base64').replace(/=+$/, '')
  ]

  it('are among the secrets, so a streamed answer loses them as a whole one does', () => {
    expect(secrets).toEqual(expect.arrayContaining([key, ...forms]))
  })

  it('whatever the pieces, what is let through is exactly the whole text redacted, and no form is left', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.nat({ max: forms.length })), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (parts, cuts) => {
          const whole = parts.map((p) => (typeof p === 'string' ? p : [key, ...forms][p]!)).join('')
          const at = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b)
          const pieces = [0, ...at].map((from, i) => whole.slice(from, [...at, whole.length][i]))
          const redactor = secretsRedactor(secrets)
          const out = pieces.map((p) => redactor.push(p)).join('') + redactor.end()
          expect(out).toBe(redactAnswerSecrets(whole, { apiKey: key }))
          for (const form of [key, ...forms]) expect(out).not.toContain(form)
        }
      ),
      { numRuns: 500 }
    )
  })

  it('lets a long answer of small pieces through quickly', () => {
    const redactor = secretsRedactor(secrets)
    const piece = 'ABSKQ words %2F and QUJT more \\/ text '
    const started = performance.now()
    let out = ''
    for (let i = 0; i < 50_000; i++) out += redactor.push(piece)
    out += redactor.end()
    expect(out).toBe(piece.repeat(50_000))
    expect(performance.now() - started).toBeLessThan(2000)
  })
})
