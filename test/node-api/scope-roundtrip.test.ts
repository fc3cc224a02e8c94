import { expect, it } from 'vitest'
import { fullScope } from '../support/fixtures'
import { addProvider, createJob, useTestNode } from '../support/node'

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })

it('a scope of all five kinds comes back deep-equal from get_job_scope and all_inboxes, also after a restart', async () => {
  const jobId = await createJob(node, 'gpt', fullScope())
  expect((await node.get('/v2/get_job_scope', { job_id: jobId })).body).toEqual(fullScope())
  expect(((await node.get('/v2/all_inboxes')).body as { job_scope: unknown }[])[0]!.job_scope).toEqual(fullScope())
  node.reopen()
  expect((await node.get('/v2/get_job_scope', { job_id: jobId })).body).toEqual(fullScope())
})

it('keeps extra keys inside entries, key order, and float precision exactly', async () => {
  const scope = fullScope() as unknown as Record<string, unknown[]>
  const item = scope.vector_fs_items![0] as Record<string, unknown>
  item.zz_extra = { nested: [1, 'two', null, { deep: true }] }
  item.aa_first = 'kept'
  const vrkai = (scope.local_vrkai![0] as { vrkai: Record<string, unknown> }).vrkai
  vrkai.sfm = { map: { 'b.pdf': 2, 'a.pdf': 1 }, source_files_count: 2, extra: 'x' }
  ;(vrkai.resource as { Document: { embeddings: { vector: number[] }[] } }).Document.embeddings[0]!.vector = [
    0.1 + 0.2,
    1e-300,
    -0,
    123456789.12345679,
    Number.MIN_VALUE
  ]
  const jobId = await createJob(node, 'gpt', scope)
  const back = (await node.get('/v2/get_job_scope', { job_id: jobId })).body
  expect(back).toEqual(JSON.parse(JSON.stringify(scope)))
  expect(JSON.stringify(back)).toBe(JSON.stringify(scope))
})

it('a large scope (5,000 nodes of text) round-trips', async () => {
  const scope = fullScope()
  const doc = scope.local_vrkai[0]!.vrkai.resource.Document
  doc.nodes = Array.from({ length: 5000 }, (_, i) => ({
    ...doc.nodes[0]!,
    id: String(i),
    content: { Text: `node ${i} ✓ ${'x'.repeat(200)}` }
  }))
  doc.node_count = doc.nodes.length
  const jobId = await createJob(node, 'gpt', scope)
  expect((await node.get('/v2/get_job_scope', { job_id: jobId })).body).toEqual(scope)
})
