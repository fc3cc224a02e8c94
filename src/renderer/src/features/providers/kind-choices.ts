import type { ProviderKind } from '../../../../shared/contract/identity'

/**
 * The kind each provider was saved as in the form. The node stores an OpenAI-compatible server as
 * kind OpenAI with its URL, so "OpenAI at another address" (a proxy, a regional endpoint) and
 * "OpenAI-compatible server" read back the same: the form remembers which one the operator chose,
 * so the provider reopens as it was saved. Without a remembered choice the address decides.
 */
const STORAGE_KEY = 'nodedesk.providerKindChoices'

/** OpenAI's two forms in the form's kind choice (see provider-draft's KindChoice). */
type OpenAiChoice = 'OpenAI' | 'compatible'
type Choices = Record<string, OpenAiChoice>

function read(): Choices {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')
    return parsed && typeof parsed === 'object' ? (parsed as Choices) : {}
  } catch {
    return {} // storage blocked or the entry damaged: the address decides
  }
}

function write(choices: Choices): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(choices))
  } catch {
    // Storage blocked or full: the provider reopens by its address, as before.
  }
}

/** Remembers the choice the providers `ids` were saved with; only OpenAI's two forms need remembering. */
export function rememberKindChoice(ids: readonly string[], choice: string): void {
  const choices = read()
  for (const id of ids) {
    if (choice === 'OpenAI' || choice === 'compatible') choices[id] = choice
    else delete choices[id]
  }
  write(choices)
}

export function forgetKindChoice(id: string): void {
  const choices = read()
  if (!(id in choices)) return
  delete choices[id]
  write(choices)
}

/** The choice remembered for a provider, when it still fits what is stored (kind OpenAI; a URL for the compatible form). */
export function rememberedKindChoice(id: string, kind: ProviderKind, externalUrl: string | null | undefined): OpenAiChoice | undefined {
  const choice = read()[id]
  if (choice !== 'OpenAI' && choice !== 'compatible') return undefined
  if (kind !== 'OpenAI' || (choice === 'compatible' && !externalUrl)) return undefined
  return choice
}
