import { describe, expect, it } from 'vitest'
import { failureRemedies } from '../../src/renderer/src/features/inboxes/failure-remedies'

/* What a failed answer offers besides Retry, from the failure kind the node recorded and the node's providers. */
describe('failureRemedies', () => {
  it('a provider that is fine (500, 429, 503, a break, a time-out): no settings, nothing to add', () => {
    for (const kind of ['provider_error', 'rate_limit', 'timeout'])
      expect(failureRemedies({ kind, status: 500 }, 'gpt', ['gpt'])).toEqual({ switchProvider: false, addProvider: false })
  })

  it('its configuration failed (no key, key refused, model not found, request refused, unreachable): its settings', () => {
    for (const kind of ['no_key', 'auth', 'model_not_found', 'bad_request', 'unreachable'])
      expect(failureRemedies({ kind }, 'gpt', ['gpt', 'local'])).toEqual({ settingsOf: 'gpt', switchProvider: true, addProvider: false })
  })

  it('the failed provider removed since: no settings to open; another to switch to, or one to add when there is none', () => {
    expect(failureRemedies({ kind: 'auth' }, 'gone', ['local'])).toEqual({ switchProvider: true, addProvider: false })
    expect(failureRemedies({ kind: 'provider_error' }, 'gone', [])).toEqual({ switchProvider: false, addProvider: true })
  })

  it('nothing on a guess while the providers are not read, nor for a note that names no kind', () => {
    expect(failureRemedies({ kind: 'auth' }, 'gpt', undefined)).toEqual({ switchProvider: false, addProvider: false })
    expect(failureRemedies(true, 'gpt', ['gpt'])).toEqual({ switchProvider: false, addProvider: false })
  })

  it('a note older than a switch of the job: nothing about the provider it left; a switch only to a third one', () => {
    // The job uses "local" now, the only other provider: switching would offer the failed "gpt" back.
    expect(failureRemedies({ kind: 'auth' }, 'gpt', ['gpt', 'local'], 'local')).toEqual({ switchProvider: false, addProvider: false })
    expect(failureRemedies({ kind: 'provider_error' }, 'gpt', ['gpt', 'local'], 'local')).toEqual({
      switchProvider: false,
      addProvider: false
    })
    expect(failureRemedies({ kind: 'auth' }, 'gpt', ['gpt', 'local', 'third'], 'local')).toEqual({
      switchProvider: true,
      addProvider: false
    })
    // Still on the failed provider: as before.
    expect(failureRemedies({ kind: 'auth' }, 'gpt', ['gpt', 'local'], 'gpt')).toEqual({
      settingsOf: 'gpt',
      switchProvider: true,
      addProvider: false
    })
  })
})
