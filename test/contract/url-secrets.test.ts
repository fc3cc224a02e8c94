import { describe, expect, it } from 'vitest'
import { hideUrlSecrets, isSecretParam, placeholderParams } from '../../src/shared/url-secrets'

describe('isSecretParam', () => {
  it.each([
    'key',
    'api_key',
    'api-key',
    'apikey',
    'token',
    'access_token',
    'sig',
    'signature',
    'secret',
    'password',
    'code',
    'KEY',
    'Api-Key',
    'apiKey',
    'API_KEY',
    'subscription-key',
    'x-goog-api-key',
    'X-Amz-Signature',
    'X-Amz-Security-Token',
    'client_secret',
    'auth'
  ])('%s names a credential', (name) => expect(isSecretParam(name)).toBe(true))

  it.each(['api-version', 'deployment', 'monkey', 'keyword', 'country_code', 'model', 'sv', 'se', 'alt'])('%s does not', (name) =>
    expect(isSecretParam(name)).toBe(false)
  )
})

describe('hideUrlSecrets', () => {
  it.each([
    'https://api.example.com/v1',
    'https://api.example.com/v1?api-version=2024-10-21',
    'https://api.example.com/v1?a=%20b+c~d&e',
    'https://api.example.com/v1?key=',
    'https://api.example.com/v1?key',
    'https://api.example.com/v1#key=not-sent'
  ])('leaves %s exactly as it is', (url) => expect(hideUrlSecrets(url)).toBe(url))

  it('hides each credential value, a name written percent-encoded too, and nothing else', () => {
    expect(hideUrlSecrets('https://h/v1?api-version=1&api%5Fkey=s1&key=s2&key=s3&x=key#f?key=f')).toBe(
      'https://h/v1?api-version=1&api%5Fkey=********&key=********&key=********&x=key#f?key=f'
    )
  })

  it('the hidden form is still a valid URL whose placeholders are found again', () => {
    const hidden = hideUrlSecrets('https://h/v1?sig=a%2Bb&code=x')
    expect(new URL(hidden).searchParams.get('sig')).toBe('********')
    expect(placeholderParams(hidden)).toEqual(['sig', 'code'])
  })
})
