import type { LastCheck } from '../../shared/contract/provider'
import { settingsOf } from '../domain/provider-checks'
import type { ModelTarget } from '../runtime/language-model'
import { providerSubject, ProviderFailure, sentence } from '../runtime/provider-errors'
import { CallEndedByStop, testProvider } from '../runtime/provider-gateway'
import type { ProviderRow } from '../store'
import type { NodeContext } from './context'
import { ApiError, badRequest } from './errors'

/** What one check of a provider found: the answer to send and the result to keep. */
export type CheckOutcome = { readonly ok: true; readonly message: string } | { readonly ok: false; readonly failure: ProviderFailure }

/** One minimal chat call with exactly these settings (a model listing alone does not prove the model answers). */
export async function runCheck(ctx: NodeContext, target: ModelTarget): Promise<CheckOutcome> {
  try {
    const reply = await testProvider(target, ctx.callTimeouts, fetch, ctx.stopping)
    const subject = sentence(providerSubject(target.kind, target.baseUrl))
    return { ok: true, message: `${subject} answered with model '${target.model}'${reply ? `: "${reply}"` : ''}` }
  } catch (err) {
    if (err instanceof ProviderFailure) return { ok: false, failure: err }
    if (err instanceof CallEndedByStop) throw stoppingError()
    throw err
  }
}

/** A provider call ended by the node's stop: the request is answered, not cut off. */
const stoppingError = () =>
  new ApiError(503, 'The node is stopping, so the call to the provider was ended. Try again once the node has started again.')

export const lastCheckOf = (ctx: NodeContext, outcome: CheckOutcome): LastCheck => ({
  ok: outcome.ok,
  message: outcome.ok ? outcome.message : outcome.failure.message,
  at: ctx.clock.next()
})

/** Provider failures as API errors: time-outs 504, a missing key 400 on api_key, the rest 502. */
export function apiErrorOf(err: unknown): never {
  if (err instanceof CallEndedByStop) throw stoppingError()
  if (err instanceof ProviderFailure) {
    if (err.kind === 'timeout') throw new ApiError(504, err.message)
    if (err.kind === 'no_key') throw badRequest(`api_key: ${err.message}`)
    throw new ApiError(502, err.message)
  }
  throw err
}

/** The answer of test_llm_provider and check_llm_provider. */
export function answerOf(outcome: CheckOutcome): { status: 'success'; message: string } {
  if (outcome.ok) return { status: 'success', message: outcome.message }
  return apiErrorOf(outcome.failure)
}

/** The key a stored provider's calls use ('' for none; a key that cannot be decrypted is no key). */
export function storedKeyOf(ctx: NodeContext, row: ProviderRow): string {
  if (!row.api_key) return ''
  try {
    return ctx.store.secrets.open(row.api_key)
  } catch {
    return ''
  }
}

/**
 * Keeps a test's result (begun at `begun`, ctx.checks.begin()): remembered for settings saved as
 * tested, and recorded as the last check of a stored provider whose settings and key are exactly the
 * ones tested; neither when a check begun later was kept first.
 */
export function keepTestResult(ctx: NodeContext, id: string, rawProvider: unknown, usedKey: string, check: LastCheck, begun: number): void {
  const settings = settingsOf(rawProvider)
  ctx.checks.remember(settings, usedKey, check, begun)
  const row = ctx.store.providers.get(id)
  if (!row || settingsOf(JSON.parse(row.provider_json)) !== settings || storedKeyOf(ctx, row) !== usedKey) return
  if (!ctx.checks.mayRecord(id, begun)) return
  if (ctx.store.providers.recordCheck(id, row, JSON.stringify(check))) ctx.bus.emit({ type: 'provider_changed', data: { id } })
}

/** The last_check a provider saved with these settings starts with: a recent test of exactly them, else none. */
export function checkForSaved(ctx: NodeContext, rawProvider: unknown, key: string): string | null {
  const check = ctx.checks.recall(settingsOf(rawProvider), key)
  return check ? JSON.stringify(check) : null
}
