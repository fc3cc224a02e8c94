import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { httpCaller } from '../support/http-call'
import { dbFingerprint, expectError, useUploadServer, useTestNode } from '../support/node'
import { recordEvents } from '../support/answers'

/*
 * api-contract.md, VectorFS: "Names are unique within a folder", and the node holds "café" typed
 * (composed, NFC) and "café" from a Mac's file system (decomposed, NFD) to be one name: the second
 * is refused with 409 "/café exists". Every path lookup then compared the bytes, so the same
 * request that was told the folder exists was told "404 no folder /café" by listing, upload,
 * download, move, delete and search: a folder a Mac client named could not be reached by the name
 * typed on a keyboard, nor the other way round.
 */
const TOKEN = 'unicode-form-token'
const NFC = 'Caf\u00e9'
const NFD = 'Cafe\u0301'
const node = useTestNode()
let http: HttpServer
beforeEach(async () => {
  http = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log })
})
afterEach(() => http.close())
const call = httpCaller(() => http, TOKEN)
const q = (path: string) => encodeURIComponent(path)

describe('a path given in the other Unicode form of a stored name', () => {
  it('reaches the entry: listing, children, download, resource, search, move and delete, with the stored spelling in answers', async () => {
    expect((await call('POST', '/v2/create_folder', { path: '/', folder_name: NFD })).status).toBe(200)
    expectError(await call('POST', '/v2/create_folder', { path: '/', folder_name: NFC }), 409, `folder_name: /${NFC} exists`)
    // Named composed, the decomposed folder is the one there is.
    expect((await call('POST', '/v2/create_folder', { path: `/${NFC}`, folder_name: 'Menus' })).status).toBe(200)
    const listed = await call<FileInfo[]>('GET', `/v2/retrieve_path_simplified?path=${q(`/${NFC}`)}`)
    expect(listed.status).toBe(200)
    expect(listed.body.map((f) => [f.path, f.path_ids])).toEqual([[`/${NFD}/Menus`, [NFD, 'Menus']]])
    const root = await call<FileInfo[]>('GET', '/v2/retrieve_path_simplified?path=/&depth=1')
    expect(root.body.map((f) => [f.name, f.children?.map((c) => c.path)])).toEqual([[NFD, [`/${NFD}/Menus`]]])
  })

  it('finds files for download, retrieve_vector_resource and search_items under either spelling', async () => {
    expect((await call('POST', '/v2/create_folder', { path: '/', folder_name: NFC })).status).toBe(200)
    const fileName = `Re\u0301sume\u0301.txt` // stored decomposed
    const uploaded = await node.post('/v2/upload_file_to_folder', {
      path: `/${NFD}`,
      filename: fileName,
      file_data: new TextEncoder().encode('A menu of crêpes and galettes.')
    })
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200)
    expect((uploaded.body as FileInfo).path).toBe(`/${NFC}/${fileName}`)
    const composed = `/${NFC}/${fileName.normalize('NFC')}`
    const res = await fetch(`${http.url}/v2/download_file?path=${q(composed)}`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('A menu of crêpes and galettes.')
    const resource = await call<{ vrkai: { resource: { Document: { name: string } } } }>(
      'GET',
      `/v2/retrieve_vector_resource?path=${q(composed)}`
    )
    expect(resource.status).toBe(200)
    expect(resource.body.vrkai.resource.Document.name).toBe(fileName)
    const hits = await call<{ path: string }[]>('POST', '/v2/search_items', { search: 'galettes', path: `/${NFD}` })
    expect(hits.status).toBe(200)
    expect(hits.body.map((h) => h.path)).toEqual([`/${NFC}/${fileName}`])
    const inFile = await call<{ path: string }[]>('POST', '/v2/search_items', { search: 'galettes', path: composed })
    expect(inFile.body.map((h) => h.path)).toEqual([`/${NFC}/${fileName}`])
  })

  it('moves and deletes the entry named in the other form; a path naming nothing is still a 404 that changes nothing', async () => {
    expect((await call('POST', '/v2/create_folder', { path: '/', folder_name: NFD })).status).toBe(200)
    expect((await call('POST', '/v2/create_folder', { path: '/', folder_name: 'Archive' })).status).toBe(200)
    expect((await call('POST', '/v2/move_folder', { origin_path: `/${NFC}`, destination_path: `/Archive/${NFD}` })).body).toBe(
      'Successfully moved'
    )
    const archive = await call<FileInfo[]>('GET', '/v2/retrieve_path_simplified?path=/Archive')
    expect(archive.body.map((f) => f.path)).toEqual([`/Archive/${NFD}`])
    const before = dbFingerprint(node.store)
    expectError(await call('POST', '/v2/delete_folder', { path: '/Archive/Cafe' }), 404, 'path: no folder /Archive/Cafe')
    expectError(await call('GET', `/v2/retrieve_path_simplified?path=${q('/Caf\u00e8')}`), 404, 'path: no folder')
    expect(dbFingerprint(node.store)).toBe(before)
    expect((await call('POST', '/v2/delete_folder', { path: `/Archive/${NFC}` })).body).toBe('Successfully deleted')
    expect((await call<FileInfo[]>('GET', '/v2/retrieve_path_simplified?path=/Archive')).body).toEqual([])
  })
})

