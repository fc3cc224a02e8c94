import { z } from 'zod'
import { routePaths } from './route-paths'
import { HealthSchema } from './health'
import { ChangeNodeNameRequestSchema } from './identity'
import {
  CONTENT_TOO_LARGE,
  JOB_CONFIG_BODY_TOO_LARGE,
  JOB_MESSAGE_BODY_TOO_LARGE,
  MAX_JOB_CONFIG_BODY_BYTES,
  MAX_JOB_MESSAGE_BODY_BYTES,
  MAX_MESSAGE_CONTENT_JSON_BYTES,
  SMALL_BODY_LIMIT
} from './limits'
import { AllInboxesQuerySchema, InboxSchema, UpdateInboxNameRequestSchema } from './inbox'
import {
  ChangeJobProviderRequestSchema,
  CreateJobRequestSchema,
  CreateJobResponseSchema,
  JobScopeQuerySchema,
  UpdateJobConfigRequestSchema,
  UpdateJobScopeRequestSchema
} from './job'
import { JobMessageRequestSchema, JobMessageResponseSchema, LastMessageSchema, LastMessagesRequestSchema } from './message'
import { LlmProviderSchema, ProviderListEntrySchema, RemoveProviderRequestSchema } from './provider'
import { JobScopeSchema } from './scope'
import { NodeEventSchema } from './events'
import { vectorFsRoutes } from './routes-vector-fs'
import { vectorFsBrowseRoutes } from './routes-vector-fs-browse'
import { inboxRoutes } from './routes-inboxes'
import { providerBatchRoutes } from './routes-providers'
import {
  ProviderModelsQuerySchema,
  ProviderModelsRequestSchema,
  ProviderModelsResponseSchema,
  StopLlmRequestSchema,
  TestProviderResponseSchema
} from './runtime'

export type HttpMethod = 'GET' | 'POST'

export interface RouteDef {
  readonly method: HttpMethod
  readonly path: `/v2/${string}`
  /** One line: what the route does. */
  readonly description: string
  /** false only for health_check: no bearer token needed over HTTP. */
  readonly auth: boolean
  readonly query?: z.ZodType
  readonly body?: z.ZodType
  readonly response: z.ZodType
  /** The answer is a stream of events, not one body. */
  readonly stream?: true
  /** The answer is a file's bytes with its own content type (not JSON). */
  readonly file?: true
  /** Over HTTP the body arrives as multipart/form-data, its file streamed to disk. */
  readonly upload?: true
  /** A tighter cap on the body's bytes than the 64 MiB of every route, and the 413 message naming it. */
  readonly bodyLimit?: RouteBodyLimit
}

export interface RouteBodyLimit {
  readonly bytes: number
  /** Said of the body as a whole, when no field can be blamed. */
  readonly message: string
  /** Top-level fields with a limit of their own on the wire (as JSON), and the message naming it. */
  readonly fields?: { readonly [field: string]: { readonly bytes: number; readonly message: string } }
}

const NoQuery = z.object({})
const message = <T extends string>(text: T) => z.literal(text)

