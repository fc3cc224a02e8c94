import { afterEach, beforeEach, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { dbFingerprint, expectError, useTestNode } from '../support/node'

/*
 * api-contract.md, VectorFS: move_folder answers 400 for "a folder into itself", also when the
 * destination names folders under it that do not exist (it answered 404 for the first missing one).
 */
const TOKEN = 'move-token'
const node = useTestNode()
let http: HttpServer
beforeEach(async () => {
  http = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
})
afterEach(() => http.close())

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${http.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}

it('a folder moved under its own path is a 400 naming destination_path, whether or not the folders between exist; nothing changes', async () => {
  expect((await post('/v2/create_folder', { path: '/', folder_name: 'Contracts' })).status).toBe(200)
  expect((await post('/v2/create_folder', { path: '/Contracts', folder_name: '2025' })).status).toBe(200)
  const before = dbFingerprint(node.store)
  for (const destination of ['/Contracts/Contracts', '/Contracts/2025/Contracts', '/Contracts/missing/Contracts', '/Contracts/a/b/c']) {
    expectError(await post('/v2/move_folder', { origin_path: '/Contracts', destination_path: destination }), 400, 'destination_path: ')
  }
  expect(dbFingerprint(node.store)).toBe(before)
  // A name that only starts like the folder's is elsewhere: a missing parent there is still a 404.
  expectError(await post('/v2/move_folder', { origin_path: '/Contracts', destination_path: '/Contracts-old/x' }), 404, 'destination_path: ')
  expectError(await post('/v2/move_folder', { origin_path: '/Nothing', destination_path: '/Nothing/x' }), 404, 'origin_path: ')
  expect((await post('/v2/move_folder', { origin_path: '/Contracts/2025', destination_path: '/2025' })).status).toBe(200)
})

it('a destination naming the folder in its other Unicode form (Café composed, stored decomposed) is under it too: 400, not 404', async () => {
  const NFD = 'Cafe\u0301'
  const NFC = 'Caf\u00e9'
  expect((await post('/v2/create_folder', { path: '/', folder_name: NFD })).status).toBe(200)
  const before = dbFingerprint(node.store)
  for (const [origin, destination] of [
    [`/${NFD}`, `/${NFC}/missing/${NFD}`],
    [`/${NFC}`, `/${NFD}/a/b`],
    [`/${NFD}`, `/${NFC}/${NFD}`]
  ]) {
    expectError(
      await post('/v2/move_folder', { origin_path: origin, destination_path: destination }),
      400,
      'destination_path: a folder cannot be moved into itself'
    )
  }
  expect(dbFingerprint(node.store)).toBe(before)
})
