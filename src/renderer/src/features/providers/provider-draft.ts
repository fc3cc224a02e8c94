import { formatPath } from '../../../../shared/contract/field-errors'
import { fullIdentityName, modelKind, PROVIDER_KINDS, type ProviderKind } from '../../../../shared/contract/identity'
import { LlmProviderSchema, type LlmProvider, type ProviderListEntry } from '../../../../shared/contract/provider'
import { MAX_PROVIDERS_PER_BATCH } from '../../../../shared/contract/provider-batch'
import { isOpenAiHost } from '../../../../shared/http-url'
import { keyRequired, PROVIDER_CATALOG, resolveBaseUrl } from '../../../../shared/provider-catalog'
import { cutSlug, providerIdFor, providersForModels, slug } from '../../../../shared/provider-servers'
import { placeholderParams, URL_SECRET_PLACEHOLDER } from '../../../../shared/url-secrets'
import { rememberedKindChoice } from './kind-choices'

/** A kind as the wizard offers it: the nine kinds, plus any OpenAI-compatible server. */
export type KindChoice = ProviderKind | 'compatible'
export const KIND_CHOICES: readonly KindChoice[] = [...PROVIDER_KINDS, 'compatible']

export const choiceLabel = (c: KindChoice) => (c === 'compatible' ? 'OpenAI-compatible server' : PROVIDER_CATALOG[c].label)
export const kindOf = (c: KindChoice): ProviderKind => (c === 'compatible' ? 'OpenAI' : c)

export type KeyAction = 'unchanged' | 'set' | 'remove'

export interface ProviderDraft {
  readonly step: number
  readonly choice: KindChoice | null
  readonly externalUrl: string
  /** Typed key; never persisted. */
  readonly apiKey: string
  /** Edit mode: what happens to the stored key. */
  readonly keyAction: KeyAction
  /** Edit mode: the API base the stored key is sent to; it goes nowhere else, so a new address needs the key typed again. */
  readonly keyBoundTo?: string
  /** Edit mode: the API base the address's hidden values (listed as the placeholder) are kept for; they go nowhere else. */
  readonly urlSecretsBoundTo?: string
  /** Edit mode: a key is stored but this machine cannot decrypt it (its secret key was lost or replaced). */
  readonly keyUnreadable?: true
  /** Edit mode: the provider's one model. */
  readonly model: string
  /** Add mode: the models chosen from the server; each becomes a provider of its own. */
  readonly models: readonly string[]
  readonly displayName: string
  readonly description: string
  readonly id: string
  /** The id was typed by hand: stop deriving it from the display name (or the model). */
  readonly idEdited: boolean
  readonly nodeName: string
  readonly profileName: string
  readonly subidentityName: string
  /** The identity was edited under Advanced: stop deriving it from the id. */
  readonly identityEdited: boolean
  readonly performLocally: boolean
  readonly allowedSenders: readonly string[]
  readonly storageBuckets: readonly string[]
  readonly toolkits: readonly string[]
}

/**
 * The key as it is sent. A key copied from a web page or a terminal often brings a space or a line end
 * with it; sent as typed it fails as a wrong key (or, blank, counted as set), and no key has white space.
 */
export const typedKey = (d: Pick<ProviderDraft, 'apiKey'>): string => d.apiKey.trim()

export const STEPS = ['Kind', 'Connection', 'Model', 'Identity', 'Review'] as const

export function emptyDraft(nodeName: string): ProviderDraft {
  return {
    step: 0,
    choice: null,
    externalUrl: '',
    apiKey: '',
    keyAction: 'set',
    model: '',
    models: [],
    displayName: '',
    description: '',
    id: '',
    idEdited: false,
    nodeName,
    profileName: 'main',
    subidentityName: '',
    identityEdited: false,
    performLocally: false,
    allowedSenders: [],
    storageBuckets: [],
    toolkits: []
  }
}

