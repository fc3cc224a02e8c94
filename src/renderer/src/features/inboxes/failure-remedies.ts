/**
 * What a failed answer offers besides Retry, read from how the node recorded the failure
 * (`job_message.error.kind`, see the main process's ProviderFailureKind) and the node's providers.
 * Retry is always the first remedy: a provider that broke off midway or answered 500, 429 or 503, or
 * timed out, is asked again, and its settings are not what failed.
 */

/** Failure kinds a change to the provider's settings cures: no key or a refused one, a model not there, a request refused, an address that does not answer. */
const SETTINGS_KINDS: ReadonlySet<string> = new Set(['no_key', 'auth', 'model_not_found', 'bad_request', 'unreachable'])

/** The failure kind recorded on an error note's `job_message.error` (undefined when it names none). */
export function failureKind(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const kind = (error as { kind?: unknown }).kind
  return typeof kind === 'string' ? kind : undefined
}

export interface FailureRemedies {
  /** The provider whose settings to open: the failure is its configuration, and it is still there. */
  readonly settingsOf?: string
  /** Another provider is there to switch the job to. */
  readonly switchProvider: boolean
  /** The job has no working provider and no other to switch to: one must be added. */
  readonly addProvider: boolean
}

/**
 * `failedProvider`: the provider that failed (the note's sender); `providerIds`: the node's providers,
 * undefined while not read (nothing is offered on a guess meanwhile).
 */
export function failureRemedies(
  error: unknown,
  failedProvider: string | undefined,
  providerIds: readonly string[] | undefined
): FailureRemedies {
  if (!providerIds) return { switchProvider: false, addProvider: false }
  const kind = failureKind(error)
  const settings = kind !== undefined && SETTINGS_KINDS.has(kind)
  const stillThere = failedProvider !== undefined && providerIds.includes(failedProvider)
  const others = providerIds.some((id) => id !== failedProvider)
  return {
    ...(settings && stillThere ? { settingsOf: failedProvider } : {}),
    switchProvider: others,
    // Not working: its configuration failed, or it was removed since. A provider that is fine (a 500, a break) needs none added.
    addProvider: !others && (settings || !stillThere)
  }
}
