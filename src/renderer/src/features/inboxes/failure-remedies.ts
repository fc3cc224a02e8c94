import { curedBySettings } from '../providers'

/**
 * What a failed answer offers besides Retry, read from how the node recorded the failure
 * (`job_message.error.kind`, see the main process's ProviderFailureKind) and the node's providers.
 * Retry is always the first remedy: a provider that broke off midway or answered 500, 429 or 503, or
 * timed out, is asked again, and its settings are not what failed.
 */

/** The failure kind recorded on an error note's `job_message.error` (undefined when it names none). */
export function failureKind(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const kind = (error as { kind?: unknown }).kind
  return typeof kind === 'string' ? kind : undefined
}

/** The HTTP status recorded on an error note's `job_message.error` (undefined when it names none). */
export function failureStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const status = (error as { status?: unknown }).status
  return typeof status === 'number' ? status : undefined
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
 * undefined while not read (nothing is offered on a guess meanwhile); `jobProvider`: the job's provider
 * now (the failed one unless the job was switched since).
 *
 * A note older than a switch of its job's provider speaks of a provider the job no longer uses: its
 * settings are not what the next answer needs, and switching is offered only to a provider that is
 * neither the job's nor the one that failed. "Switch provider" showed under it when the job already
 * used the only other provider, and offered the failed one back.
 */
export function failureRemedies(
  error: unknown,
  failedProvider: string | undefined,
  providerIds: readonly string[] | undefined,
  jobProvider: string | undefined = failedProvider
): FailureRemedies {
  if (!providerIds) return { switchProvider: false, addProvider: false }
  const kind = failureKind(error)
  const settings = curedBySettings(kind)
  const current = jobProvider ?? failedProvider
  const switched = current !== failedProvider
  const stillThere = failedProvider !== undefined && providerIds.includes(failedProvider)
  const others = providerIds.some((id) => id !== current && id !== failedProvider)
  // Not working: its configuration failed, or it was removed since. A provider that is fine (a 500, a break) needs none added.
  const jobWorks = switched ? current !== undefined && providerIds.includes(current) : stillThere && !settings
  return {
    ...(settings && stillThere && !switched ? { settingsOf: failedProvider } : {}),
    switchProvider: others,
    addProvider: !others && !jobWorks
  }
}
