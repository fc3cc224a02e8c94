import { jobIdOfInbox } from '../../../../shared/contract/inbox-id'
import type { NamedJob } from '../../app/JobLinks'
import type { Client } from '../../api/client'

/** Switches one job to another provider (the route's mutation, so what shows the job is read again). */
export type SwitchJob = (body: { job_id: string; new_agent_id: string }) => Promise<unknown>

/**
 * Switches every job that uses `from` to `to`. The node names the newest few of them at a time
 * (provider_usage): each batch is switched, then it is asked again, until none is left. `onMoved`
 * counts each one switched, so a failure part way can say how many were.
 */
export async function switchEveryJob(client: Client, from: string, to: string, switchJob: SwitchJob, onMoved: () => void): Promise<void> {
  for (let left = Infinity; ;) {
    const usage = await client.call('provider_usage', { query: { llm_provider_id: from } })
    // None left; or none fewer than before (never expected): stop rather than ask for ever.
    if (usage.jobs === 0 || usage.recent.length === 0 || usage.jobs >= left) return
    left = usage.jobs
    for (const job of usage.recent) {
      await switchJob({ job_id: jobIdOfInbox(job.inbox_id), new_agent_id: to })
      onMoved()
    }
  }
}

/**
 * When each job of a name that more than one of `jobs` has was last active (its last message, else its
 * start): listed alike, two "Lease questions" were not told apart. Those it cannot read are left out.
 */
export async function sameNameActivity(client: Client, jobs: readonly NamedJob[]): Promise<ReadonlyMap<string, string>> {
  const uses = new Map<string, number>()
  for (const j of jobs) uses.set(j.custom_name, (uses.get(j.custom_name) ?? 0) + 1)
  const alike = jobs.filter((j) => (uses.get(j.custom_name) ?? 0) > 1)
  const read = await Promise.all(
    alike.map((j) =>
      client.call('get_inbox', { query: { inbox_name: j.inbox_id } }).then(
        (inbox): [string, string] => [j.inbox_id, inbox.last_message?.node_api_data.node_timestamp ?? inbox.datetime_created],
        () => null
      )
    )
  )
  return new Map(read.filter((r) => r !== null))
}
