import { z } from 'zod'
import { FullIdentityNameSchema, ModelSchema } from './identity'

export const PROVIDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

const parsedUrl = (s: string): URL | undefined => {
  try {
    return new URL(s)
  } catch {
    return undefined
  }
}

/**
 * An absolute http(s) URL without user info: `http://127.0.0.1:P@other-host/` reads like a local
 * address but calls other-host, and credentials in a URL end up in logs.
 */
export const httpUrl = z
  .string()
  .refine(
    (s) => {
      const u = parsedUrl(s)
      return u !== undefined && (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
    },
    { error: 'expected an absolute http or https URL', abort: true }
  )
  .refine(
    (s) => {
      const u = parsedUrl(s)!
      return u.username === '' && u.password === ''
    },
    { error: 'a URL with a user name or password (user@host) is not accepted; give the API key in api_key' }
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