describe('an upload into a folder named in the other form', () => {
  const uploads = useUploadServer(node, TOKEN, 1024 * 1024)
  it('lands in the stored folder', async () => {
    expect((await node.post('/v2/create_folder', { path: '/', folder_name: NFD })).status).toBe(200)
    const form = new FormData()
    form.append('path', `/${NFC}`)
    form.append('filename', 'menu.txt')
    form.append('file_data', new Blob(['Soup of the day.']), 'menu.txt')
    const res = await fetch(`${uploads.server.url}/v2/upload_file_to_folder`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: form
    })
    const body = (await res.json()) as FileInfo
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(body.path_ids).toEqual([NFD, 'menu.txt'])
  })
})

describe('an upload under way into a folder named in the other form', () => {
  it('follows the folder when it is renamed or moved meanwhile (by either spelling), as it does for the same spelling', async () => {
    expect((await node.post('/v2/create_folder', { path: '/', folder_name: NFD })).status).toBe(200)
    expect((await node.post('/v2/create_folder', { path: '/', folder_name: 'Archive' })).status).toBe(200)
    const vfs = node.ctx.vectorFs
    // The request began naming the folder composed; the folder, stored decomposed, moves while its bytes arrive.
    const began = performance.now()
    const moved = await node.post('/v2/move_folder', { origin_path: `/${NFD}`, destination_path: `/Archive/${NFD}` })
    expect(moved.body).toBe('Successfully moved')
    const bytes = new TextEncoder().encode('Soup of the day.')
    const info = await vfs.upload({ folder: [NFC], filename: 'menu.txt', source: { bytes }, began })
    expect(info.path_ids).toEqual(['Archive', NFD, 'menu.txt'])
    // And the other way round: named decomposed, moved by its composed spelling.
    const again = performance.now()
    expect((await node.post('/v2/move_folder', { origin_path: `/Archive/${NFC}`, destination_path: '/Menus' })).status).toBe(200)
    const second = await vfs.upload({ folder: ['Archive', NFD], filename: 'soup.txt', source: { bytes }, began: again })
    expect(second.path_ids).toEqual(['Menus', 'soup.txt'])
  })
})