/** The draft of an existing provider, for editing it in the same form. */
export function draftOf(p: ProviderListEntry): ProviderDraft {
  const { kind, modelType } = modelKind(p.model)
  // As saved in the form (OpenAI at another address is not a compatible server), else by its address.
  const compatible = kind === 'OpenAI' && !!p.external_url && !isOpenAiHost(p.external_url)
  return {
    step: 0,
    choice: rememberedKindChoice(p.id, kind, p.external_url) ?? (compatible ? 'compatible' : kind),
    externalUrl: p.external_url ?? '',
    apiKey: '',
    // A stored key that cannot be decrypted any more is asked for again.
    keyAction: p.key_unreadable ? 'set' : 'unchanged',
    ...(p.key_unreadable ? { keyUnreadable: true as const } : {}),
    ...(p.has_api_key ? { keyBoundTo: resolveBaseUrl(kind, p.external_url) } : {}),
    ...(placeholderParams(p.external_url).length ? { urlSecretsBoundTo: resolveBaseUrl(kind, p.external_url) } : {}),
    model: modelType,
    models: [modelType],
    displayName: p.name ?? '',
    description: p.description ?? '',
    id: p.id,
    idEdited: true,
    nodeName: p.full_identity_name.node_name,
    profileName: p.full_identity_name.profile_name,
    subidentityName: p.full_identity_name.subidentity_name,
    identityEdited: true,
    performLocally: p.perform_locally,
    allowedSenders: p.allowed_message_senders,
    storageBuckets: p.storage_bucket_permissions,
    toolkits: p.toolkit_permissions
  }
}

/** `My GPT 4o!` -> `my-gpt-4o`: a valid provider id (A-Za-z0-9_-, 1-64), cut after a whole word. */
export const slugify = (name: string): string => cutSlug(slug(name))

/**
 * The id proposed for a provider not yet named by hand: from its display name, else from its one
 * model (`llama3.2:8b` -> `llama3-2-8b`), by the node's id rules (1–64 of A-Za-z0-9_-). Several
 * models get an id each at review (toProviders); '' when nothing gives one.
 */
export function proposedId(d: Pick<ProviderDraft, 'displayName' | 'models'>): string {
  const models = chosenModels(d)
  return slugify(d.displayName) || (models.length === 1 ? slugify(models[0]!) : '')
}

/**
 * The id to propose instead of the draft's when that one was derived (not typed) and a provider has
 * it already: the same with `-2`, `-3`... (a second provider for a server's only model proposed the
 * first one's id, and Next then refused an id the operator never typed). Undefined when it is fine.
 */
export function freeDerivedId(d: Pick<ProviderDraft, 'id' | 'idEdited' | 'models'>, takenIds: readonly string[]): string | undefined {
  if (d.idEdited || !d.id || chosenModels(d).length > 1 || !takenIds.includes(d.id)) return undefined
  return providerIdFor(d.id, '', new Set(takenIds))
}

/** Applies a change, keeping the derived fields (id, identity, default URL) in step. */
export function updateDraft(d: ProviderDraft, patch: Partial<ProviderDraft>): ProviderDraft {
  let next = { ...d, ...patch }
  // An id cleared by hand is derived again (from the display name or the model) from the next change on.
  if (patch.id !== undefined && patch.id.trim() === '') next = { ...next, idEdited: false }
  if (patch.choice !== undefined && patch.choice !== d.choice) {
    const defaultUrl = patch.choice && patch.choice !== 'compatible' ? PROVIDER_CATALOG[patch.choice].defaultUrl : ''
    const wasDefault = !d.externalUrl || (d.choice && d.choice !== 'compatible' && d.externalUrl === PROVIDER_CATALOG[d.choice].defaultUrl)
    if (wasDefault) next = { ...next, externalUrl: defaultUrl }
    if (!patch.model) next = { ...next, model: '' }
    if (!patch.models) next = { ...next, models: [] }
  }
  // A display name left empty proposes an id from the model, rather than leaving the id empty.
  if ((patch.displayName !== undefined || patch.models !== undefined) && !next.idEdited) next = { ...next, id: proposedId(next) }
  if (!next.identityEdited) next = { ...next, subidentityName: next.id }
  return next
}

