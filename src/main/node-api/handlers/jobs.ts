import { newJobDefaults } from '../../domain/job-rules'
import type { NodeContext } from '../context'
import { notFound } from '../errors'
import type { HandlerGroup } from '../handler-types'
import { emitInboxChanged } from '../../domain/inbox-events'
import { RawJson } from '../raw-json'
import { formatVfsPath } from '../../../shared/contract/vector-fs'
import type { JobScope } from '../../../shared/contract/scope'
import type { ScopePaths } from '../../store'

/** The library paths a scope names, as the store keeps them beside it. */
const scopePaths = (scope: JobScope): ScopePaths => ({
  folders: scope.vector_fs_folders.map((f) => formatVfsPath(f.path.path_ids)),
  items: scope.vector_fs_items.map((i) => formatVfsPath(i.path.path_ids))
})

type JobRoutes = 'create_job' | 'get_job_scope' | 'update_job_scope' | 'update_job_config' | 'change_job_llm_provider'

export function jobHandlers(ctx: NodeContext): HandlerGroup<JobRoutes> {
  const { store, clock } = ctx
  const noJob = (field: string, id: string) => notFound(`${field}: no job with id '${id}'`)
  /** Writes one part of a job (404 when there is no such job) and tells its inbox it changed. */
  const replaceForJob = (jobId: string, write: (id: string) => boolean) => {
    const job = store.jobs.get(jobId)
    if (!job || !write(jobId)) throw noJob('job_id', jobId)
    emitInboxChanged(ctx, job.inbox_id)
  }

  return {
    create_job({ body, rawBody }) {
      const providerId = body.llm_provider
      const provider = store.providers.get(providerId)
      if (!provider) throw notFound(`llm_provider: no LLM provider with id '${providerId}'`)
      const info = (rawBody as { job_creation_info: { scope: unknown } }).job_creation_info
      const { name } = JSON.parse(provider.provider_json) as { name?: string | null }
      const job = newJobDefaults(providerId, name, body.job_creation_info.is_hidden)
      const { jobId, inboxId } = job
      store.jobs.create({
        ...job,
        providerId,
        scopeJson: JSON.stringify(info.scope),
        scopePaths: scopePaths(body.job_creation_info.scope),
        associatedUiJson: body.job_creation_info.associated_ui ? JSON.stringify(body.job_creation_info.associated_ui) : null,
        now: clock.next()
      })
      emitInboxChanged(ctx, inboxId)
      return { job_id: jobId }
    },

    get_job_scope({ query }) {
      const scope = store.jobs.scope(query.job_id)
      if (!scope) throw noJob('job_id', query.job_id)
      return new RawJson(scope.scope_json)
    },

    update_job_scope({ body, rawBody }) {
      replaceForJob(body.job_id, (id) =>
        store.jobs.updateScope(id, JSON.stringify((rawBody as { job_scope: unknown }).job_scope), scopePaths(body.job_scope))
      )
      return 'Successfully updated job scope'
    },

    update_job_config({ body, rawBody }) {
      // Stored as sent (unknown keys kept), with the defaults of the two fields that may be left out.
      const sent = (rawBody as { config: Record<string, unknown> }).config
      const config = { seed: body.config.seed, other_model_params: body.config.other_model_params, ...sent }
      // A null sent for either is its default, not a null stored in its place.
      config.seed = body.config.seed
      config.other_model_params = body.config.other_model_params
      replaceForJob(body.job_id, (id) => store.jobs.updateConfig(id, JSON.stringify(config)))
      return 'Successfully updated job config'
    },

    change_job_llm_provider({ body }) {
      const job = store.jobs.get(body.job_id)
      if (!job) throw noJob('job_id', body.job_id)
      if (!store.providers.get(body.new_agent_id)) {
        throw notFound(`new_agent_id: no LLM provider with id '${body.new_agent_id}'`)
      }
      store.jobs.changeProvider(body.job_id, body.new_agent_id)
      // A question waiting for the old provider (a call it holds unanswered, its server's pause) goes to
      // the new one now; "moved" to the provider it is on, its call (a slow one, maybe) is left to go on.
      if (job.provider_id !== body.new_agent_id) ctx.runtime.jobMoved(job.inbox_id)
      emitInboxChanged(ctx, job.inbox_id)
      return 'Successfully changed job LLM provider'
    }
  }
}
