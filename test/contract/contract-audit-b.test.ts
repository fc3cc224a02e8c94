import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type HttpServer } from '../../src/main/transports/http'
import { dbFingerprint, serveUploadsOverHttp, useTestNode } from '../support/node'

/*
 * api-contract.md, lines 119-211 (confirmed additions, providers, inboxes at scale, VectorFS),
 * checked over real HTTP (127.0.0.1, port 0) where no other test held the node to the words.
 */

const TOKEN = 'audit-b-token'
const node = useTestNode()
let server: HttpServer

beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 4 * 1024 * 1024)
})
afterEach(() => server.close())

const auth = { Authorization: `Bearer ${TOKEN}` }

async function call(method: 'GET' | 'POST', path: string, body?: unknown, query: Record<string, string> = {}) {
  const qs = Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ''
  const res = await fetch(`${server.url}${path}${qs}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}
const get = (path: string, query: Record<string, string> = {}) => call('GET', path, undefined, query)
const post = (path: string, body: unknown) => call('POST', path, body)

async function upload(folder: string, filename: string, text: string) {
  const form = new FormData()
  form.append('path', folder)
  form.append('filename', filename)
  form.append('file_data', new Blob([text]), filename)
  const res = await fetch(`${server.url}/v2/upload_file_to_folder`, { method: 'POST', headers: auth, body: form })
  expect(res.status).toBe(200)
}

describe('VectorFS names: text SQLite can keep as given', () => {
  it('half of a surrogate pair in a name or a path is a 400 naming the field; nothing is made, moved or listed under another name', async () => {
    expect((await post('/v2/create_folder', { path: '/', folder_name: 'Reports' })).status).toBe(200)
    await upload('/Reports', 'q1.txt', 'quarterly figures')
    const before = dbFingerprint(node.store)
    // JSON.stringify writes a lone half as the escape \ud800: valid JSON on the wire.
    const refused: [string, unknown, RegExp][] = [
      ['/v2/create_folder', { path: '/', folder_name: 'a\ud800' }, /^folder_name: /],
      ['/v2/create_folder', { path: '/', folder_name: '\udc00b' }, /^folder_name: /],
      ['/v2/create_folder', { path: '/Reports\ud800', folder_name: 'x' }, /^path: /],
      ['/v2/move_item', { origin_path: '/Reports/q1.txt', destination_path: '/Reports/q\ud8001.txt' }, /^destination_path: /],
      ['/v2/move_folder', { origin_path: '/Reports', destination_path: '/Rep\udfffts' }, /^destination_path: /],
      ['/v2/delete_folder', { path: '/Reports\ud800' }, /^path: /]
    ]
    for (const [path, body, field] of refused) {
      const res = await post(path, body)
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400)
      expect(res.body).toMatchObject({ code: 400, error: 'Bad Request', message: expect.stringMatching(field) })
      expect((res.body as { message: string }).message).toMatch(/surrogate/)
    }
    expect(dbFingerprint(node.store)).toBe(before)
    const listed = (await get('/v2/retrieve_path_simplified', { path: '/', depth: '1' })).body as {
      name: string
      children: { name: string }[]
    }[]
    expect(listed.map((e) => [e.name, e.children.map((c) => c.name)])).toEqual([['Reports', ['q1.txt']]])
  })

  it('a name with whole surrogate pairs (emoji) is kept exactly: its path, path_ids and name read back as sent', async () => {
    const name = '🚀 Launch 東京 ✓'
    expect((await post('/v2/create_folder', { path: '/', folder_name: name })).status).toBe(200)
    const [entry] = (await get('/v2/retrieve_path_simplified', { path: '/' })).body as { path: string; path_ids: string[]; name: string }[]
    expect(entry).toMatchObject({ path: `/${name}`, path_ids: [name], name })
    expect((await get('/v2/retrieve_path_simplified', { path: `/${name}` })).status).toBe(200)
  })
})