export const fullName = (d: Pick<ProviderDraft, 'nodeName' | 'profileName' | 'subidentityName'>) =>
  fullIdentityName(d.nodeName, d.profileName, d.subidentityName).full_name

export type WizardMode = { readonly kind: 'add'; readonly firstRun?: boolean } | { readonly kind: 'edit'; readonly providerId: string }

/** Exactly the body add_llm_provider / modify_llm_provider receive. */
export function toProvider(d: ProviderDraft, mode: WizardMode['kind']): LlmProvider {
  const kind = kindOf(d.choice ?? 'OpenAI')
  const body: LlmProvider = {
    allowed_message_senders: [...d.allowedSenders],
    full_identity_name: {
      full_name: fullName(d),
      node_name: d.nodeName,
      profile_name: d.profileName,
      subidentity_name: d.subidentityName,
      subidentity_type: 'Agent'
    },
    id: d.id,
    model: { [kind]: { model_type: d.model.trim() } },
    perform_locally: d.performLocally,
    storage_bucket_permissions: [...d.storageBuckets],
    toolkit_permissions: [...d.toolkits]
  }
  if (d.externalUrl.trim()) body.external_url = d.externalUrl.trim()
  if (d.displayName.trim()) body.name = d.displayName.trim()
  if (d.description.trim()) body.description = d.description.trim()
  if (mode === 'add') {
    if (typedKey(d)) body.api_key = typedKey(d)
  } else if (d.keyAction === 'set') body.api_key = typedKey(d)
  else if (d.keyAction === 'remove') body.api_key = null
  return body
}

/**
 * Editing: the draft would save something other than the stored provider (a step moved to, or a
 * field typed and put back as it was, is no change).
 */
export const editChanged = (draft: ProviderDraft, stored: ProviderDraft): boolean =>
  JSON.stringify(toProvider(draft, 'edit')) !== JSON.stringify(toProvider(stored, 'edit'))

/** The models chosen in add mode, trimmed, each once. */
export const chosenModels = (d: Pick<ProviderDraft, 'models'>) => [...new Set(d.models.map((m) => m.trim()).filter(Boolean))]

/**
 * Exactly the providers add_llm_providers receives: one model keeps the id of the identity step;
 * several get one provider each, ids from the display name and the model (avoiding `takenIds`),
 * sharing the URL, the key and the identity step's settings.
 */
export function toProviders(d: ProviderDraft, takenIds: readonly string[] = []): LlmProvider[] {
  const models = chosenModels(d)
  if (models.length <= 1) return [toProvider({ ...d, model: models[0] ?? '' }, 'add')]
  const kind = kindOf(d.choice ?? 'OpenAI')
  return providersForModels({
    kind,
    externalUrl: d.externalUrl.trim() || null,
    apiKey: typedKey(d) || null,
    name: d.displayName,
    description: d.description.trim(),
    models,
    nodeName: d.nodeName,
    profileName: d.profileName,
    taken: new Set(takenIds)
  }).map((p) => ({
    ...p,
    perform_locally: d.performLocally,
    allowed_message_senders: [...d.allowedSenders],
    storage_bucket_permissions: [...d.storageBuckets],
    toolkit_permissions: [...d.toolkits]
  }))
}

/** The step a body field is edited on. */
export function stepOfField(path: string): number {
  if (path.startsWith('external_url') || path.startsWith('api_key')) return 1
  if (path.startsWith('model')) return 2
  return 3
}

export type FieldErrors = Readonly<Record<string, string>>

/** The fields the form shows a node's refusal on, by the key it keeps their errors under. */
const FORM_FIELDS = new Set(['external_url', 'api_key', 'model', 'id', 'name', 'description', 'full_identity_name'])

/**
 * A node's refusal naming fields (`providers[2].id`: add_llm_providers names the provider, the field is
 * the same for each of the form's), as errors on the form's fields and the first step showing one.
 * Undefined when it names no field the form shows (the list itself, a permission): it is then told in a
 * notice. The wizard went to the Identity step, which showed nothing, and nothing said why.
 */
