/**
 * A provider's settings opened from a failed answer (its "Open the provider's settings"): the step of
 * the wizard holding what failed, the field to focus there, and a sentence saying what failed. The
 * wizard opened at its first step (Kind), and the operator had to find the field themselves.
 * `kind` and `status` are the answer's `job_message.error` (see the main process's ProviderFailureKind).
 */

/** The wizard's field to fix: the address (Connection), the key (Connection) or the model (Model). */
export type FieldToFix = 'url' | 'key' | 'model'

export interface FailureToFix {
  /** The wizard's step (index in STEPS): 1 Connection, 2 Model. */
  readonly step: 1 | 2
  readonly field: FieldToFix
  /** What failed and what to do, in a sentence or two. */
  readonly sentence: string
}

/** ` (401)` when the failure names its HTTP status. */
const statusSaid = (status: number | undefined) => (status !== undefined ? ` (${status})` : '')

const THEN = 'then choose Test & save.'

/** What to fix, by failure kind: the kinds a change to the provider's settings cures, each in one place. */
const FIXES: Readonly<Record<string, (status: number | undefined, model: string) => FailureToFix>> = {
  no_key: () => ({
    step: 1,
    field: 'key',
    sentence: `The last answer failed: this provider has no API key the node can use. Enter its key, ${THEN}`
  }),
  auth: (status) => ({
    step: 1,
    field: 'key',
    sentence: `The last answer failed: the provider refused the key${statusSaid(status)}. Enter a valid API key, ${THEN}`
  }),
  unreachable: () => ({
    step: 1,
    field: 'url',
    sentence: `The last answer failed: the node could not reach the provider at its address. Check the API base URL, ${THEN}`
  }),
  model_not_found: (status, model) => ({
    step: 2,
    field: 'model',
    sentence: `The last answer failed: the provider has no model “${model}”${statusSaid(status)}. Choose a model it offers, ${THEN}`
  }),
  bad_request: (status) => ({
    step: 2,
    field: 'model',
    sentence: `The last answer failed: the provider refused the request${statusSaid(status)}. Check the model name, ${THEN}`
  })
}

/** Whether a change to the provider's settings cures a failure of this `kind` (its settings are then offered). */
export const curedBySettings = (kind: string | undefined): boolean => kind !== undefined && Object.hasOwn(FIXES, kind)

/** What to fix for a failure `kind` (with its HTTP `status`); undefined for a failure the settings do not cure. */
export function failureToFix(kind: string | undefined, status: number | undefined, model: string): FailureToFix | undefined {
  return kind !== undefined && curedBySettings(kind) ? FIXES[kind]!(status, model) : undefined
}
