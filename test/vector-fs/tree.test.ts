import { describe, expect, it } from 'vitest'
import { JobScopeSchema, LocalVrkaiEntrySchema } from '../../src/shared/contract/scope'
import type { FileInfo, SearchResult } from '../../src/shared/contract/vector-fs'
import { addProvider, dbFingerprint, expectError, useTestNode, type TestNode } from '../support/node'
import { recordEvents } from '../support/answers'
import { documentResource, vrkaiEntry } from '../support/fixtures'

const bytes = (text: string) => new TextEncoder().encode(text)

async function mkdir(node: TestNode, path: string, name: string) {
  const res = await node.post('/v2/create_folder', { path, folder_name: name })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

async function upload(node: TestNode, path: string, filename: string, content: string | Uint8Array, extra: Record<string, unknown> = {}) {
  return node.post('/v2/upload_file_to_folder', {
    path,
    filename,
    file_data: typeof content === 'string' ? bytes(content) : content,
    ...extra
  })
}

async function list(node: TestNode, path = '/', depth?: number): Promise<FileInfo[]> {
  const res = await node.get('/v2/retrieve_path_simplified', { path, ...(depth === undefined ? {} : { depth: String(depth) }) })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as FileInfo[]
}

describe('VectorFS tree', () => {
  const node = useTestNode()

  it('creates folders, lists them to the requested depth, and refuses bad, missing and taken names', async () => {
    expect(await list(node)).toEqual([])
    await mkdir(node, '/', 'Contracts')
    await mkdir(node, '/Contracts', '2025')
    const top = await list(node, '/', 0)
    expect(top).toHaveLength(1)
    expect(top[0]).toMatchObject({
      path: '/Contracts',
      path_ids: ['Contracts'],
      name: 'Contracts',
      is_directory: true,
      status: null,
      children: null
    })
    const deep = await list(node, '/', 1)
    expect(deep[0]!.children!.map((c) => c.path)).toEqual(['/Contracts/2025'])
    expect(deep[0]!.children![0]!.children).toBeNull()

    expectError(await node.post('/v2/create_folder', { path: '/', folder_name: 'Contracts' }), 409, 'folder_name')
    expectError(await node.post('/v2/create_folder', { path: '/Nope', folder_name: 'x' }), 404, 'path')
    expectError(await node.post('/v2/create_folder', { path: '/', folder_name: 'a/b' }), 400, 'folder_name')
    expectError(await node.post('/v2/create_folder', { path: '/', folder_name: '..' }), 400, 'folder_name')
    expectError(await node.post('/v2/create_folder', { path: '/', folder_name: '' }), 400, 'folder_name')
    expectError(await node.post('/v2/create_folder', { path: '/', folder_name: 'x'.repeat(256) }), 400, 'folder_name')
    expectError(await node.post('/v2/create_folder', { path: 'Contracts', folder_name: 'x' }), 400, 'path')
    expectError(await node.get('/v2/retrieve_path_simplified', { path: '/Nope' }), 404)
    expectError(await node.get('/v2/retrieve_path_simplified', { depth: '11' }), 400, 'depth')
    // 255 characters counted as code points are fine.
    await mkdir(node, '/', '🚀'.repeat(255))
  })

  it('uploads a text file: FileInfo back, listed, searchable by keywords at once, downloadable byte for byte', async () => {
    await mkdir(node, '/', 'Notes')
    const events = recordEvents(node)
    const text = 'Quarterly revenue grew by twelve percent.\n\nThe lease of the Berlin office ends in March.'
    const res = await upload(node, '/Notes', 'summary.txt', text, { file_datetime: '2024-03-01T10:00:00Z' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({
      path: '/Notes/summary.txt',
      path_ids: ['Notes', 'summary.txt'],
      name: 'summary.txt',
      is_directory: false,
      has_embeddings: false,
      size: bytes(text).length,
      status: 'ready',
      modified_time: '2024-03-01T10:00:00.000Z',
      children: null
    })
    expect(events).toContainEqual({ type: 'vector_fs_changed', data: { path: '/Notes/summary.txt' } })

    const found = (await node.post('/v2/search_items', { search: 'Berlin lease' })).body as SearchResult[]
    expect(found[0]).toMatchObject({ path: '/Notes/summary.txt', name: 'summary.txt', node_id: '1' })
    expect(found[0]!.text).toContain('Berlin office')
    expect(found[0]!.score).toBeGreaterThan(0)

    const dl = await node.get('/v2/download_file', { path: '/Notes/summary.txt' })
    expect(dl.status).toBe(200)
    expect(Buffer.from(dl.body as Uint8Array).toString('utf8')).toBe(text)
    expectError(await node.get('/v2/download_file', { path: '/Notes/missing.txt' }), 404)
    expectError(await node.get('/v2/download_file', { path: '/Notes' }), 404)

    expectError(await upload(node, '/Notes', 'summary.txt', 'again'), 409, 'filename')
    expectError(await upload(node, '/Missing', 'a.txt', 'x'), 404, 'path')
    expectError(await upload(node, '/Notes', 'image.png', 'x'), 415, '.pdf')
    expectError(await node.post('/v2/upload_file_to_folder', { path: '/Notes', filename: 'a.txt' }), 400, 'file_data')
    expectError(await upload(node, '/Notes', 'b.txt', 'x', { file_datetime: 'yesterday' }), 400, 'file_datetime')
  })

  it('a new name with control or text-direction characters is refused; an entry keeping its name can still move', async () => {
    await mkdir(node, '/', 'Notes')
    const before = dbFingerprint(node.store)
    // U+202E makes "report‮txt.exe" show as "reportexe.txt": a name lying about its type.
    for (const name of ['report\u202etxt.exe', 'line\nbreak.txt', 'bell\u0007.txt', 'nul\u0000.txt', 'c1\u0085.txt']) {
      expectError(await upload(node, '/Notes', name, 'x'), 400, 'filename')
      expectError(await node.post('/v2/create_folder', { path: '/Notes', folder_name: name }), 400, 'folder_name')
    }
    expect(dbFingerprint(node.store)).toBe(before)
    expect((await upload(node, '/Notes', 'plain.txt', 'x')).status).toBe(200)
    expectError(
      await node.post('/v2/move_item', { origin_path: '/Notes/plain.txt', destination_path: '/Notes/re\u202ead.txt' }),
      400,
      'destination_path'
    )
    // Hebrew and Arabic names, and emoji with joiners, are names like any other.
    expect((await upload(node, '/Notes', 'שלום.txt', 'x')).status).toBe(200)
    expect((await upload(node, '/Notes', 'مرحبا.txt', 'x')).status).toBe(200)
    expect((await upload(node, '/Notes', '👩‍💻.txt', 'x')).status).toBe(200)
    await mkdir(node, '/', 'Other')
    expect((await node.post('/v2/move_item', { origin_path: '/Notes/plain.txt', destination_path: '/Other/plain.txt' })).status).toBe(200)
  })

  it('search is accent- and case-insensitive and keeps to the path it is given', async () => {
    await mkdir(node, '/', 'A')
    await mkdir(node, '/', 'B')
    await upload(node, '/A', 'cafe.md', '# Café\n\nLe CAFÉ est ouvert le dimanche.')
    await upload(node, '/B', 'other.md', '# Cafe\n\nThe cafe in B is closed on sunday.')
    const all = (await node.post('/v2/search_items', { search: 'cafe' })).body as SearchResult[]
    expect(new Set(all.map((r) => r.path))).toEqual(new Set(['/A/cafe.md', '/B/other.md']))
    const inA = (await node.post('/v2/search_items', { search: 'cafe', path: '/A' })).body as SearchResult[]
    expect(inA.map((r) => r.path)).toEqual(['/A/cafe.md'])
    const one = (await node.post('/v2/search_items', { search: 'cafe', max_results: 1 })).body as SearchResult[]
    expect(one).toHaveLength(1)
    expectError(await node.post('/v2/search_items', { search: 'cafe', path: '/C' }), 404)
    expectError(await node.post('/v2/search_items', { search: '' }), 400, 'search')
    expectError(await node.post('/v2/search_items', { search: 'x', max_results: 101 }), 400, 'max_results')
    // FTS5 syntax in a query is taken as words, never as an error.
    expect((await node.post('/v2/search_items', { search: '"unbalanced AND (NEAR' })).status).toBe(200)
  })

  it('search ignores the accents of every script, keeps the texts as written, and keeps marks that make another letter', async () => {
    await upload(node, '/', 'greek.md', 'Ταξίδι στην Ελλάδα το καλοκαίρι.')
    await upload(node, '/', 'russian.md', 'Ёлка стоит в углу.')
    await upload(node, '/', 'hebrew.md', 'שָׁלוֹם עֲלֵיכֶם')
    await upload(node, '/', 'japanese.md', 'バス 停留所')
    await upload(node, '/', 'hindi.md', 'आज काम बहुत है')
    const paths = async (search: string) => ((await node.post('/v2/search_items', { search })).body as SearchResult[]).map((r) => r.path)
    expect(await paths('ελλαδα')).toEqual(['/greek.md'])
    expect(await paths('ΕΛΛΆΔΑ')).toEqual(['/greek.md'])
    expect(await paths('елка')).toEqual(['/russian.md'])
    expect(await paths('שלום')).toEqual(['/hebrew.md'])
    // Dakuten and Indic vowel signs make other letters: バス (bus) is not パス (pass), काम (work) is not कम (less).
    expect(await paths('バス')).toEqual(['/japanese.md'])
    expect(await paths('パス')).toEqual([])
    expect(await paths('काम')).toEqual(['/hindi.md'])
    expect(await paths('कम')).toEqual([])
    // What a result shows is the text as written, accents and points included.
    const [greek] = (await node.post('/v2/search_items', { search: 'ελλαδα' })).body as SearchResult[]
    expect(greek!.text).toContain('Ελλάδα')
    const [hebrew] = (await node.post('/v2/search_items', { search: 'שלום' })).body as SearchResult[]
    expect(hebrew!.text).toContain('שָׁלוֹם')
    // Deleting a file takes its words out of the index.
    expect((await node.post('/v2/delete_item', { path: '/greek.md' })).status).toBe(200)
    expect(await paths('ελλαδα')).toEqual([])
  })

  it('search finds an emoji that has a compatibility form (ℹ️ ™ ‼️ 🈁) as the emoji, not as the letters of that form', async () => {
    await upload(node, '/', 'notices.md', 'Read the ℹ️ notes, the ‼️ warnings and the 🈁 sign about Acme™ first.')
    await upload(node, '/', 'letters.md', 'So i said TM and !! beside the ココ stand.')
    const paths = async (search: string) => ((await node.post('/v2/search_items', { search })).body as SearchResult[]).map((r) => r.path)
    expect(await paths('ℹ️')).toEqual(['/notices.md'])
    expect(await paths('™')).toEqual(['/notices.md'])
    expect(await paths('🈁')).toEqual(['/notices.md'])
    // Full-width and ligature letters are still the letters they stand for.
    expect(await paths('ＴＭ')).toEqual(['/letters.md'])
  })

  it('text files saved as UTF-16 (with a byte order mark) or in a Windows/Latin-1 code page are read as their text and found by their words', async () => {
    const utf16le = new Uint8Array([0xff, 0xfe, ...Buffer.from('The boiler room key is kept by the caretaker.', 'utf16le')])
    const utf16be = Buffer.from('Spare fuses are in the cellar cupboard.', 'utf16le').swap16()
    const windows1252 = Buffer.from('Café crème brûlée for the summer fête, 5 € each.', 'latin1')
    windows1252[windows1252.length - 7] = 0x80 // € in Windows-1252
    expect((await upload(node, '/', 'keys.txt', utf16le)).status).toBe(200)
    expect((await upload(node, '/', 'fuses.csv', new Uint8Array([0xfe, 0xff, ...utf16be]))).status).toBe(200)
    expect((await upload(node, '/', 'menu.txt', new Uint8Array(windows1252))).status).toBe(200)
    const found = async (search: string) =>
      ((await node.post('/v2/search_items', { search })).body as SearchResult[]).map((r) => [r.path, r.text])
    expect(await found('caretaker')).toEqual([['/keys.txt', 'The boiler room key is kept by the caretaker.']])
    expect(await found('cupboard')).toEqual([['/fuses.csv', 'Spare fuses are in the cellar cupboard.']])
    expect(await found('brulee')).toEqual([['/menu.txt', 'Café crème brûlée for the summer fête, 5 € each.']])
    // A UTF-8 file with one damaged byte stays UTF-8 (only that byte is lost).
    const damaged = new Uint8Array([...Buffer.from('Crème fraîche on the terrace '), 0xff, ...Buffer.from('every Friday.')])
    expect((await upload(node, '/', 'terrace.txt', damaged)).status).toBe(200)
    expect(await found('terrace')).toEqual([['/terrace.txt', 'Crème fraîche on the terrace \uFFFDevery Friday.']])
    // The original bytes are kept as they came.
    expect(new Uint8Array((await node.get('/v2/download_file', { path: '/keys.txt' })).body as Uint8Array)).toEqual(utf16le)
  })

  it('moves and renames files and folders; refuses a folder into itself, taken names and missing origins', async () => {
    await mkdir(node, '/', 'A')
    await mkdir(node, '/A', 'Inner')
    await mkdir(node, '/', 'B')
    await upload(node, '/A', 'x.txt', 'alpha beta')
    await upload(node, '/B', 'y.txt', 'gamma')

    expect((await node.post('/v2/move_item', { origin_path: '/A/x.txt', destination_path: '/B/z.txt' })).body).toBe('Successfully moved')
    expect((await list(node, '/B')).map((f) => f.name)).toEqual(['y.txt', 'z.txt'])
    const hit = (await node.post('/v2/search_items', { search: 'alpha' })).body as SearchResult[]
    expect(hit[0]!.path).toBe('/B/z.txt')

    const before = dbFingerprint(node.store)
    expectError(await node.post('/v2/move_folder', { origin_path: '/A', destination_path: '/A/Inner/A' }), 400, 'itself')
    expectError(await node.post('/v2/move_folder', { origin_path: '/A', destination_path: '/A/A2' }), 400, 'itself')
    expectError(await node.post('/v2/move_item', { origin_path: '/B/y.txt', destination_path: '/B/z.txt' }), 409)
    expectError(await node.post('/v2/move_item', { origin_path: '/B/none.txt', destination_path: '/B/q.txt' }), 404)
    expectError(await node.post('/v2/move_item', { origin_path: '/B/y.txt', destination_path: '/None/q.txt' }), 404)
    expectError(await node.post('/v2/move_item', { origin_path: '/A', destination_path: '/C' }), 404)
    expectError(await node.post('/v2/move_folder', { origin_path: '/', destination_path: '/C' }), 400)
    expect(dbFingerprint(node.store)).toBe(before)

    expect((await node.post('/v2/move_folder', { origin_path: '/A', destination_path: '/B/A-renamed' })).status).toBe(200)
    const tree = await list(node, '/', 3)
    expect(tree.map((f) => f.path)).toEqual(['/B'])
    expect(tree[0]!.children!.map((f) => f.path)).toEqual(['/B/A-renamed', '/B/y.txt', '/B/z.txt'])
    expect(tree[0]!.children![0]!.children!.map((f) => f.path)).toEqual(['/B/A-renamed/Inner'])
  })

  it('deletes files and folders with everything in them; the root cannot be deleted', async () => {
    await mkdir(node, '/', 'A')
    await mkdir(node, '/A', 'Deep')
    await upload(node, '/A/Deep', 'x.txt', 'unique zebra words')
    await upload(node, '/', 'keep.txt', 'unique zebra words')
    expectError(await node.post('/v2/delete_folder', { path: '/' }), 400, 'root')
    expectError(await node.post('/v2/delete_item', { path: '/A' }), 404)
    expectError(await node.post('/v2/delete_folder', { path: '/keep.txt' }), 404)
    expect((await node.post('/v2/delete_folder', { path: '/A' })).body).toBe('Successfully deleted')
    expect((await list(node)).map((f) => f.path)).toEqual(['/keep.txt'])
    const hits = (await node.post('/v2/search_items', { search: 'zebra' })).body as SearchResult[]
    expect(hits.map((h) => h.path)).toEqual(['/keep.txt'])
    // Same bytes as the deleted file: the shared original is still there.
    expect((await node.get('/v2/download_file', { path: '/keep.txt' })).status).toBe(200)
    expect((await node.post('/v2/delete_item', { path: '/keep.txt' })).body).toBe('Successfully deleted')
    expectError(await node.post('/v2/delete_item', { path: '/keep.txt' }), 404)
    expect(node.store.db.prepare('SELECT count(*) AS n FROM vfs_passages').get()).toEqual({ n: 0 })
  })

  it('refuses a name that differs from one beside it only in its Unicode form, and lets a name change form', async () => {
    // "café" composed (as typed) and decomposed (as a Mac's file system names files): identical on screen.
    const composed = 'caf\u00e9'
    const decomposed = 'cafe\u0301'
    await mkdir(node, '/', composed)
    await upload(node, '/', `${composed}.txt`, 'one')
    const before = dbFingerprint(node.store)
    expectError(await node.post('/v2/create_folder', { path: '/', folder_name: decomposed }), 409, 'folder_name')
    expectError(await upload(node, '/', `${decomposed}.txt`, 'two'), 409, 'filename')
    await upload(node, '/', 'other.txt', 'three')
    const after = dbFingerprint(node.store)
    expectError(await node.post('/v2/move_item', { origin_path: '/other.txt', destination_path: `/${decomposed}.txt` }), 409)
    expectError(await node.post('/v2/move_folder', { origin_path: `/${composed}`, destination_path: `/${decomposed}.txt` }), 409)
    expect(dbFingerprint(node.store)).toBe(after)
    expect(after).not.toBe(before)
    // Renaming a file to its own name in the other form is a rename, not a clash.
    expect((await node.post('/v2/move_item', { origin_path: `/${composed}.txt`, destination_path: `/${decomposed}.txt` })).status).toBe(200)
    expect((await list(node)).map((f) => f.name)).toEqual([composed, `${decomposed}.txt`, 'other.txt'])
  })

  it('exports a file as a LocalVrkaiEntry a job scope accepts, with merkle hashes', async () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => `Paragraph ${i} about solar panels and batteries. `.repeat(6)).join('\n\n')
    await upload(node, '/', 'energy.md', `# Energy\n\n${paragraphs}`)
    const res = await node.get('/v2/retrieve_vector_resource', { path: '/energy.md' })
    expect(res.status).toBe(200)
    const entry = LocalVrkaiEntrySchema.parse(res.body)
    const doc = entry.vrkai.resource.Document
    expect(doc.name).toBe('energy.md')
    expect(doc.node_count).toBe(doc.nodes.length)
    expect(doc.nodes.length).toBeGreaterThan(1)
    expect(doc.nodes[0]!.merkle_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(doc.merkle_root).toMatch(/^[0-9a-f]{64}$/)
    expect(doc.keywords.keyword_list).toContain('solar')
    expect(doc.source.Standard.FileRef.file_type.Document).toBe('Md')
    const scope = { local_vrkai: [res.body], local_vrpack: [], network_folders: [], vector_fs_folders: [], vector_fs_items: [] }
    expect(JobScopeSchema.safeParse(scope).success).toBe(true)
    expectError(await node.get('/v2/retrieve_vector_resource', { path: '/none.md' }), 404)
  })

  it('a .vrkai upload is stored with its own nodes and exported as it came', async () => {
    const entry = vrkaiEntry(documentResource('handbook'))
    const res = await upload(node, '/', 'handbook.vrkai', JSON.stringify(entry))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const found = (await node.post('/v2/search_items', { search: 'Première partie' })).body as SearchResult[]
    expect(found[0]).toMatchObject({ path: '/handbook.vrkai', node_id: '1' })
    expect((await node.get('/v2/retrieve_vector_resource', { path: '/handbook.vrkai' })).body).toEqual(entry)
    expectError(await upload(node, '/', 'bad.vrkai', '{"vrkai": {}}'), 400, 'file_data')
  })

  it('the embedding model: nulls by default; only kinds that can embed; 404 for unknown providers', async () => {
    expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: null, model: null })
    await addProvider(node, 'claude', { model: { Claude: { model_type: 'claude-sonnet-4-5' } }, api_key: 'k' })
    await addProvider(node, 'local', { model: { Ollama: { model_type: 'llama3.2' } }, external_url: 'http://127.0.0.1:9' })
    const before = dbFingerprint(node.store)
    expectError(await node.post('/v2/update_default_embedding_model', { provider_id: 'claude', model: 'x' }), 400, 'provider_id')
    expectError(await node.post('/v2/update_default_embedding_model', { provider_id: 'nobody', model: 'x' }), 404, 'provider_id')
    expectError(await node.post('/v2/update_default_embedding_model', { provider_id: 'local', model: null }), 400)
    expectError(await node.post('/v2/update_default_embedding_model', { provider_id: 'local' }), 400, 'model')
    // Spaces alone name no model: every embedding would fail.
    for (const model of ['', '   ']) {
      const res = await node.post('/v2/update_default_embedding_model', { provider_id: 'local', model })
      expectError(res, 400, 'model')
      expect((res.body as { message: string }).message).toBe("model: Enter the embedding model's name, e.g. text-embedding-3-small.")
    }
    expect(dbFingerprint(node.store)).toBe(before)
    expect((await node.post('/v2/update_default_embedding_model', { provider_id: 'local', model: 'nomic-embed-text' })).body).toBe(
      'Successfully updated embedding model'
    )
    expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: 'local', model: 'nomic-embed-text' })
    await node.post('/v2/update_default_embedding_model', { provider_id: null, model: null })
    expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: null, model: null })
  })
})
