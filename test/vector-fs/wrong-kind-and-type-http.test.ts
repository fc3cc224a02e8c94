import { expect, it } from 'vitest'
import { dbFingerprint, expectError, useTestNode, useUploadServer } from '../support/node'

/*
 * A tester's confusions with the library's endpoints, over real HTTP:
 * - move_item / delete_item on a folder answered 404 "no file /A", which read as if /A did not exist
 *   (and the folder endpoints on a file "no folder /x.txt"). Still 404, as the contract has it, but
 *   the message says what is there and which endpoint acts on it.
 * - A file renamed to a type the library cannot read (note.txt -> renamed.exe) was moved, while an
 *   upload of that name is refused 415: the file could then not be replaced under its own name. The
 *   contract says nothing of it: refused 400 naming destination_path, in the upload's own words.
 */
const TOKEN = 'kinds-token'
const node = useTestNode()
const upload = useUploadServer(node, TOKEN, 1 << 20)

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${upload.server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}
const list = async (path: string) => {
  const res = await fetch(`${upload.server.url}/v2/retrieve_path_simplified?path=${encodeURIComponent(path)}`, {
    headers: { Authorization: `Bearer ${TOKEN}` }
  })
  return ((await res.json()) as { name: string }[]).map((e) => e.name)
}

it('a file endpoint on a folder, and a folder endpoint on a file, is a 404 saying what is there and what to use; nothing changes', async () => {
  expect((await post('/v2/create_folder', { path: '/', folder_name: 'A' })).status).toBe(200)
  expect((await upload.upload('/', 'note.txt', 'hello there')).status).toBe(200)
  const before = dbFingerprint(node.store)
  expectError(
    await post('/v2/move_item', { origin_path: '/A', destination_path: '/B' }),
    404,
    'origin_path: /A is a folder, not a file: use move_folder'
  )
  expectError(await post('/v2/delete_item', { path: '/A' }), 404, 'path: /A is a folder, not a file: use delete_folder')
  expectError(
    await post('/v2/move_folder', { origin_path: '/note.txt', destination_path: '/A/note.txt' }),
    404,
    'origin_path: /note.txt is a file, not a folder: use move_item'
  )
  expectError(await post('/v2/delete_folder', { path: '/note.txt' }), 404, 'path: /note.txt is a file, not a folder: use delete_item')
  // Nothing there at all still says so.
  expectError(await post('/v2/delete_item', { path: '/missing.txt' }), 404, 'path: no file /missing.txt')
  expect(dbFingerprint(node.store)).toBe(before)
})

it('a file renamed or moved to a name of a type the library cannot read is a 400 naming destination_path, in the words of the upload’s 415', async () => {
  expect((await post('/v2/create_folder', { path: '/', folder_name: 'A' })).status).toBe(200)
  expect((await upload.upload('/', 'note.txt', 'hello there')).status).toBe(200)
  const refusal = await upload.upload('/', 'renamed.exe', 'hello there')
  expect(refusal.status).toBe(415)
  const uploadWords = (refusal.body as { message: string }).message.replace(/^filename: "renamed\.exe"/, '')
  const before = dbFingerprint(node.store)
  for (const destination of ['/renamed.exe', '/A/h.exe', '/note']) {
    const res = await post('/v2/move_item', { origin_path: '/note.txt', destination_path: destination })
    const name = destination.slice(destination.lastIndexOf('/') + 1)
    expectError(res, 400, `destination_path: "${name}"${uploadWords}`)
    expect((res.body as { message: string }).message).toContain('readable types: .txt, .md')
  }
  expect(dbFingerprint(node.store)).toBe(before)
  // Readable names still move; keeping its name, a file moves as before.
  expect((await post('/v2/move_item', { origin_path: '/note.txt', destination_path: '/A/note.md' })).status).toBe(200)
  expect((await post('/v2/move_item', { origin_path: '/A/note.md', destination_path: '/note.md' })).status).toBe(200)
  expect(await list('/')).toEqual(['A', 'note.md'])
})

it('a name refused only for the spaces after its extension ("trail.txt ") says so, stored as nothing else, in an upload and a rename', async () => {
  const refusal = await upload.upload('/', 'trail.txt ', 'hello there')
  expectError(
    { status: refusal.status, body: refusal.body },
    415,
    'filename: "trail.txt " is not a type the node can read (it ends with spaces after its extension); readable types: .txt'
  )
  expect(await list('/')).toEqual([])
  expect((await upload.upload('/', 'note.txt', 'hello there')).status).toBe(200)
  expectError(
    await post('/v2/move_item', { origin_path: '/note.txt', destination_path: '/trail.txt ' }),
    400,
    'destination_path: "trail.txt " is not a type the node can read (it ends with spaces after its extension)'
  )
  expect(await list('/')).toEqual(['note.txt'])
})
