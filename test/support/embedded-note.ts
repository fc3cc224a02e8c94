import { expect } from 'vitest'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { addProvider, createJob, type TestNode } from './node'

/**
 * The embeddings server at `embeddingsUrl` added as provider `emb` and made the node's embedding model,
 * then /Notes/falcon.md ("Maria leads the Falcon project.") uploaded and waited for until it is embedded.
 */
export async function embedFalconNote(node: TestNode, embeddingsUrl: string): Promise<void> {
  await addProvider(node, 'emb', { external_url: `${embeddingsUrl}/v1`, api_key: 'sk-emb' })
  expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' })).status).toBe(200)
  await node.post('/v2/create_folder', { path: '/', folder_name: 'Notes' })
  const file = { path: '/Notes', filename: 'falcon.md', file_data: new TextEncoder().encode('Maria leads the Falcon project.') }
  expect((await node.post('/v2/upload_file_to_folder', file)).status).toBe(200)
  await expect
    .poll(async () => {
      const fs = (await node.get('/v2/retrieve_path_simplified', { path: '/Notes', depth: '1' })).body as FileInfo[]
      return fs.length === 1 && fs[0]!.has_embeddings
    })
    .toBe(true)
}

/** A job on `providerId` whose scope is the folder /Notes; answers its inbox's id. */
export async function notesJobInbox(node: TestNode, providerId: string): Promise<{ jobId: string; inboxId: string }> {
  const jobId = await createJob(node, providerId, {
    local_vrkai: [],
    local_vrpack: [],
    network_folders: [],
    vector_fs_items: [],
    vector_fs_folders: [{ name: 'Notes', path: { path_ids: ['Notes'] } }]
  })
  return { jobId, inboxId: `job_inbox::${jobId}::false` }
}
