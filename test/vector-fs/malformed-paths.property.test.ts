import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseVfsPath } from '../../src/shared/contract/vector-fs'
import { dbFingerprint, expectError, useTestNode, type TestNode } from '../support/node'

const bytes = (text: string) => new TextEncoder().encode(text)

async function seed(node: TestNode) {
  for (const [path, name] of [
    ['/', 'Docs'],
    ['/Docs', 'Inner'],
    ['/', 'Other']
  ]) {
    await node.post('/v2/create_folder', { path, folder_name: name })
  }
  await node.post('/v2/upload_file_to_folder', { path: '/Docs', filename: 'a.txt', file_data: bytes('alpha words') })
}

/** Segments that break a rule, and paths built from them (or malformed as a whole). */
const badSegment = fc.oneof(
  fc.constantFrom('', '.', '..', 'a/b', '/', 'x'.repeat(256), '😀'.repeat(256)),
  fc.string({ minLength: 256, maxLength: 300 })
)
const anySegment = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  badSegment,
  fc.constantFrom('Docs', 'Inner', 'a.txt')
)
const anyPath = fc.oneof(
  fc.array(anySegment, { maxLength: 4 }).map((s) => '/' + s.join('/')),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', '/', '//', '/Docs/', 'Docs', '/./Docs', '/Docs/../Other', '/Docs//Inner', '\u0000', '/Docs/Inner/..')
)
const notAString = fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }))

const request = fc.oneof(
  fc.record({ route: fc.constant('create_folder'), body: fc.record({ path: anyPath, folder_name: fc.oneof(anySegment, badSegment) }) }),
  fc.record({ route: fc.constant('create_folder'), body: fc.record({ path: fc.oneof(anyPath, notAString), folder_name: notAString }) }),
  fc.record({
    route: fc.constant('upload_file_to_folder'),
    body: fc.record({
      path: anyPath,
      filename: fc.oneof(
        badSegment,
        anySegment.map((s) => `${s}.txt`)
      ),
      file_data: fc.constant(bytes('x'))
    })
  }),
  fc.record({ route: fc.constantFrom('move_item', 'move_folder'), body: fc.record({ origin_path: anyPath, destination_path: anyPath }) }),
  fc.record({ route: fc.constantFrom('delete_item', 'delete_folder'), body: fc.record({ path: fc.oneof(anyPath, notAString) }) }),
  fc.record({ route: fc.constant('search_items'), body: fc.record({ search: fc.string({ maxLength: 20 }), path: anyPath }) }),
  fc.record({
    route: fc.constantFrom('retrieve_path_simplified', 'download_file', 'retrieve_vector_resource'),
    query: fc.record({ path: anyPath })
  })
)

/** A path (or name) that breaks a rule: such a request must change nothing. */
const malformed = (r: { body?: Record<string, unknown>; query?: Record<string, unknown> }) => {
  const fields = { ...r.body, ...r.query }
  for (const key of ['path', 'origin_path', 'destination_path']) {
    const v = fields[key]
    if (v !== undefined && (typeof v !== 'string' || !parseVfsPath(v).ok)) return true
  }
  for (const key of ['folder_name', 'filename']) {
    const v = fields[key]
    if (v !== undefined && (typeof v !== 'string' || !parseVfsPath(`/${v}`).ok || v.includes('/'))) return true
  }
  return false
}

describe('VectorFS against malformed paths and names', () => {
  const node = useTestNode({ setup: seed, vectorFs: { maxUploadBytes: 64 * 1024 } })

  it('never answers 5xx; an error changes nothing; a malformed path or name is always a 400 naming the field', async () => {
    // A well-formed delete or move of the seeded file (or a folder holding it) may legitimately succeed: follow it.
    let seeded: string[] | null = ['Docs', 'a.txt']
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const before = dbFingerprint(node.store)
        const res =
          'query' in r ? await node.get(`/v2/${r.route}`, r.query) : await node.post(`/v2/${r.route}`, (r as { body: unknown }).body)
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500)
        if (res.status !== 200) {
          expectError(res, res.status)
          expect(dbFingerprint(node.store)).toBe(before)
        }
        if (res.status === 200 && seeded && /^(delete|move)_/.test(r.route)) {
          const body = (r as { body: Record<string, unknown> }).body
          const from = parseVfsPath(String(body.path ?? body.origin_path))
          const at = seeded
          if (from.ok && from.segments.every((s, i) => s === at[i])) {
            const to = parseVfsPath(String(body.destination_path))
            // moving is renaming: the destination is the new full path
            seeded = to.ok && r.route.startsWith('move_') ? [...to.segments, ...at.slice(from.segments.length)] : null
          }
        }
        if (malformed(r)) {
          expectError(res, 400)
          expect((res.body as { message: string }).message).toMatch(/(^|; )(path|origin_path|destination_path|folder_name|filename): /)
        }
      }),
      { numRuns: 300 }
    )
    // The seeded file is still there (where a well-formed move put it), unless a well-formed request deleted it.
    const where = seeded ? '/' + seeded.join('/') : '/Docs/a.txt'
    expect((await node.get('/v2/download_file', { path: where })).status).toBe(seeded ? 200 : 404)
  })

  it('an upload over the limit over IPC is 413 and stores nothing (bytes are not walked key by key on the way)', async () => {
    const before = dbFingerprint(node.store)
    const big = new Uint8Array(node.ctx.vectorFs.maxUploadBytes + 1)
    const res = await node.post('/v2/upload_file_to_folder', { path: '/', filename: 'big.txt', file_data: big })
    expectError(res, 413, 'file_data')
    expect(dbFingerprint(node.store)).toBe(before)
  })
})
