import { describe, expect, it } from 'vitest'
import { createJobBody, emptyScopeBody, fullScope } from '../support/fixtures'
import { addProvider, dbFingerprint, expectError, useTestNode, useUploadServer } from '../support/node'

/*
 * A scope's library entries are paths of the node's document library as segments (path.path_ids), and
 * the contract's VectorFS section says what a segment is: 1-255 characters, no "/", not "." or "..".
 * `/a//b`, `/a/..` or `/a/b/` were taken into a scope, where they named nothing (or something else than
 * written) and the job drew on no document without a word. Over the HTTP API, on the node's SQLite file.
 */

const TOKEN = 'scope-path-syntax'
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
const http = useUploadServer(node, TOKEN, 1024 * 1024)

async function post(path: string, body: unknown) {
  const res = await fetch(`${http.server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}
async function getScope(jobId: string) {
  const res = await fetch(`${http.server.url}/v2/get_job_scope?job_id=${encodeURIComponent(jobId)}`, {
    headers: { Authorization: `Bearer ${TOKEN}` }
  })
  expect(res.status).toBe(200)
  return res.json()
}

const source = fullScope().vector_fs_items[0]!.source
const item = (pathIds: string[]) => ({ name: pathIds[pathIds.length - 1] ?? '', path: { path_ids: pathIds }, source })
const folder = (pathIds: string[]) => ({ name: pathIds[pathIds.length - 1] ?? '', path: { path_ids: pathIds } })
const good = ['Contracts', 'lease.txt']
/** A scope whose third item (vector_fs_items[2]) has these path_ids, the two before it good ones. */
const withItem = (pathIds: string[]) => ({ ...emptyScopeBody(), vector_fs_items: [item(good), item(['Contracts']), item(pathIds)] })

const BAD: [string, string[], string][] = [
  ['an empty segment (/Contracts//lease.txt)', ['Contracts', '', 'lease.txt'], 'path.path_ids[1]: a segment must not be empty'],
  ['a trailing slash (/Contracts/lease.txt/)', ['Contracts', 'lease.txt', ''], 'path.path_ids[2]: a segment must not be empty'],
  ['a "." segment (/Contracts/./lease.txt)', ['Contracts', '.', 'lease.txt'], 'path.path_ids[1]: "." is not a valid name'],
  ['a ".." segment (/Contracts/../lease.txt)', ['Contracts', '..', 'lease.txt'], 'path.path_ids[1]: ".." is not a valid name'],
  ['a segment holding "/" (/Contracts/lease.txt as one)', ['Contracts/lease.txt'], 'path.path_ids[0]: a segment must not contain "/"']
]

describe('a scope entry whose path is no path of the document library is refused, naming it, and nothing changes', () => {
  it.each(BAD)('create_job with %s', async (_what, pathIds, problem) => {
    const before = dbFingerprint(node.store)
    const res = await post('/v2/create_job', createJobBody('gpt', withItem(pathIds)))
    expectError(res, 400, `job_creation_info.scope.vector_fs_items[2].${problem}`)
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it.each(BAD)('update_job_scope with %s, in vector_fs_items and in vector_fs_folders', async (_what, pathIds, problem) => {
    const created = await post('/v2/create_job', createJobBody('gpt', withItem(good)))
    expect(created.status).toBe(200)
    const jobId = (created.body as { job_id: string }).job_id
    const before = dbFingerprint(node.store)
    expectError(
      await post('/v2/update_job_scope', { job_id: jobId, job_scope: withItem(pathIds) }),
      400,
      `job_scope.vector_fs_items[2].${problem}`
    )
    const folders = { ...emptyScopeBody(), vector_fs_folders: [folder(['Contracts']), folder(pathIds)] }
    expectError(await post('/v2/update_job_scope', { job_id: jobId, job_scope: folders }), 400, `job_scope.vector_fs_folders[1].${problem}`)
    expect(dbFingerprint(node.store)).toBe(before)
    expect(await getScope(jobId)).toEqual(withItem(good))
  })
})

it('good paths are still taken and read back as sent: nested, the root folder, names with dots and spaces', async () => {
  const scope = {
    ...emptyScopeBody(),
    vector_fs_folders: [folder([]), folder(['My Files', 'Q3 ..reports'])],
    vector_fs_items: [item(good), item(['My Files', '.hidden notes.md']), item(['...'])]
  }
  const created = await post('/v2/create_job', createJobBody('gpt', scope))
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const jobId = (created.body as { job_id: string }).job_id
  expect(await getScope(jobId)).toEqual(scope)
  const updated = { ...scope, vector_fs_items: [item(['Contracts', 'lease v2.txt'])] }
  expect(await post('/v2/update_job_scope', { job_id: jobId, job_scope: updated })).toEqual({
    status: 200,
    body: 'Successfully updated job scope'
  })
  expect(await getScope(jobId)).toEqual(updated)
})
