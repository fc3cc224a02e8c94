import { describe, expect, it } from 'vitest'
import type { PathUsageResponse } from '../../src/shared/contract/vector-fs-browse'
import { createJobBody, emptyScopeBody, provider } from '../support/fixtures'
import { useTestNode, useUploadServer } from '../support/node'

/*
 * vector_fs_path_usage tells a scope's folder entries (vector_fs_folders: everything under the folder)
 * from its file entries (vector_fs_items: that file alone). A job whose scope named the FILE
 * /My Files/Reports was counted as using the FOLDER /My Files/Reports (and the other way round): the
 * delete dialog named jobs that would lose nothing. Over the HTTP API, on the node's real SQLite file.
 */

const TOKEN = 'path-usage-kinds'
const node = useTestNode()
const http = useUploadServer(node, TOKEN, 1024 * 1024)

async function call(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) {
  const url = new URL(path, http.server.url)
  if (method === 'GET' && body) for (const [k, v] of Object.entries(body)) url.searchParams.set(k, String(v))
  const res = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(body) : undefined
  })
  const answer: unknown = await res.json()
  expect(res.status, `${path}: ${JSON.stringify(answer)}`).toBe(200)
  return answer
}

const mkdir = (path: string, name: string) => call('POST', '/v2/create_folder', { path, folder_name: name })
async function upload(folder: string, name: string) {
  const res = await http.upload(folder, name, `Text of ${name}.`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

const scope = (folders: string[][], items: string[][]) => ({
  ...emptyScopeBody(),
  vector_fs_folders: folders.map((p) => ({ name: p[p.length - 1]!, path: { path_ids: p } })),
  vector_fs_items: items.map((p) => ({
    name: p[p.length - 1]!,
    path: { path_ids: p },
    source: { Standard: { FileRef: { file_name: p[p.length - 1]!, file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
  }))
})

/** A job with this scope, its inbox named `name` so the usage's names are the test's own. */
async function job(name: string, s: unknown) {
  const { job_id } = (await call('POST', '/v2/create_job', createJobBody('p1', s))) as { job_id: string }
  await call('POST', '/v2/update_smart_inbox_name', { inbox_name: `job_inbox::${job_id}::false`, custom_name: name })
}

/** The names of the jobs using `path` (newest first), checked against the count. */
async function users(path: string): Promise<string[]> {
  const u = (await call('GET', '/v2/vector_fs_path_usage', { path })) as PathUsageResponse
  expect(u.jobs, `${path}: ${JSON.stringify(u)}`).toBe(u.recent.length) // five named at most: fewer users here
  return u.recent.map((r) => r.custom_name)
}

describe('vector_fs_path_usage tells folder entries from file entries', () => {
  it('a folder entry takes in everything under it, a file entry only that file, whatever the paths look like', async () => {
    await call('POST', '/v2/add_llm_provider', provider('p1'))
    await mkdir('/', 'My Files')
    await mkdir('/My Files', 'Reports')
    await mkdir('/My Files', 'Report')
    await upload('/My Files/Reports', 'q1.txt')
    await upload('/My Files/Report', 'draft.txt')
    await upload('/My Files', 'notes.txt')

    // A file entry whose path is now a folder's (a file of that name was there once): it takes in no folder.
    await job('File named Reports', scope([], [['My Files', 'Reports']]))
    // A folder entry whose path is now a file's, and one under that file's path: they take in no file.
    await job('Folder named notes.txt', scope([['My Files', 'notes.txt']], []))
    await job('Folder under notes.txt', scope([['My Files', 'notes.txt', 'old']], []))
    // The real users.
    await job('Reports folder', scope([['My Files', 'Reports']], []))
    await job('Q1 file', scope([], [['My Files', 'Reports', 'q1.txt']]))
    await job('Notes file', scope([], [['My Files', 'notes.txt']]))
    await job('Report folder', scope([['My Files', 'Report']], []))

    // The folder: its own folder entry and the file entries inside it; not the file entry of its path.
    expect(await users('/My Files/Reports')).toEqual(['Q1 file', 'Reports folder'])
    // A file inside the scoped folder: the folder's entry and its own; not the file entry named as the folder.
    expect(await users('/My Files/Reports/q1.txt')).toEqual(['Q1 file', 'Reports folder'])
    // The file: its own file entry; not the folder entries of its path or under it.
    expect(await users('/My Files/notes.txt')).toEqual(['Notes file'])
    // Names that are prefixes of each other: Report is not Reports, either way.
    expect(await users('/My Files/Report')).toEqual(['Report folder'])
    expect(await users('/My Files/Report/draft.txt')).toEqual(['Report folder'])
    // The folder holding them all: every entry under it is taken in, of either kind (stale ones too).
    const all = (await call('GET', '/v2/vector_fs_path_usage', { path: '/My Files' })) as PathUsageResponse
    expect(all.jobs).toBe(7)
  })
})
