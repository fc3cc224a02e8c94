import { z } from 'zod'
import { stringArray } from './string-array'
import { httpUrlProblem, NOT_HTTP_URL } from '../http-url'
import { FullIdentityNameSchema, ModelSchema } from './identity'
import { codePointsAtMost } from './code-points'
import { API_KEY_RULE, isSendableApiKey } from '../api-key-rule'

export const PROVIDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** A provider URL: the one rule of src/shared/http-url.ts, its sentence as the field's error. */
export const httpUrl = z.string({ error: NOT_HTTP_URL }).check((ctx) => {
  const problem = httpUrlProblem(ctx.value)
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value })
})

/** The same sentence for every problem with a field (wrong type, missing, out of range). */
const says = (sentence: string) => ({ error: () => sentence })

const ID_RULE = 'Enter an id: letters, digits, _ and -, up to 64 characters.'
const NAME_RULE = 'Enter a display name of 1 to 100 characters.'
const DESCRIPTION_RULE = 'Keep the description to 1000 characters or fewer.'

/** 1-100 characters, as the contract counts them: a name of spaces is kept (the window shows the id for it). */
const DisplayName = z.string(says(NAME_RULE)).refine((s) => s.length >= 1 && codePointsAtMost(s, 100), says(NAME_RULE))
const Description = z.string(says(DESCRIPTION_RULE)).refine((s) => codePointsAtMost(s, 1000), says(DESCRIPTION_RULE))

/** A key as text that a request header can carry (src/shared/api-key-rule.ts). */
export const apiKey = z.string(says('Enter the API key as text, or leave it out.')).refine(isSendableApiKey, { error: API_KEY_RULE })

/** Seed 2.3: request body of add_llm_provider and modify_llm_provider. */
export const LlmProviderSchema = z.strictObject({
  allowed_message_senders: stringArray(),
  full_identity_name: FullIdentityNameSchema,
  id: z.string(says(ID_RULE)).regex(PROVIDER_ID_PATTERN, says(ID_RULE)),
  model: ModelSchema,
  perform_locally: z.boolean(),
  storage_bucket_permissions: stringArray(),
  toolkit_permissions: stringArray(),
  api_key: apiKey.nullable().optional(),
  external_url: httpUrl.nullable().optional(),
  /** The display name (the upstream node's providers carry one too). */
  name: DisplayName.nullable().optional(),
  description: Description.nullable().optional()
})
export type LlmProvider = z.infer<typeof LlmProviderSchema>

/** The result of a provider's last check (check_llm_provider, or a test of exactly its settings). */
export const LastCheckSchema = z.strictObject({
  ok: z.boolean(),
  message: z.string(),
  /** `YYYY-MM-DDTHH:MM:SS.mmmZ` */
  at: z.string()
})
export type LastCheck = z.infer<typeof LastCheckSchema>

/** An element of available_llm_providers: the provider as stored, never its key. */
export const ProviderListEntrySchema = LlmProviderSchema.omit({ api_key: true }).extend({
  // A null sent for either is not stored: listed, they are text or absent.
  name: DisplayName.optional(),
  description: Description.optional(),
  has_api_key: z.boolean(),
  /** Present (true) when a key is stored but cannot be decrypted on this machine; has_api_key is then false. */
  key_unreadable: z.literal(true).optional(),
  /** null: never checked. */
  last_check: LastCheckSchema.nullable()
})
export type ProviderListEntry = z.infer<typeof ProviderListEntrySchema>

export const RemoveProviderRequestSchema = z.strictObject({
  llm_provider_id: z.string().min(1)
})
