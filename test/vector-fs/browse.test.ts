import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { startFakeEmbeddings, type FakeEmbeddings } from '../support/fake-embeddings'
import { addProvider, dbFingerprint, expectError, useTestNode } from '../support/node'

/*
 * Nodedesk's browsing routes (vector-fs-browse.ts): finding entries by name anywhere in the tree,
 * and counting files by embedding state, so a window never reads the whole library.
 */

const bytes = (text: string) => new TextEncoder().encode(text)
const node = useTestNode({ vectorFs: { queue: { batchSize: 4, backoffMs: 5, maxBackoffMs: 20, maxAttempts: 2 } } })

async function ok(res: Promise<{ status: number; body: unknown }>) {
  const r = await res
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body
}
const mkdir = (path: string, name: string) => ok(node.post('/v2/create_folder', { path, folder_name: name }))
const upload = (path: string, filename: string, text: string) =>
  ok(node.post('/v2/upload_file_to_folder', { path, filename, file_data: bytes(text) }))
const find = async (query: Record<string, string>) => (await ok(node.get('/v2/find_vector_fs_entries', query))) as FileInfo[]

describe('find_vector_fs_entries', () => {
  beforeEach(async () => {
    await mkdir('/', 'Contracts')
    await mkdir('/Contracts', 'Lease 2025')
    await mkdir('/', 'Archive')
    await mkdir('/Archive', 'old leases')
    await upload('/Contracts/Lease 2025', 'LEASE signed.txt', 'The lease runs until 2030.')
    await upload('/', 'notes.txt', 'Call the landlord.')
    await upload('/Archive', '100%_done.md', 'Finished.')
  })

  it('finds folders and files anywhere by every word of their name, any case, folders first, with their full paths', async () => {
    const hits = await find({ q: 'lease' })
    expect(hits.map((h) => [h.path, h.is_directory])).toEqual([
      ['/Contracts/Lease 2025', true],
      ['/Archive/old leases', true],
      ['/Contracts/Lease 2025/LEASE signed.txt', false]
    ])
    expect(hits[2]).toMatchObject({ name: 'LEASE signed.txt', path_ids: ['Contracts', 'Lease 2025', 'LEASE signed.txt'], children: null })
    expect((await find({ q: 'lease 2025' })).map((h) => h.path)).toEqual(['/Contracts/Lease 2025'])
    // A typed path: found by the path (below), and still by the words of a name.
    expect((await find({ q: 'Contracts/Lease' })).map((h) => h.path)).toEqual([
      '/Contracts/Lease 2025',
      '/Contracts/Lease 2025/LEASE signed.txt'
    ])
    expect((await find({ q: 'lease/2025' })).map((h) => h.path)).toEqual(['/Contracts/Lease 2025'])
  })

  it('a typed path finds the entries whose path holds it, any case: where it ends first, then what lies under them', async () => {
    await mkdir('/', 'Reports')
    for (const year of ['2023', '2024']) await mkdir('/Reports', year)
    await mkdir('/Reports/2024', 'Q1')
    await upload('/Reports/2024/Q1', 'sales.txt', 'Sales rose.')
    await upload('/Reports/2024', 'summary.txt', 'A good year.')
    await upload('/Reports/2023', 'summary.txt', 'A quiet year.')
    await mkdir('/Archive', 'reports')
    await mkdir('/Archive/reports', '2024 drafts')
    await upload('/Archive/reports/2024 drafts', 'draft.txt', 'To be finished.')
    const paths = async (q: string, more: Record<string, string> = {}) => (await find({ q, ...more })).map((h) => h.path)

    // No name holds both words: before, a typed path found nothing.
    expect(await paths('reports/2024')).toEqual([
      '/Reports/2024',
      '/Archive/reports/2024 drafts',
      '/Reports/2024/Q1',
      '/Reports/2024/Q1/sales.txt',
      '/Reports/2024/summary.txt',
      '/Archive/reports/2024 drafts/draft.txt'
    ])
    // The path's text may start and end within names; a trailing / asks for what is in the folder.
    expect(await paths('PORTS/2024/q')).toEqual(['/Reports/2024/Q1', '/Reports/2024/Q1/sales.txt'])
    expect(await paths('ports/2023/')).toEqual(['/Reports/2023/summary.txt'])
    // (Its folder's name holds every word: found by its name as well.)
    expect(await paths('lease 2025/lease')).toEqual(['/Contracts/Lease 2025', '/Contracts/Lease 2025/LEASE signed.txt'])
    // Folders named between the ends are named whole, one after the other.
    expect(await paths('contracts/signed')).toEqual([])
    expect(await paths('reports/q1')).toEqual([])
    // A leading / lets the path start at any folder, the top one too; the limit counts everything listed.
    expect(await paths('/reports', { limit: '3' })).toEqual(['/Reports', '/Archive/reports', '/Reports/2023'])
    expect(await paths('reports/2024', { kind: 'folder' })).toEqual(['/Reports/2024', '/Archive/reports/2024 drafts', '/Reports/2024/Q1'])
    expect(await paths('reports/2024', { kind: 'file' })).toEqual([
      '/Reports/2024/Q1/sales.txt',
      '/Reports/2024/summary.txt',
      '/Archive/reports/2024 drafts/draft.txt'
    ])
    // % and _ are letters in a path too.
    expect(await paths('archive/100%_')).toEqual(['/Archive/100%_done.md'])
    expect(await paths('archive/100_')).toEqual([])
  })

  it('ignores case in every script and accents, and a name stored decomposed (NFD, as macOS writes names) matches typed text', async () => {
    await mkdir('/', 'Études')
    await mkdir('/', 'ÄRGER')
    await mkdir('/', 'Cafe\u0301 menus') // "Café" with a combining accent
    await mkdir('/', 'Σχέδια') // Greek with a tonos
    for (const q of ['études', 'ÉTUDES', 'Études', 'etudes', 'ETUDES', 'e\u0301tudes'])
      expect((await find({ q })).map((h) => h.path)).toEqual(['/Études'])
    for (const q of ['ärger', 'arger', 'ARGER']) expect((await find({ q })).map((h) => h.path)).toEqual(['/ÄRGER'])
    for (const q of ['café', 'cafe', 'CAFE menus']) expect((await find({ q })).map((h) => h.path)).toEqual(['/Cafe\u0301 menus'])
    for (const q of ['σχέδια', 'σχεδια', 'ΣΧΕΔΙΑ']) expect((await find({ q })).map((h) => h.path)).toEqual(['/Σχέδια'])
  })

  it('narrows to folders or files, honours the limit, and takes % and _ as themselves', async () => {
    expect((await find({ q: 'lease', kind: 'file' })).map((h) => h.name)).toEqual(['LEASE signed.txt'])
    expect((await find({ q: 'lease', kind: 'folder' })).map((h) => h.name)).toEqual(['Lease 2025', 'old leases'])
    expect(await find({ q: 'lease', limit: '1' })).toHaveLength(1)
    expect((await find({ q: '%_' })).map((h) => h.name)).toEqual(['100%_done.md'])
    expect(await find({ q: '_' })).toHaveLength(1)
    expect(await find({ q: 'nothing-like-this' })).toEqual([])
  })

  it('refuses a missing or empty q, a bad kind and a bad limit, naming the field, and changes nothing', async () => {
    const before = dbFingerprint(node.store)
    expectError(await node.get('/v2/find_vector_fs_entries'), 400, /^q: required/)
    expectError(await node.get('/v2/find_vector_fs_entries', { q: ' / ' }), 400, /^q: expected at least one word/)
    expectError(await node.get('/v2/find_vector_fs_entries', { q: 'x'.repeat(201) }), 400, /^q: must be at most 200/)
    expectError(await node.get('/v2/find_vector_fs_entries', { q: 'a', kind: 'both' }), 400, /^kind: /)
    expectError(await node.get('/v2/find_vector_fs_entries', { q: 'a', limit: '0' }), 400, /^limit: expected an integer from 1 to 100/)
    expectError(await node.get('/v2/find_vector_fs_entries', { q: 'a', limit: '101' }), 400, /^limit: /)
    expect(dbFingerprint(node.store)).toEqual(before)
  })
})