describe('the changes made through a path in the other form', () => {
  it('are told to windows under the stored spelling, which their cached listings are keyed by', async () => {
    expect((await call('POST', '/v2/create_folder', { path: '/', folder_name: NFC })).status).toBe(200)
    const events = recordEvents(node)
    const told = () => events.flatMap((e) => (e.type === 'vector_fs_changed' ? [e.data.path] : []))
    // A script on a Mac names the folder decomposed; the window lists it composed, as stored.
    expect((await call('POST', '/v2/create_folder', { path: `/${NFD}`, folder_name: 'Menus' })).status).toBe(200)
    expect(told()).toEqual([`/${NFC}/Menus`])
    events.length = 0
    expect((await call('POST', '/v2/move_folder', { origin_path: `/${NFD}/Menus`, destination_path: `/${NFD}/Carte` })).status).toBe(200)
    expect(told()).toEqual([`/${NFC}/Menus`, `/${NFC}/Carte`])
    events.length = 0
    expect((await call('POST', '/v2/delete_folder', { path: `/${NFD}/Carte` })).status).toBe(200)
    expect(told()).toEqual([`/${NFC}/Carte`])
  })
})

describe('a name written part composed, part decomposed', () => {
  const MIXED = 'Cafe\u0301 Cr\u00e8me' // é decomposed, è composed: neither form
  it('is the same name as its composed and decomposed forms: a second one is refused, and each form reaches it', async () => {
    expect((await call('POST', '/v2/create_folder', { path: '/', folder_name: MIXED })).status).toBe(200)
    // Two folders that look identical in every list were made.
    expectError(await call('POST', '/v2/create_folder', { path: '/', folder_name: MIXED.normalize('NFC') }), 409, 'folder_name: /')
    expectError(await call('POST', '/v2/create_folder', { path: '/', folder_name: MIXED.normalize('NFD') }), 409, 'folder_name: /')
    const listed = await call<FileInfo[]>('GET', `/v2/retrieve_path_simplified?path=${q(`/${MIXED.normalize('NFC')}`)}`)
    expect(listed.status).toBe(200)
    expect((await call<FileInfo[]>('GET', '/v2/retrieve_path_simplified?path=/')).body.map((f) => f.name)).toEqual([MIXED])
    // And stored composed, the mixed spelling finds it.
    expect((await call('POST', '/v2/create_folder', { path: '/', folder_name: 'R\u00e9sum\u00e9s' })).status).toBe(200)
    expect((await call('GET', `/v2/retrieve_path_simplified?path=${q('/Re\u0301sum\u00e9s')}`)).status).toBe(200)
  })
})

describe('a name holding a character whose composed form is ASCII (KELVIN SIGN is K, GREEK QUESTION MARK ;)', () => {
  const KELVIN = '\u212Aelvin'
  it('is the same name as the one with the ASCII letter: a second is refused, and each spelling reaches it', async () => {
    expect((await call('POST', '/v2/create_folder', { path: '/', folder_name: KELVIN })).status).toBe(200)
    // A second folder, identical to the eye, was made beside it.
    expectError(await call('POST', '/v2/create_folder', { path: '/', folder_name: 'Kelvin' }), 409, 'folder_name: /Kelvin exists')
    expect((await call('POST', '/v2/create_folder', { path: '/Kelvin', folder_name: 'Notes' })).status).toBe(200)
    const listed = await call<FileInfo[]>('GET', `/v2/retrieve_path_simplified?path=${q('/Kelvin')}`)
    expect(listed.body.map((f) => f.path_ids)).toEqual([[KELVIN, 'Notes']])
    expect((await call('POST', '/v2/create_folder', { path: '/', folder_name: 'a\u037Eb' })).status).toBe(200)
    expectError(await call('POST', '/v2/create_folder', { path: '/', folder_name: 'a;b' }), 409, 'folder_name: /a;b exists')
    expect((await call('POST', '/v2/create_folder', { path: '/', folder_name: 'Other' })).status).toBe(200)
    expectError(
      await call('POST', '/v2/move_folder', { origin_path: '/Other', destination_path: '/Kelvin' }),
      409,
      'destination_path: /Kelvin exists'
    )
    expect((await call<FileInfo[]>('GET', '/v2/retrieve_path_simplified?path=/')).body.map((f) => f.name).sort()).toEqual(
      ['Other', 'a\u037Eb', KELVIN].sort()
    )
    // Names that merely share the other letters are other names.
    expect((await call('POST', '/v2/create_folder', { path: '/', folder_name: 'Xelvin' })).status).toBe(200)
  })
})
