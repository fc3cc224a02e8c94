import { describe, expect, it } from 'vitest'
import type { FileInfo } from '../../src/shared/contract/vector-fs'
import { VfsError } from '../../src/main/vector-fs'
import { dbFingerprint, useUploadServer, storedCopies, useTestNode } from '../support/node'
import { formEnd, formStart, postHead, rawRequest, until } from '../support/raw-http'

/*
 * An upload names its folder by path, but a large file takes a while to arrive (and then to be read
 * and cut into passages). A folder renamed or moved meanwhile made the upload end in 404 "no folder"
 * once every byte had been sent: the file now lands in the folder the sender picked, wherever it is,
 * and the answer gives its path there. A folder removed meanwhile is said to have been, and nothing
 * of the file is kept.
 */

const TOKEN = 'moved-token'
const LIMIT = 8 * 1024 * 1024
const node = useTestNode()
const http = useUploadServer(node, TOKEN, LIMIT)
const staged = http.staged

async function call(path: string, body: unknown) {
  const res = await fetch(`${http.server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}

async function list(path: string) {
  const res = await fetch(`${http.server.url}/v2/retrieve_path_simplified?path=${encodeURIComponent(path)}`, {
    headers: { Authorization: `Bearer ${TOKEN}` }
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as FileInfo[]).map((e) => e.name)
}

/**
 * Sends an upload of `filename` into `folder` in two halves; once the node is storing the first
 * (its staged file exists), runs `meanwhile`, then sends the rest.
 */
async function uploadAround(folder: string, filename: string, meanwhile: () => Promise<void>) {
  const boundary = 'x-boundary-moved'
  const text = 'The lighthouse keeper logs the weather at dawn. '.repeat(20_000)
  const start = formStart(boundary, { path: folder, filename }, { name: filename })
  const end = formEnd(boundary)
  const length = Buffer.byteLength(start) + text.length + Buffer.byteLength(end)
  const req = await rawRequest(
    http.port,
    postHead(http.port, '/v2/upload_file_to_folder', TOKEN, {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': length
    })
  )
  const half = text.length / 2
  await req.write(start + text.slice(0, half))
  expect(await until(() => staged().length > 0)).toBe(true)
  await meanwhile()
  await req.write(text.slice(half) + end)
  const answer = await req.answer
  req.socket.destroy()
  return answer!
}

describe('an upload into a folder renamed, moved or removed while its bytes arrive (HTTP)', () => {
  it('renamed: the file lands in the folder under its new name, and the answer gives that path', async () => {
    expect((await call('/v2/create_folder', { path: '/', folder_name: 'docs' })).status).toBe(200)
    const answer = await uploadAround('/docs', 'log.txt', async () => {
      expect((await call('/v2/move_folder', { origin_path: '/docs', destination_path: '/papers' })).status).toBe(200)
    })
    expect(answer.status, answer.body).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ path: '/papers/log.txt', name: 'log.txt', is_directory: false })
    expect(await list('/papers')).toEqual(['log.txt'])
    expect(staged()).toEqual([])
  })

  it('moved (with the folder it is in): the file follows, into the subfolder it was sent to', async () => {
    for (const [path, folder_name] of [
      ['/', 'docs'],
      ['/docs', 'inner'],
      ['/', 'archive']
    ]) {
      expect((await call('/v2/create_folder', { path, folder_name })).status).toBe(200)
    }
    const answer = await uploadAround('/docs/inner', 'log.txt', async () => {
      expect((await call('/v2/move_folder', { origin_path: '/docs', destination_path: '/archive/2024' })).status).toBe(200)
      // A new folder where the old one was is not the one the sender picked.
      expect((await call('/v2/create_folder', { path: '/', folder_name: 'docs' })).status).toBe(200)
      expect((await call('/v2/create_folder', { path: '/docs', folder_name: 'inner' })).status).toBe(200)
    })
    expect(answer.status, answer.body).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ path: '/archive/2024/inner/log.txt' })
    expect(await list('/archive/2024/inner')).toEqual(['log.txt'])
    expect(await list('/docs/inner')).toEqual([])
  })

  it('removed: 404 naming path that says so, and nothing of the file is kept', async () => {
    expect((await call('/v2/create_folder', { path: '/', folder_name: 'docs' })).status).toBe(200)
    let before = ''
    const copies = storedCopies(node)
    const answer = await uploadAround('/docs', 'log.txt', async () => {
      expect((await call('/v2/delete_folder', { path: '/docs' })).status).toBe(200)
      before = dbFingerprint(node.store)
    })
    expect(answer.status, answer.body).toBe(404)
    expect(JSON.parse(answer.body)).toEqual({
      code: 404,
      error: 'Not Found',
      message: 'path: the folder /docs was removed while the file was uploading'
    })
    expect(dbFingerprint(node.store)).toBe(before)
    expect(staged()).toEqual([])
    expect(storedCopies(node)).toEqual(copies)
  })
})

describe('an upload into a folder renamed or removed while the file is read and stored', () => {
  const text = new TextEncoder().encode('The ferry timetable changes in October. '.repeat(5_000))

  it('renamed: the file lands in it under its new path', async () => {
    const vfs = node.ctx.vectorFs
    vfs.createFolder([], 'docs')
    const upload = vfs.upload({ folder: ['docs'], filename: 'ferry.txt', source: { bytes: text } })
    vfs.move('folder', ['docs'], ['papers'])
    expect(await upload).toMatchObject({ path: '/papers/ferry.txt' })
    expect(vfs.retrievePath(['papers'], 1).map((e) => e.name)).toEqual(['ferry.txt'])
  })

  it('removed, and its id given to a new folder: 404 saying it was removed, and nothing is kept', async () => {
    const vfs = node.ctx.vectorFs
    vfs.createFolder([], 'docs')
    const copies = storedCopies(node)
    const upload = vfs.upload({ folder: ['docs'], filename: 'ferry.txt', source: { bytes: text } })
    await vfs.remove('folder', ['docs'])
    // The newest entry's id is given again to the next one made: this folder is not the one picked.
    vfs.createFolder([], 'other')
    const before = dbFingerprint(node.store)
    const err = await upload.then(
      () => undefined,
      (e: unknown) => e
    )
    expect(err).toBeInstanceOf(VfsError)
    expect(err).toMatchObject({ status: 404, message: 'path: the folder /docs was removed while the file was uploading' })
    expect(vfs.retrievePath(['other'], 1)).toEqual([])
    expect(dbFingerprint(node.store)).toBe(before)
    expect(storedCopies(node)).toEqual(copies)
  })
})
