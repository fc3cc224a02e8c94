import { z } from 'zod'
import { LlmProviderSchema } from './provider'

/** The most providers add_llm_providers takes at once (the wizard's models of one server). */
export const MAX_PROVIDERS_PER_BATCH = 100
const BATCH_RULE = `Send 1 to ${MAX_PROVIDERS_PER_BATCH} providers in a list.`

/** add_llm_providers: many providers at once (e.g. one per model of one server), all or nothing. */
export const AddProvidersRequestSchema = z
  .strictObject({
    providers: z
      .array(LlmProviderSchema, { error: BATCH_RULE })
      .min(1, { error: BATCH_RULE })
      .max(MAX_PROVIDERS_PER_BATCH, { error: BATCH_RULE })
  })
  .superRefine((v, ctx) => {
    const first = new Map<string, number>()
    v.providers.forEach((p, i) => {
      const at = first.get(p.id)
      if (at === undefined) first.set(p.id, i)
      else {
        ctx.addIssue({
          code: 'custom',
          path: ['providers', i, 'id'],
          message: `The id '${p.id}' is also given to providers[${at}]. Give each provider its own id.`
        })
      }
    })
  })
export type AddProvidersRequest = z.infer<typeof AddProvidersRequestSchema>

export const CheckProviderRequestSchema = z.strictObject({
  llm_provider_id: z.string({ error: 'Name the provider to check by its id.' }).min(1, { error: 'Name the provider to check by its id.' })
})
