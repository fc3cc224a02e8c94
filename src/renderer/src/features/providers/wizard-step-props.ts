import type { LlmProvider } from '../../../../shared/contract/provider'
import { type FieldErrors, type ProviderDraft, type WizardMode } from './provider-draft'

/** What every step of the provider wizard gets from the form. */
export interface StepProps {
  readonly draft: ProviderDraft
  readonly change: (patch: Partial<ProviderDraft>) => void
  readonly errors: FieldErrors
  readonly mode: WizardMode
}

export const modelOfBody = (p: LlmProvider) => Object.values(p.model)[0]!.model_type

/** The provider test's progress, shown on the review step. */
export type TestState = { status: 'idle' | 'testing' | 'ok' | 'failed' | 'cancelled'; message?: string }