export function formErrorsOf(
  paths: readonly string[],
  messageOf: (path: string) => string
): { errors: FieldErrors; step: number } | undefined {
  const errors: Record<string, string> = {}
  let step = Infinity
  for (const path of paths) {
    const f = path.replace(/^providers\[\d+\]\./, '')
    const key = f.startsWith('model') ? 'model' : f.startsWith('full_identity_name') ? 'full_identity_name' : f
    if (!FORM_FIELDS.has(key)) continue
    errors[key] = messageOf(path)
    step = Math.min(step, stepOfField(f))
  }
  return step === Infinity ? undefined : { errors, step }
}

/** The address the stored key belongs to, when the draft now points elsewhere (the node would refuse to send it there). */
export function keyMovedFrom(d: ProviderDraft): string | undefined {
  if (!d.keyBoundTo || !d.choice) return undefined
  try {
    return resolveBaseUrl(kindOf(d.choice), d.externalUrl.trim() || null) === d.keyBoundTo ? undefined : d.keyBoundTo
  } catch {
    return undefined // not a URL yet: the URL field says so
  }
}

/**
 * What is wrong with the placeholders of hidden values in the draft's address, if anything: the node
 * puts a provider's stored values in their place only for that provider's own address, and a new
 * provider has none.
 */
export function urlPlaceholderProblem(d: ProviderDraft, mode: WizardMode['kind']): string | undefined {
  const url = d.externalUrl.trim()
  const hidden = placeholderParams(url)
  if (!hidden.length || !d.choice) return undefined
  const names = hidden.map((n) => `'${n}'`).join(', ')
  const typeIt = `Type the value of ${names} in place of ${URL_SECRET_PLACEHOLDER}`
  if (mode === 'add' || !d.urlSecretsBoundTo) return typeIt
  try {
    if (resolveBaseUrl(kindOf(d.choice), url) === d.urlSecretsBoundTo) return undefined
  } catch {
    return undefined // not a URL yet: the URL field says so
  }
  return `The hidden value of ${names} is only sent to ${d.urlSecretsBoundTo}. ${typeIt} for the new address`
}

/**
 * Whether the draft's address needs a key at all. An OpenAI-compatible server needs one only at
 * OpenAI's own address; until its URL is typed, only the URL is missing (not a key the field calls optional).
 */
export function keyNeededAt(d: ProviderDraft): boolean {
  if (!d.choice) return false
  const url = d.externalUrl.trim()
  if (d.choice === 'compatible' && !url) return false
  try {
    return keyRequired(kindOf(d.choice), url || null)
  } catch {
    return kindOf(d.choice) !== 'OpenAI' && PROVIDER_CATALOG[kindOf(d.choice)].needsKey // not a URL yet (being typed): the URL field says so
  }
}

/** Whether the key field must hold a key: adding a hosted kind, or editing one that has none. */
export function keyNeeded(d: ProviderDraft, mode: WizardMode['kind'], hasStoredKey: boolean): boolean {
  if (!d.choice) return false
  if (!keyNeededAt(d)) return false
  if (mode === 'add') return true
  return d.keyAction === 'remove' || (d.keyAction === 'unchanged' && !hasStoredKey) || d.keyAction === 'set'
}

/**
 * The errors of the steps up to `upTo`, keyed by body field path: the contract's own schema
 * decides, plus the wizard's rules (a kind chosen, a key where the kind needs one).
 */
