import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJobBody, fullScope, provider } from '../support/fixtures'
import { addProvider, createJob, dbFingerprint, startTestNode, tempDir, type TestNode } from '../support/node'

/*
 * Thousands of malformed bodies per POST endpoint: each gets a 4xx error body, never a 5xx,
 * and the database is byte-for-byte unchanged afterwards.
 */

let node: TestNode
let cleanup: () => void
let jobId: string
let inboxId: string
let fingerprint: string

beforeAll(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  node = startTestNode(t.dir)
  await addProvider(node, 'gpt', { api_key: 'sk-x' })
  await addProvider(node, 'spare')
  jobId = await createJob(node, 'gpt', fullScope())
  inboxId = `job_inbox::${jobId}::false`
  await node.post('/v2/job_message', { job_id: jobId, content: 'hi' })
  fingerprint = dbFingerprint(node.store)
})
afterAll(async () => {
  await node.close()
  cleanup()
})

/** Values of every JSON type and some that only IPC's structured clone can carry. */
const anyValue = fc.oneof(
  fc.anything({ withNullPrototype: true, withMap: true, withSet: true, withDate: true, withTypedArray: true, withSparseArray: true }),
  fc.jsonValue()
)

/** A wrong-typed replacement for a field whose schema is known: string fields get non-strings, etc. */
const notString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()), fc.object())
const notArray = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.object())
const notBool = fc.oneof(fc.string(), fc.integer(), fc.constant(null))
const missing = fc.constant(undefined)

type Mutation = { path: (string | number)[]; value: fc.Arbitrary<unknown> }

function setAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>
  let cur = copy
  for (const seg of path.slice(0, -1)) cur = cur[seg] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  if (value === undefined) delete cur[last]
  else cur[last] = value
  return copy
}

function corruptedBodies(valid: () => unknown, mutations: Mutation[]) {
  const corrupted = fc.constantFrom(...mutations).chain((m) => m.value.map((v) => setAt(valid(), m.path, v)))
  const extraKey = fc
    .string({ minLength: 1 })
    .filter((k) => !Object.prototype.hasOwnProperty.call(valid() as object, k) && k !== '__proto__')
    .map((k) => ({ ...(valid() as object), [k]: 1 }))
  return fc.oneof(
    anyValue.filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)),
    corrupted,
    extraKey
  )
}

const scopeMutations = (prefix: (string | number)[]): Mutation[] => [
  { path: [...prefix, 'local_vrkai'], value: fc.oneof(notArray, missing) },
  { path: [...prefix, 'vector_fs_items'], value: fc.oneof(notArray, missing) },
  { path: [...prefix, 'vector_fs_items', 0, 'path', 'path_ids'], value: notArray },
  { path: [...prefix, 'vector_fs_items', 0, 'name'], value: fc.oneof(notString, missing) },
  {
    path: [...prefix, 'network_folders', 0, 'external_identity', 'subidentity_type'],
    value: fc.oneof(
      fc.string().filter((s) => s !== 'Agent'),
      notString
    )
  },
  {
    path: [...prefix, 'local_vrkai', 0, 'vrkai', 'resource', 'Document', 'nodes', 1, 'content', 'Text'],
    value: fc.oneof(notString, missing)
  },
  {
    path: [...prefix, 'local_vrkai', 0, 'vrkai', 'resource', 'Document', 'embeddings', 0, 'vector'],
    value: fc.oneof(notArray, fc.array(fc.string(), { minLength: 1 }))
  },
  {
    path: [...prefix, 'local_vrpack', 0, 'vrpack', 'vrkai_count'],
    value: fc.oneof(fc.string(), fc.double({ min: 0.1, max: 0.9 }), missing)
  },
  {
    path: [...prefix, 'local_vrpack', 0, 'vrpack', 'resource', 'Document', 'created_datetime'],
    value: fc.oneof(
      fc.string().filter((s) => !/^\d{4}-\d{2}-\d{2}/.test(s)),
      fc.integer()
    )
  }
]

const providerMutations: Mutation[] = [
  {
    path: ['id'],
    value: fc.oneof(
      notString,
      fc.string().filter((s) => !/^[A-Za-z0-9_-]{1,64}$/.test(s)),
      missing
    )
  },
  { path: ['model'], value: fc.oneof(notString, fc.constant({}), fc.dictionary(fc.string(), fc.anything(), { minKeys: 2 }), missing) },
  { path: ['model', 'OpenAI', 'model_type'], value: fc.oneof(notString, fc.constant(''), missing) },
  { path: ['perform_locally'], value: fc.oneof(notBool, missing) },
  { path: ['allowed_message_senders'], value: fc.oneof(notArray, fc.array(fc.integer(), { minLength: 1 }), missing) },
  { path: ['storage_bucket_permissions'], value: fc.oneof(notArray, missing) },
  { path: ['toolkit_permissions'], value: fc.oneof(notArray, missing) },
  {
    path: ['full_identity_name'],
    value: fc.oneof(
      notString.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
      missing
    )
  },
  { path: ['full_identity_name', 'full_name'], value: fc.oneof(fc.string(), notString) },
  { path: ['api_key'], value: fc.oneof(fc.integer(), fc.boolean(), fc.object()) },
  { path: ['external_url'], value: fc.oneof(fc.integer(), fc.constantFrom('not a url', 'ftp://x.y', 'javascript:alert(1)', '//host/v1')) }
]