describe('vector_fs_file_states', () => {
  let fake: FakeEmbeddings
  beforeEach(async () => {
    fake = await startFakeEmbeddings(16)
  })
  afterEach(() => fake.close())

  const states = async () => ok(node.get('/v2/vector_fs_file_states'))

  it('counts files (never folders) by embedding state as the files report it', async () => {
    expect(await states()).toEqual({
      files: 0,
      processing: 0,
      ready: 0,
      failed: 0,
      failed_reasons: [],
      embedding_failure: null,
      embedding_wait: null
    })
    await mkdir('/', 'Docs')
    await upload('/Docs', 'a.txt', 'alpha words')
    await upload('/', 'b.txt', 'beta words')
    expect(await states()).toEqual({
      files: 2,
      processing: 0,
      ready: 2,
      failed: 0,
      failed_reasons: [],
      embedding_failure: null,
      embedding_wait: null
    })

    await addProvider(node, 'emb', { api_key: 'sk-embed', external_url: `${fake.url}/v1` })
    fake.behaviour = { type: 'hang' }
    const arrived = fake.nextRequest()
    await ok(node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' }))
    await arrived
    expect(await states()).toEqual({
      files: 2,
      processing: 2,
      ready: 0,
      failed: 0,
      failed_reasons: [],
      embedding_failure: null,
      embedding_wait: null
    })
    const listed = [
      ...((await ok(node.get('/v2/retrieve_path_simplified', { path: '/Docs' }))) as FileInfo[]),
      ...((await ok(node.get('/v2/retrieve_path_simplified', { path: '/', depth: '0' }))) as FileInfo[]).filter((f) => !f.is_directory)
    ]
    expect(listed.map((f) => f.status)).toEqual(['processing', 'processing'])
  })

  it('counts a failed file as failed', async () => {
    await addProvider(node, 'emb', { api_key: 'sk-embed', external_url: `${fake.url}/v1` })
    fake.behaviour = { type: 'fail', status: 401, times: 100 }
    await ok(node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' }))
    await upload('/', 'a.txt', 'alpha words')
    const until = Date.now() + 8000
    while (((await states()) as { failed: number }).failed === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
    expect(await states()).toEqual({
      files: 1,
      processing: 0,
      ready: 0,
      failed: 1,
      failed_reasons: [{ reason: expect.stringMatching(/rejected the API key/), files: 1 }],
      embedding_failure: null,
      embedding_wait: null
    })
  })
})

describe('vector_fs_missing_paths', () => {
  it('names the places of the paths the library does not hold, in one call', async () => {
    await mkdir('/', 'Contracts')
    await upload('/Contracts', 'lease.txt', 'The lease')
    const body = await ok(
      node.post('/v2/vector_fs_missing_paths', {
        path_ids: [
          ['Contracts'],
          ['Contracts', 'lease.txt'],
          ['Contracts', 'gone.txt'],
          ['Nope', 'lease.txt'],
          ['Contracts', 'lease.txt', 'x'],
          []
        ]
      })
    )
    expect(body).toEqual({ missing: [2, 3, 4] })
  })

  it('with kinds, a path whose entry is of the other kind is missing: an item whose file became a folder of its name finds nothing', async () => {
    await mkdir('/', 'Contracts')
    await upload('/Contracts', 'lease.txt', 'The lease')
    await ok(node.post('/v2/delete_item', { path: '/Contracts/lease.txt' }))
    await mkdir('/Contracts', 'lease.txt')
    await upload('/', 'Notes.md', 'Notes')
    const path_ids = [['Contracts', 'lease.txt'], ['Notes.md'], ['Contracts'], ['Notes.md'], ['Contracts', 'lease.txt'], []]
    expect(
      await ok(node.post('/v2/vector_fs_missing_paths', { path_ids, kinds: ['file', 'folder', 'folder', 'file', 'folder', 'folder'] }))
    ).toEqual({
      missing: [0, 1]
    })
    // Without kinds, any entry will do.
    expect(await ok(node.post('/v2/vector_fs_missing_paths', { path_ids }))).toEqual({ missing: [] })
  })

  it('refuses kinds that are not one "folder" or "file" per path, naming the field, and changes nothing', async () => {
    const before = dbFingerprint(node.store)
    expectError(
      await node.post('/v2/vector_fs_missing_paths', { path_ids: [['a'], ['b']], kinds: ['file'] }),
      400,
      'kinds: expected one kind per path (2), got 1'
    )
    expectError(
      await node.post('/v2/vector_fs_missing_paths', { path_ids: [['a']], kinds: ['dir'] }),
      400,
      'kinds[0]: expected "folder" or "file"'
    )
    expectError(await node.post('/v2/vector_fs_missing_paths', { path_ids: [['a']], kinds: 'file' }), 400, 'kinds: expected an array')
    expect(dbFingerprint(node.store)).toEqual(before)
  })

  it('refuses a body without paths, with too many, or with a path that is not strings, and changes nothing', async () => {
    const before = dbFingerprint(node.store)
    expectError(await node.post('/v2/vector_fs_missing_paths', { path_ids: [] }), 400, 'path_ids: expected 1 to 10000 paths')
    expectError(
      await node.post('/v2/vector_fs_missing_paths', { path_ids: Array.from({ length: 10_001 }, () => ['a']) }),
      400,
      'path_ids: expected 1 to 10000 paths'
    )
    expectError(await node.post('/v2/vector_fs_missing_paths', { path_ids: [['a', 1]] }), 400, 'path_ids[0][1]')
    expectError(await node.post('/v2/vector_fs_missing_paths', {}), 400, 'path_ids')
    expect(dbFingerprint(node.store)).toEqual(before)
  })
})
