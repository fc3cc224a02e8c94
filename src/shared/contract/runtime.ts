import { z } from 'zod'
import { ProviderKindSchema } from './identity'
import { apiKey, httpUrl } from './provider'

export const TestProviderResponseSchema = z.strictObject({
  status: z.literal('success'),
  message: z.string()
})

export const StopLlmRequestSchema = z.strictObject({ inbox_name: z.string().min(1) })

const oneSource = (v: { llm_provider_id?: string; kind?: string }, ctx: z.RefinementCtx) => {
  if (!v.llm_provider_id && !v.kind) {
    ctx.addIssue({ code: 'custom', path: ['kind'], message: 'required unless llm_provider_id names a stored provider' })
  }
}

/** GET: a stored provider (its key is used) or a kind and URL (servers that need no key). */
export const ProviderModelsQuerySchema = z
  .object({
    llm_provider_id: z.string().min(1).optional(),
    kind: ProviderKindSchema.optional(),
    external_url: httpUrl.optional()
  })
  .superRefine(oneSource)

/** POST: as GET, plus a key typed into the form but not saved yet. */
export const ProviderModelsRequestSchema = z
  .strictObject({
    llm_provider_id: z.string().min(1).optional(),
    kind: ProviderKindSchema.optional(),
    external_url: httpUrl.nullable().optional(),
    api_key: apiKey.nullable().optional()
  })
  .superRefine(oneSource)

export const ProviderModelsResponseSchema = z.strictObject({
  models: z.array(z.strictObject({ id: z.string(), name: z.string() }))
})
export type ProviderModels = z.infer<typeof ProviderModelsResponseSchema>
