import { expect, it } from 'vitest'
import { dbFingerprint, expectError, useTestNode, useUploadServer } from '../support/node'

/*
 * A tester's confusions with the library's endpoints, over real HTTP:
 * - move_item / delete_item on a folder answered 404 "no file /A", which read as if /A did not exist
 *   (and the folder endpoints on a file "no folder /x.txt"). Still 404, as the contract has it, but
 *   the message says what is there and which endpoint acts on it.
 * - An upload named "trail.txt " was refused as if .txt were unreadable: the 415 now says the name ends
 *   with spaces after its extension. A rename to such a name stays allowed (move_item's only 400 in the
 *   contract is a folder into itself); the window's Rename dialog asks for a readable name.
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

it('a file renamed to a name of a type an upload would refuse is moved, as the contract lists no such refusal (the window’s Rename asks for a readable name)', async () => {
  expect((await upload.upload('/', 'note.txt', 'hello there')).status).toBe(200)
  expect((await post('/v2/move_item', { origin_path: '/note.txt', destination_path: '/note' })).status).toBe(200)
  expect((await post('/v2/move_item', { origin_path: '/note', destination_path: '/renamed.exe' })).status).toBe(200)
  expect(await list('/')).toEqual(['renamed.exe'])
})

it('an upload refused only for the spaces after its extension ("trail.txt ") says so, storing nothing', async () => {
  const refusal = await upload.upload('/', 'trail.txt ', 'hello there')
  expectError(
    { status: refusal.status, body: refusal.body },
    415,
    'filename: "trail.txt " is not a type the node can read (it ends with spaces after its extension); readable types: .txt'
  )
  expect(await list('/')).toEqual([])
})

it('an upload refused only for the dots after its extension ("report.txt.") says so, with the same 415, storing nothing', async () => {
  const refusal = await upload.upload('/', 'report.txt.', 'hello there')
  expectError(
    { status: refusal.status, body: refusal.body },
    415,
    'filename: "report.txt." is not a type the node can read (it ends with a dot after its extension); readable types: .txt'
  )
  const two = await upload.upload('/', 'report.txt..', 'hello there')
  expectError(
    { status: two.status, body: two.body },
    415,
    'filename: "report.txt.." is not a type the node can read (it ends with dots after its extension)'
  )
  // A name with no readable type before its dot is refused as before, without the hint.
  const plain = await upload.upload('/', 'report.exe.', 'hello there')
  expect(plain.status).toBe(415)
  expect(JSON.stringify(plain.body)).not.toContain('after its extension')
  expect(await list('/')).toEqual([])
})
