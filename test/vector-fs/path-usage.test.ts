import { describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../src/main/store/migrations'
import type { PathUsageResponse } from '../../src/shared/contract/vector-fs-browse'
import { emptyScopeBody } from '../support/fixtures'
import { addProvider, createJob, dbFingerprint, expectError, useTestNode, type TestNode } from '../support/node'

/*
 * vector_fs_path_usage: which jobs a file's or folder's delete would take something from, asked by
 * the window before the operator confirms the delete.
 */

const bytes = (text: string) => new TextEncoder().encode(text)
const node = useTestNode()

async function ok(res: Promise<{ status: number; body: unknown }>) {
  const r = await res
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body
}
const mkdir = (path: string, name: string) => ok(node.post('/v2/create_folder', { path, folder_name: name }))
const upload = (path: string, filename: string) =>
  ok(node.post('/v2/upload_file_to_folder', { path, filename, file_data: bytes(`text of ${filename}`) }))
const usage = async (path: string) => (await ok(node.get('/v2/vector_fs_path_usage', { path }))) as PathUsageResponse

const scope = (folders: string[][], items: string[][]) => ({
  ...emptyScopeBody(),
  vector_fs_folders: folders.map((p) => ({ name: p[p.length - 1] ?? '/', path: { path_ids: p } })),
  vector_fs_items: items.map((p) => ({
    name: p[p.length - 1]!,
    path: { path_ids: p },
    source: { Standard: { FileRef: { file_name: p[p.length - 1]!, file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
  }))
})

/** Creates a job with this scope and names its inbox, so the usage's names are the test's own. */
async function job(n: TestNode, name: string, s: unknown, extra: Record<string, unknown> = {}) {
  const jobId = await createJob(n, 'p1', s, extra)
  const inbox = `job_inbox::${jobId}::false`
  await ok(n.post('/v2/update_smart_inbox_name', { inbox_name: inbox, custom_name: name }))
  return { jobId, inbox }
}

async function library() {
  await addProvider(node, 'p1')
  await mkdir('/', 'Contracts')
  await mkdir('/Contracts', '2025')
  await mkdir('/', 'Contracts 2')
  await upload('/Contracts', 'lease.txt')
  await upload('/Contracts/2025', 'renewal.txt')
  await upload('/Contracts 2', 'other.txt')
}

describe('vector_fs_path_usage', () => {
  it('counts the jobs whose scope names the path, something under it, or a folder holding it, newest named first', async () => {
    await library()
    const byFile = await job(node, 'Lease questions', scope([], [['Contracts', 'lease.txt']]))
    const byFolder = await job(node, 'All contracts', scope([['Contracts']], []))
    const byDeep = await job(node, 'Renewals', scope([], [['Contracts', '2025', 'renewal.txt']]))
    const byOther = await job(node, 'Other', scope([['Contracts 2']], []))
    await job(node, 'Nothing', emptyScopeBody())

    // The file: named by one job, held by a folder another names.
    expect(await usage('/Contracts/lease.txt')).toEqual({
      jobs: 2,
      recent: [
        { inbox_id: byFolder.inbox, custom_name: 'All contracts', is_hidden: false },
        { inbox_id: byFile.inbox, custom_name: 'Lease questions', is_hidden: false }
      ]
    })
    // The folder: named itself, and files under it (at any depth); "Contracts 2" is another folder.
    expect((await usage('/Contracts')).recent.map((r) => r.custom_name)).toEqual(['Renewals', 'All contracts', 'Lease questions'])
    expect((await usage('/Contracts/2025')).recent.map((r) => r.inbox_id)).toEqual([byDeep.inbox, byFolder.inbox])
    expect(await usage('/Contracts 2/other.txt')).toEqual({
      jobs: 1,
      recent: [{ inbox_id: byOther.inbox, custom_name: 'Other', is_hidden: false }]
    })
  })

  it('follows scope updates and removals, counts hidden jobs, and names five of many', async () => {
    await library()
    const a = await job(node, 'A', scope([], [['Contracts', 'lease.txt']]))
    const hidden = await job(node, 'Hidden', scope([['Contracts']], []), { is_hidden: true })
    expect((await usage('/Contracts/lease.txt')).recent).toEqual([
      { inbox_id: hidden.inbox, custom_name: 'Hidden', is_hidden: true },
      { inbox_id: a.inbox, custom_name: 'A', is_hidden: false }
    ])

    await ok(node.post('/v2/update_job_scope', { job_id: a.jobId, job_scope: scope([], [['Contracts 2', 'other.txt']]) }))
    expect((await usage('/Contracts/lease.txt')).jobs).toBe(1)
    expect((await usage('/Contracts 2')).jobs).toBe(1)

    await ok(node.post('/v2/remove_job', { job_id: hidden.jobId }))
    expect(await usage('/Contracts/lease.txt')).toEqual({ jobs: 0, recent: [] })
    expect(node.store.db.prepare(`SELECT count(*) FROM job_scope_refs WHERE job_id = ?`).pluck().get(hidden.jobId)).toBe(0)

    for (let i = 0; i < 7; i++) await job(node, `Many ${i}`, scope([['Contracts', '2025']], []))
    const many = await usage('/Contracts/2025/renewal.txt')
    expect(many.jobs).toBe(7)
    expect(many.recent.map((r) => r.custom_name)).toEqual(['Many 6', 'Many 5', 'Many 4', 'Many 3', 'Many 2'])
  })

  it('refuses the root, a bad path and a path the library does not hold, changing nothing', async () => {
    await library()
    const before = dbFingerprint(node.store)
    expectError(await node.get('/v2/vector_fs_path_usage', { path: '/' }), 400, 'path')
    expectError(await node.get('/v2/vector_fs_path_usage', { path: 'Contracts' }), 400, 'path')
    expectError(await node.get('/v2/vector_fs_path_usage', {}), 400, 'path')
    expectError(await node.get('/v2/vector_fs_path_usage', { path: '/Contracts/gone.txt' }), 404, 'path')
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('the migration finds in stored scopes the same paths the writes keep', async () => {
    await library()
    await job(
      node,
      'A',
      scope(
        [['Contracts'], []],
        [
          ['Contracts', 'lease.txt'],
          ['Contracts 2', 'other.txt']
        ]
      )
    )
    await job(node, 'B', scope([['Contracts', '2025']], [['Contracts', 'lease.txt']]))
    const rows = () => node.store.db.prepare(`SELECT path, is_folder, job_id FROM job_scope_refs ORDER BY 1, 2, 3`).all()
    const written = rows()
    expect(written).toHaveLength(6)
    expect(written).toContainEqual(expect.objectContaining({ path: '/', is_folder: 1 }))
    node.store.db.exec(`DROP TABLE job_scope_refs`)
    MIGRATIONS.find((m) => m.version === 21)!.up(node.store.db)
    expect(rows()).toEqual(written)
    expect((await usage('/Contracts/2025/renewal.txt')).jobs).toBe(2)
  })

  it('counts a job whose scope spells a name in the other Unicode form (é composed or decomposed), whichever form is asked', async () => {
    await addProvider(node, 'p1')
    const composed = 'caf\u00e9'
    const decomposed = 'cafe\u0301'
    await mkdir('/', composed)
    await upload(`/${composed}`, 'menu.txt')
    await job(node, 'Pastries', scope([[decomposed]], []))
    await job(node, 'Menu', scope([], [[decomposed, 'menu.txt']]))
    for (const spelled of [composed, decomposed]) {
      expect((await usage(`/${spelled}/menu.txt`)).jobs).toBe(2)
      expect((await usage(`/${spelled}`)).jobs).toBe(2)
    }
    // Stored before (in the form the scope gave): the migration puts them in one form.
    node.store.db.prepare(`UPDATE job_scope_refs SET path = replace(path, ?, ?)`).run(composed, decomposed)
    expect((await usage(`/${composed}`)).jobs).toBe(0)
    MIGRATIONS.find((m) => m.version === 22)!.up(node.store.db)
    expect((await usage(`/${composed}/menu.txt`)).jobs).toBe(2)
    expect((await usage(`/${decomposed}`)).jobs).toBe(2)
  })
})
