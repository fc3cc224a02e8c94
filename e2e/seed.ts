import type { HeadlessNode } from './fixtures/node'

export const providerBody = (id: string, fakeUrl: string, kind = 'OpenAI', model = 'gpt-e2e') => ({
  id,
  model: { [kind]: { model_type: model } },
  external_url: fakeUrl,
  api_key: 'sk-e2e',
  perform_locally: false,
  allowed_message_senders: [],
  storage_bucket_permissions: [],
  toolkit_permissions: [],
  full_identity_name: {
    full_name: `@@localhost.sep-shinkai/main/agent/${id}`,
    node_name: '@@localhost.sep-shinkai',
    profile_name: 'main',
    subidentity_name: id,
    subidentity_type: 'Agent'
  }
})

export const emptyScope = { local_vrkai: [], local_vrpack: [], network_folders: [], vector_fs_folders: [], vector_fs_items: [] }

/** Creates `n` jobs through the HTTP API, `concurrency` at a time; returns their ids in creation order. */
export async function seedJobs(node: HeadlessNode, providerId: string, n: number, concurrency = 16): Promise<string[]> {
  const ids = new Array<string>(n)
  let next = 0
  const worker = async () => {
    while (next < n) {
      const i = next++
      const res = await node.api<{ job_id: string }>('POST', '/v2/create_job', {
        llm_provider: providerId,
        job_creation_info: { scope: emptyScope }
      })
      if (res.status !== 200) throw new Error(`create_job: ${JSON.stringify(res.body)}`)
      ids[i] = res.body.job_id
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return ids
}

/** Gives job `jobId`'s inbox the name `name` (update_smart_inbox_name); throws unless the node takes it. */
export async function nameJobInbox(node: HeadlessNode, jobId: string, name: string): Promise<void> {
  const res = await node.api('POST', '/v2/update_smart_inbox_name', { inbox_name: `job_inbox::${jobId}::false`, custom_name: name })
  if (res.status !== 200) throw new Error(`update_smart_inbox_name: ${JSON.stringify(res.body)}`)
}

/** Creates a job of provider `providerId` whose scope is the top folder `folder` of the library; returns its id. */
export async function jobOverFolder(node: HeadlessNode, providerId: string, folder: string): Promise<string> {
  const res = await node.api<{ job_id: string }>('POST', '/v2/create_job', {
    llm_provider: providerId,
    job_creation_info: { scope: { ...emptyScope, vector_fs_folders: [{ name: folder, path: { path_ids: [folder] } }] } }
  })
  if (res.status !== 200) throw new Error(`create_job: ${JSON.stringify(res.body)}`)
  return res.body.job_id
}