export function validate(
  d: ProviderDraft,
  mode: WizardMode['kind'],
  upTo: number,
  hasStoredKey = false,
  takenIds: readonly string[] = []
): FieldErrors {
  const errors: Record<string, string> = {}
  if (!d.choice) errors.kind = 'Choose a kind of provider'
  if (d.choice === 'compatible' && !d.externalUrl.trim()) errors.external_url = 'The server URL is required, e.g. http://127.0.0.1:8080/v1'
  const placeholderProblem = urlPlaceholderProblem(d, mode)
  if (placeholderProblem) errors.external_url = placeholderProblem
  if (keyNeeded(d, mode, hasStoredKey) && !typedKey(d) && d.keyAction !== 'unchanged') {
    errors.api_key = `${choiceLabel(d.choice!)} needs an API key`
  }
  if (mode === 'edit' && d.keyAction === 'unchanged' && keyNeeded(d, mode, hasStoredKey)) {
    errors.api_key = `${choiceLabel(d.choice!)} needs an API key and this provider has none`
  }
  const movedFrom = mode === 'edit' && d.keyAction === 'unchanged' && hasStoredKey ? keyMovedFrom(d) : undefined
  if (movedFrom) errors.api_key = `The stored key is only sent to ${movedFrom}. Enter the API key for the new address, or press Remove key`
  if (mode === 'edit' && !d.model.trim()) errors['model'] = 'Choose or type a model'
  if (mode === 'add' && chosenModels(d).length === 0) errors['model'] = 'Choose at least one model, or type its name'
  // The node adds at most 100 at once: more were each tested, then refused whole, and the wizard went back
  // to the Identity step without a word (the node's error named no field of the form).
  const tooMany = mode === 'add' ? chosenModels(d).length - MAX_PROVIDERS_PER_BATCH : 0
  if (tooMany > 0)
    errors['model'] =
      `Choose at most ${MAX_PROVIDERS_PER_BATCH} models at once: ${chosenModels(d).length} are ticked. Untick ${tooMany === 1 ? '1 model' : `${tooMany} models`}, and add the others once these are saved.`
  const bodies = mode === 'add' ? toProviders(d, takenIds) : [toProvider(d, mode)]
  for (const body of bodies) {
    const parsed = LlmProviderSchema.safeParse(body)
    if (parsed.success) continue
    for (const issue of parsed.error.issues) {
      const path = formatPath(issue.path)
      const key = path.startsWith('model') ? 'model' : path.startsWith('full_identity_name') ? 'full_identity_name' : path
      if (!errors[key]) errors[key] = issue.message.startsWith('Invalid') ? 'Invalid value' : issue.message
    }
  }
  const out: Record<string, string> = {}
  for (const [field, message] of Object.entries(errors)) {
    if (stepOf(field) <= upTo) out[field] = message
  }
  return out
}

const stepOf = (field: string) => (field === 'kind' ? 0 : stepOfField(field))

/** The first step with something missing or wrong (the step itself when none before it lacks anything). */
export function firstStepWithErrors(errors: FieldErrors, fallback: number): number {
  return Math.min(fallback, ...Object.keys(errors).map(stepOf))
}

export const KEY_RETYPE_NOTICE =
  'The API key is never kept when the window reloads or closes, so type it again to continue where you left off.'

export const URL_SECRET_RETYPE_NOTICE = `A key written into the address is never kept either: type it again in place of ${URL_SECRET_PLACEHOLDER}.`

/**
 * A draft read back after a reload: it goes back to the first step that lacks something, and to
 * the key's step when a key had been typed (keys are never stored), with a sentence saying so.
 */
export function resumeDraft(
  saved: ProviderDraft,
  keyWasTyped: boolean,
  nodeName = saved.nodeName
): { draft: ProviderDraft; notice: string | null } {
  const draft: ProviderDraft = { ...emptyDraft(nodeName), ...saved, apiKey: '' }
  let step = firstStepWithErrors(validate(draft, 'add', draft.step - 1), draft.step)
  // The address was saved with its keys hidden (see draft-store): they are typed again on the key's step too.
  const urlSecretsMissing = placeholderParams(draft.externalUrl).length > 0
  if ((keyWasTyped || urlSecretsMissing) && step > 1) step = 1
  const keyMissing = step === 1 && (keyWasTyped || 'api_key' in validate(draft, 'add', 1))
  const notices = [keyMissing && KEY_RETYPE_NOTICE, urlSecretsMissing && URL_SECRET_RETYPE_NOTICE].filter(Boolean)
  return { draft: { ...draft, step }, notice: notices.length ? notices.join(' ') : null }
}
