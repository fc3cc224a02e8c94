import { z } from 'zod'
import { FullIdentityNameSchema, ModelSchema } from './identity'

export const PROVIDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

const httpUrl = z.string().refine(
  (s) => {
    try {
      const u = new URL(s)
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
    } catch {
      return false
    }
  },
  { error: 'expected an absolute http or https URL' }
)

const stringArray = z.array(z.string(), { error: 'expected array of strings' })

/** Seed 2.3: request body of add_llm_provider and modify_llm_provider. */
export const LlmProviderSchema = z.strictObject({
  allowed_message_senders: stringArray,
  full_identity_name: FullIdentityNameSchema,
  id: z.string().regex(PROVIDER_ID_PATTERN, { error: 'expected 1-64 characters of A-Z, a-z, 0-9, _ and -' }),
  model: ModelSchema,
  perform_locally: z.boolean(),
  storage_bucket_permissions: stringArray,
  toolkit_permissions: stringArray,
  api_key: z.string().nullable().optional(),
  external_url: httpUrl.nullable().optional()
})
export type LlmProvider = z.infer<typeof LlmProviderSchema>

/** An element of available_llm_providers: the provider as stored, never its key. */
export const ProviderListEntrySchema = LlmProviderSchema.omit({ api_key: true }).extend({
  has_api_key: z.boolean()
})
export type ProviderListEntry = z.infer<typeof ProviderListEntrySchema>

export const RemoveProviderRequestSchema = z.strictObject({
  llm_provider_id: z.string().min(1)
})