/** The one route table: transports, router, handlers and the renderer client all derive from it. */
export const routes = {
  health_check: {
    ...routePaths.health_check,
    auth: false,
    query: NoQuery,
    description: 'Liveness, node name and app version; the only route that needs no token.',
    response: HealthSchema
  },
  change_node_name: {
    ...routePaths.change_node_name,
    auth: true,
    body: ChangeNodeNameRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description:
      "Renames the node (the app's settings): health_check and the messages written next carry the new name; kept for the next starts.",
    response: message('Successfully changed node name')
  },
  add_llm_provider: {
    ...routePaths.add_llm_provider,
    auth: true,
    body: LlmProviderSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Registers a new LLM provider (409 when its id exists).',
    response: message('Successfully added LLM provider')
  },
  modify_llm_provider: {
    ...routePaths.modify_llm_provider,
    auth: true,
    body: LlmProviderSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Replaces an LLM provider; api_key absent keeps, null clears, a string replaces the key.',
    response: message('Successfully modified LLM provider')
  },
  available_llm_providers: {
    ...routePaths.available_llm_providers,
    auth: true,
    query: NoQuery,
    description: 'Every provider in creation order, without its key but with has_api_key.',
    response: z.array(ProviderListEntrySchema)
  },
  remove_llm_provider: {
    ...routePaths.remove_llm_provider,
    auth: true,
    body: RemoveProviderRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Removes a provider no job uses (409 with the count otherwise).',
    response: message('Successfully removed LLM provider')
  },
  create_job: {
    ...routePaths.create_job,
    auth: true,
    body: CreateJobRequestSchema,
    description: 'Creates a job bound to a provider and a scope, and its inbox job_inbox::<job_id>::false.',
    response: CreateJobResponseSchema
  },
  get_job_scope: {
    ...routePaths.get_job_scope,
    auth: true,
    query: JobScopeQuerySchema,
    description: 'The scope of a job, exactly as stored.',
    response: JobScopeSchema
  },
  update_job_scope: {
    ...routePaths.update_job_scope,
    auth: true,
    body: UpdateJobScopeRequestSchema,
    description: 'Replaces the scope of a job.',
    response: message('Successfully updated job scope')
  },
  update_job_config: {
    ...routePaths.update_job_config,
    auth: true,
    body: UpdateJobConfigRequestSchema,
    description: "Replaces a job's config (custom_prompt, temperature, top_k, top_p, seed, stream) for its next answers.",
    response: message('Successfully updated job config'),
    bodyLimit: { bytes: MAX_JOB_CONFIG_BODY_BYTES, message: JOB_CONFIG_BODY_TOO_LARGE }
  },
  change_job_llm_provider: {
    ...routePaths.change_job_llm_provider,
    auth: true,
    body: ChangeJobProviderRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Switches a job to another provider; later answers come from it.',
    response: message('Successfully changed job LLM provider')
  },
  all_inboxes: {
    ...routePaths.all_inboxes,
    auth: true,
    query: AllInboxesQuerySchema,
    description: 'Every inbox, most recent activity first; show_hidden=false leaves out hidden jobs, include_scope=false the scopes.',
    response: z.array(InboxSchema)
  },
  update_smart_inbox_name: {
    ...routePaths.update_smart_inbox_name,
    auth: true,
    body: UpdateInboxNameRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Renames an inbox (1-200 characters).',
    response: message('Successfully updated inbox name')
  },
  job_message: {
    ...routePaths.job_message,
    auth: true,
    body: JobMessageRequestSchema,
    description: "Appends the operator's message to the job's inbox (hash-chained); answers come later.",
    response: JobMessageResponseSchema,
    bodyLimit: {
      bytes: MAX_JOB_MESSAGE_BODY_BYTES,
      message: JOB_MESSAGE_BODY_TOO_LARGE,
      fields: { content: { bytes: MAX_MESSAGE_CONTENT_JSON_BYTES, message: `content: ${CONTENT_TOO_LARGE}` } }
    }
  },
  last_messages: {
    ...routePaths.last_messages,
    auth: true,
    body: LastMessagesRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Up to `limit` messages of an inbox, oldest first, ending at the newest or before offset_key.',
    response: z.array(LastMessageSchema)
  },
  test_llm_provider: {
    ...routePaths.test_llm_provider,
    auth: true,
    body: LlmProviderSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'One minimal chat call with exactly these settings (absent api_key: the stored one); 502 refused, 504 time-out.',
    response: TestProviderResponseSchema
  },
  provider_models: {
    ...routePaths.provider_models,
    auth: true,
    query: ProviderModelsQuerySchema,
    description: "Models the provider lists (/models, Ollama's /api/tags), for a stored provider or a kind and URL.",
    response: ProviderModelsResponseSchema
  },
  provider_models_with_key: {
    ...routePaths.provider_models_with_key,
    auth: true,
    body: ProviderModelsRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'As GET provider_models, with a key typed into the form but not saved yet.',
    response: ProviderModelsResponseSchema
  },
  stop_llm: {
    ...routePaths.stop_llm,
    auth: true,
    body: StopLlmRequestSchema,
    bodyLimit: SMALL_BODY_LIMIT,
    description: 'Stops the answer being written in an inbox; what was written is kept, marked stopped.',
    response: message('Successfully stopped')
  },
  events: {
    ...routePaths.events,
    auth: true,
    query: NoQuery,
    stream: true,
    description: 'Server-sent events: inbox_changed, provider_changed, message_delta, answer_paused, vector_fs_changed.',
    response: NodeEventSchema
  },
  ...vectorFsRoutes,
  ...vectorFsBrowseRoutes,
  ...inboxRoutes,
  ...providerBatchRoutes
} as const satisfies Record<string, RouteDef>

export type Routes = typeof routes
export type RouteName = keyof Routes

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined
export type RouteQuery<K extends RouteName> = Infer<Routes[K] extends { query: infer Q } ? Q : undefined>
export type RouteBody<K extends RouteName> = Infer<Routes[K] extends { body: infer B } ? B : undefined>
export type RouteResponse<K extends RouteName> = z.output<Routes[K]['response']>
/** What a caller sends: the schema's input side. */
export type RouteBodyInput<K extends RouteName> = Routes[K] extends { body: infer B extends z.ZodType } ? z.input<B> : undefined
