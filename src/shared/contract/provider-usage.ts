import { z } from 'zod'

/** How many of the jobs using a provider provider_usage names (the newest). */
export const PROVIDER_USAGE_NAMED = 5

export const ProviderUsageQuerySchema = z.object({
  llm_provider_id: z.string({ error: 'Name the provider by its id.' }).min(1, { error: 'Name the provider by its id.' })
})

/**
 * Beyond the contract: what remove_llm_provider would answer, asked before the operator confirms.
 * `jobs` counts every job that uses the provider (hidden ones too: they block a removal as well);
 * `recent` names a few of them, newest first, so the operator knows where to look.
 */
export const ProviderUsageResponseSchema = z.strictObject({
  jobs: z.number().int(),
  recent: z.array(z.strictObject({ inbox_id: z.string(), custom_name: z.string(), is_hidden: z.boolean() }))
})
export type ProviderUsage = z.infer<typeof ProviderUsageResponseSchema>
