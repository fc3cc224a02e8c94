import { z } from 'zod'
import { isModelNameWithin, modelNameTooLongText } from './model-name-rules'

/** The provider kinds the node can speak to (api-contract.md, Model). */
export const PROVIDER_KINDS = ['OpenAI', 'Ollama', 'Claude', 'Gemini', 'Groq', 'OpenRouter', 'DeepSeek', 'Grok', 'TogetherAI'] as const
export const ProviderKindSchema = z.enum(PROVIDER_KINDS)
export type ProviderKind = z.infer<typeof ProviderKindSchema>

/**
 * The most characters one part of an identity may take. The identity is copied into every inbox of
 * the provider, every answer (its sender) and every event about them: a 16 MB name made each answer
 * 8 MB and a page of 20 inboxes 320 MB. Real names are far shorter (a node's name is at most 202).
 */
export const IDENTITY_PART_MAX = 255
const identityPart = (missing: string) =>
  z
    .string()
    .min(1, { error: missing })
    .max(IDENTITY_PART_MAX, { error: `must be at most ${IDENTITY_PART_MAX} characters` })

const identityFields = {
  full_name: z.string(),
  node_name: identityPart("Enter the node's name."),
  profile_name: identityPart('Enter the profile name.'),
  subidentity_name: identityPart("Enter the agent's name (the provider id)."),
  subidentity_type: z.literal('Agent', { error: 'expected "Agent"' })
}

function fullNameRule(v: { full_name: string; node_name: string; profile_name: string; subidentity_name: string }, ctx: z.RefinementCtx) {
  const expected = `${v.node_name}/${v.profile_name}/agent/${v.subidentity_name}`
  if (v.full_name !== expected) {
    ctx.addIssue({
      code: 'custom',
      path: ['full_name'],
      message: `must equal "${expected}" (<node_name>/<profile_name>/agent/<subidentity_name>)`
    })
  }
}

/** Seed 2.1. `full_name` is `<node_name>/<profile_name>/agent/<subidentity_name>`. */
export const FullIdentityNameSchema = z.strictObject(identityFields).superRefine(fullNameRule)
/** The same rules inside a job scope entry (a network folder's identity), whose extra keys are kept as given. */
export const ScopeIdentityNameSchema = z.looseObject(identityFields).superRefine(fullNameRule)
export type FullIdentityName = z.infer<typeof FullIdentityNameSchema>

export function fullIdentityName(nodeName: string, profileName: string, subidentity: string): FullIdentityName {
  return {
    full_name: `${nodeName}/${profileName}/agent/${subidentity}`,
    node_name: nodeName,
    profile_name: profileName,
    subidentity_name: subidentity,
    subidentity_type: 'Agent'
  }
}

const MODEL_NAME_RULE = 'Enter a model name, e.g. gpt-4o-mini or llama3.2.'
const ModelInnerSchema = z.strictObject({
  // Spaces alone name no model: every call would fail with the server's "model not found".
  model_type: z
    .string({ error: MODEL_NAME_RULE })
    .refine((s) => s.trim() !== '', { error: MODEL_NAME_RULE })
    .refine(isModelNameWithin, { error: (issue) => modelNameTooLongText(issue.input as string) })
})

/** Seed 2.2: exactly one key, the provider kind, whose value is `{model_type}`. */
export const ModelSchema = z
  .record(z.string(), z.unknown(), { error: 'expected object' })
  .superRefine((v, ctx) => {
    const keys = Object.keys(v)
    if (keys.length !== 1) {
      ctx.addIssue({ code: 'custom', message: 'expected exactly one provider kind key' })
    } else if (!(PROVIDER_KINDS as readonly string[]).includes(keys[0]!)) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown provider kind '${keys[0]}'; expected one of ${PROVIDER_KINDS.join(', ')}`
      })
    }
  })
  .pipe(z.partialRecord(ProviderKindSchema, ModelInnerSchema))
export type Model = z.infer<typeof ModelSchema>

export { modelKind } from './model-kind'

/** A node's name as nodes give theirs: @@, then letters, digits, dots, dashes or underscores (@@me.sep-shinkai). The rule says the length too: a name only too long read as if its letters were wrong. */
export const NODE_NAME_PATTERN = /^@@[A-Za-z0-9._-]{1,200}$/
export const NODE_NAME_RULE =
  'Enter a name that starts with @@, then 1 to 200 letters, digits, dots, dashes or underscores (no spaces), as @@me.sep-shinkai.'

/** POST /v2/change_node_name (the name the upstream node's route takes it by). */
export const ChangeNodeNameRequestSchema = z.strictObject({
  new_name: z.string({ error: NODE_NAME_RULE }).regex(NODE_NAME_PATTERN, { error: NODE_NAME_RULE })
})

/** The node's name when none is configured (`--node-name`), and the wizard's default for the provider's identity. */
export const DEFAULT_NODE_NAME = '@@localhost.sep-shinkai'