const cases: { path: string; valid: () => unknown; mutations: Mutation[] }[] = [
  // add: the id 'new' does not exist, so only the corruption can make it fail.
  { path: '/v2/add_llm_provider', valid: () => provider('new'), mutations: providerMutations },
  // modify: 'spare' exists; a corrupted body must not change it.
  { path: '/v2/modify_llm_provider', valid: () => provider('spare'), mutations: providerMutations },
  {
    path: '/v2/remove_llm_provider',
    valid: () => ({ llm_provider_id: 'spare' }),
    mutations: [{ path: ['llm_provider_id'], value: fc.oneof(notString, fc.constant(''), missing) }]
  },
  {
    path: '/v2/create_job',
    valid: () => createJobBody('gpt', fullScope()),
    mutations: [
      { path: ['llm_provider'], value: fc.oneof(notString, missing) },
      {
        path: ['job_creation_info'],
        value: fc.oneof(
          notString.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
          missing
        )
      },
      // null is valid there: the default, false.
      { path: ['job_creation_info', 'is_hidden'], value: fc.oneof(fc.string(), fc.integer()) },
      { path: ['job_creation_info', 'associated_ui'], value: fc.oneof(fc.string(), fc.integer(), fc.record({ Sheet: notString })) },
      ...scopeMutations(['job_creation_info', 'scope'])
    ]
  },
  {
    path: '/v2/update_job_scope',
    valid: () => ({ job_id: jobId, job_scope: fullScope() }),
    mutations: [{ path: ['job_id'], value: fc.oneof(notString, missing) }, ...scopeMutations(['job_scope'])]
  },
  {
    path: '/v2/change_job_llm_provider',
    valid: () => ({ job_id: jobId, new_agent_id: 'spare' }),
    mutations: [
      { path: ['job_id'], value: fc.oneof(notString, missing) },
      { path: ['new_agent_id'], value: fc.oneof(notString, missing) }
    ]
  },
  {
    path: '/v2/job_message',
    valid: () => ({ job_id: jobId, content: 'hello' }),
    mutations: [
      { path: ['job_id'], value: fc.oneof(notString, missing) },
      { path: ['content'], value: fc.oneof(notString, fc.constantFrom('', ' ', '\n\t'), missing) },
      { path: ['parent'], value: fc.oneof(fc.integer(), fc.object()) }
    ]
  },
  {
    path: '/v2/last_messages',
    valid: () => ({ inbox_name: inboxId }),
    mutations: [
      { path: ['inbox_name'], value: fc.oneof(notString, missing) },
      { path: ['limit'], value: fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 501 }), fc.string(), fc.double({ min: 1.1, max: 1.9 })) }
    ]
  },
  {
    path: '/v2/update_smart_inbox_name',
    valid: () => ({ inbox_name: inboxId, custom_name: 'Renamed' }),
    mutations: [
      { path: ['inbox_name'], value: fc.oneof(notString, missing) },
      { path: ['custom_name'], value: fc.oneof(notString, fc.constant(''), fc.string({ minLength: 201, maxLength: 300 }), missing) }
    ]
  }
]

describe.each(cases)('$path', ({ path, valid, mutations }) => {
  it('the valid body this property corrupts is itself valid for the endpoint', async () => {
    // Checked on a throwaway node so the shared database stays as it was.
    const t = tempDir()
    const probe = startTestNode(t.dir)
    try {
      await addProvider(probe, 'gpt')
      await addProvider(probe, 'spare')
      const id = await createJob(probe, 'gpt', fullScope())
      const body = JSON.parse(JSON.stringify(valid()).replaceAll(jobId, id)) as Record<string, unknown>
      const res = await probe.post(
        path,
        path === '/v2/last_messages' || path === '/v2/update_smart_inbox_name' ? { ...body, inbox_name: `job_inbox::${id}::false` } : body
      )
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    } finally {
      await probe.close()
      t.cleanup()
    }
  })

  it('answers a 4xx error body to every malformed body and leaves the database unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(corruptedBodies(valid, mutations), async (body) => {
        const res = await node.post(path, body)
        const err = res.body as { code: number; error: string; message: string }
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect(res.status).toBeLessThan(500)
        expect(err.code).toBe(res.status)
        expect(typeof err.message).toBe('string')
      }),
      { numRuns: 1500 }
    )
    expect(dbFingerprint(node.store)).toBe(fingerprint)
  })
})
