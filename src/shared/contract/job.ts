import { z } from 'zod'
import { JobScopeSchema } from './scope'
import {
  CONFIG_REST_TOO_LARGE,
  CONTENT_TOO_LARGE,
  MAX_CONFIG_REST_BYTES,
  MAX_MESSAGE_CONTENT_BYTES,
  MAX_REFERENCE_CHARS,
  referenceTooLong,
  utf8Length
} from './limits'

/** Seed 2.5 JobConfig. */
export const JobConfigSchema = z.looseObject({
  custom_prompt: z.string(),
  other_model_params: z.unknown().nullable(),
  seed: z.number().int(),
  stream: z.boolean(),
  temperature: z.number(),
  top_k: z.number().int(),
  top_p: z.number()
})
export type JobConfig = z.infer<typeof JobConfigSchema>

export const DEFAULT_JOB_CONFIG: JobConfig = {
  custom_prompt: '',
  temperature: 0.7,
  seed: 0,
  top_k: 40,
  top_p: 0.9,
  stream: true,
  other_model_params: null
}

/** Seed 2.6 JobCreationInfo. */
export const JobCreationInfoSchema = z.strictObject({
  scope: JobScopeSchema,
  associated_ui: z
    .strictObject({ Sheet: z.string().max(MAX_REFERENCE_CHARS, { error: referenceTooLong('a sheet') }) })
    .nullable()
    .optional(),
  // null, as upstream clients send an absent Option, is the default (false).
  is_hidden: z.boolean().nullable().optional()
})

export const CreateJobRequestSchema = z.strictObject({
  job_creation_info: JobCreationInfoSchema,
  llm_provider: z.string().min(1)
})
export type CreateJobRequest = z.infer<typeof CreateJobRequestSchema>

export const CreateJobResponseSchema = z.strictObject({ job_id: z.string() })

export const ChangeJobProviderRequestSchema = z.strictObject({
  job_id: z.string().min(1),
  new_agent_id: z.string().min(1)
})

export const UpdateJobScopeRequestSchema = z.strictObject({
  job_id: z.string().min(1),
  job_scope: JobScopeSchema
})

export const UpdateJobConfigRequestSchema = z.strictObject({
  job_id: z.string().min(1),
  // The contract: `seed` and `other_model_params` may be absent, meaning their defaults.
  config: JobConfigSchema.extend({
    // null, as upstream clients send an absent Option, is the default too.
    seed: JobConfigSchema.shape.seed.nullish().transform((s) => s ?? DEFAULT_JOB_CONFIG.seed),
    other_model_params: JobConfigSchema.shape.other_model_params.default(DEFAULT_JOB_CONFIG.other_model_params)
  }).superRefine((c, ctx) => {
    // The config is stored with its job and sent with every read of its inbox (get_inbox, pages, events).
    // Status 413: the router answers Payload Too Large for these issues, as for a message's content.
    if (utf8Length(c.custom_prompt) > MAX_MESSAGE_CONTENT_BYTES)
      ctx.addIssue({ code: 'custom', path: ['custom_prompt'], message: CONTENT_TOO_LARGE, params: { status: 413 } })
    if (utf8Length(JSON.stringify({ ...c, custom_prompt: '' })) > MAX_CONFIG_REST_BYTES)
      ctx.addIssue({ code: 'custom', path: ['other_model_params'], message: CONFIG_REST_TOO_LARGE, params: { status: 413 } })
    if (c.temperature < 0 || c.temperature > 2) ctx.addIssue({ code: 'custom', path: ['temperature'], message: 'must be between 0 and 2' })
    if (c.top_p <= 0 || c.top_p > 1) ctx.addIssue({ code: 'custom', path: ['top_p'], message: 'must be in (0, 1]' })
    if (c.top_k < 1) ctx.addIssue({ code: 'custom', path: ['top_k'], message: 'must be at least 1' })
  })
})

export const JobScopeQuerySchema = z.object({
  job_id: z.string().min(1, { error: 'required' })
})
