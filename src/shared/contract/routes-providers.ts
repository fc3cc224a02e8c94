import { z } from 'zod'
import { routePaths } from './route-paths'
import { PROVIDER_BATCH_BODY_LIMIT, SMALL_BODY_LIMIT } from './limits'
import { AddProvidersRequestSchema, CheckProviderRequestSchema } from './provider-batch'
import { TestProviderResponseSchema } from './runtime'
import { ProviderUsageQuerySchema, ProviderUsageResponseSchema } from './provider-usage'

/** Providers: many models per server, and checks (api-contract.md). */
export const providerBatchRoutes = {
  add_llm_providers: {
    ...routePaths.add_llm_providers,
    auth: true,
    body: AddProvidersRequestSchema,
    bodyLimit: PROVIDER_BATCH_BODY_LIMIT,
    description: 'Registers 1-100 providers at once, all or nothing (409 naming the first id that exists).',
    response: z.literal('Successfully added LLM providers')
  },
  check_llm_provider: {
    ...routePaths.check_llm_provider,
    auth: true,
    body: CheckProviderRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Tests a stored provider exactly as stored and keeps the result as its last_check; 502 refused, 504 time-out.',
    response: TestProviderResponseSchema
  },
  provider_usage: {
    ...routePaths.provider_usage,
    auth: true,
    query: ProviderUsageQuerySchema,
    description: 'Beyond the contract: how many jobs use a provider (remove_llm_provider refuses while any do), naming the newest few.',
    response: ProviderUsageResponseSchema
  }
} as const
