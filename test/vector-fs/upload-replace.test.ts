import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import type { FileInfo, SearchResult } from '../../src/shared/contract/vector-fs'
import { dbFingerprint, storedCopies, useTestNode, useUploadServer } from '../support/node'

/*
 * Uploading a file whose name the folder already has: the contract's 409 unless the upload asks to
 * `replace` it (the window's "Replace", for a folder uploaded again after its files changed). The old
 * file goes in the same step that places the new one: its passages are no longer found, its bytes
 * leave the disk, and an upload that fails leaves it as it was.
 */

const TOKEN = 'replace-token'
const node = useTestNode()
const http = useUploadServer(node, TOKEN, 4 * 1024 * 1024)
const auth = { Authorization: `Bearer ${TOKEN}` }

const upload = (folder: string, filename: string, data: string | Uint8Array, fields?: Record<string, string>) =>
  http.upload(folder, filename, data, fields)
async function post(path: string, body: unknown) {
  const res = await fetch(`${http.server.url}${path}`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}
const found = async (words: string) =>
  ((await post('/v2/search_items', { search: words })).body as SearchResult[]).map((r) => `${r.path}: ${r.text}`)
const listing = async (folder: string) => {
  const res = await fetch(`${http.server.url}/v2/retrieve_path_simplified?path=${encodeURIComponent(folder)}`, { headers: auth })
  return ((await res.json()) as FileInfo[]).map((f) => `${f.name}${f.is_directory ? '/' : ` ${f.size}`}`)
}

describe('upload_file_to_folder with a name the folder has', () => {
  it('without replace: 409 as the contract says, nothing changed', async () => {
    expect((await upload('/', 'notes.txt', 'Old notes about apricots.')).status).toBe(200)
    const before = dbFingerprint(node.store)
    const again = await upload('/', 'notes.txt', 'New notes about bananas.')
    expect(again).toMatchObject({ status: 409, body: { code: 409, message: 'filename: /notes.txt exists' } })
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('replace=true: the new file takes the name; the old one is no longer found, nor kept on disk', async () => {
    expect((await post('/v2/create_folder', { path: '/', folder_name: 'Docs' })).status).toBe(200)
    expect((await upload('/Docs', 'notes.txt', 'Old notes about apricots.')).status).toBe(200)
    const oldCopies = storedCopies(node)
    expect(await found('apricots')).toEqual(['/Docs/notes.txt: Old notes about apricots.'])

    const replaced = await upload('/Docs', 'notes.txt', 'New notes about bananas, longer.', { replace: 'true' })
    expect(replaced).toMatchObject({ status: 200, body: { path: '/Docs/notes.txt', name: 'notes.txt', is_directory: false } })
    expect(await listing('/Docs')).toEqual(['notes.txt 32'])
    expect(await found('apricots')).toEqual([])
    expect(await found('bananas')).toEqual(['/Docs/notes.txt: New notes about bananas, longer.'])
    const bytes = await fetch(`${http.server.url}/v2/download_file?path=%2FDocs%2Fnotes.txt`, { headers: auth })
    expect(await bytes.text()).toBe('New notes about bananas, longer.')
    // One copy on disk, the new one: the old one's bytes were used by no other file.
    expect(storedCopies(node)).toHaveLength(1)
    expect(storedCopies(node)).not.toEqual(oldCopies)
  })

  it('replace=true with the same bytes, or with no file of that name yet: stored once', async () => {
    expect((await upload('/', 'same.txt', 'Same words twice.', { replace: 'true' })).status).toBe(200)
    expect((await upload('/', 'same.txt', 'Same words twice.', { replace: 'true' })).status).toBe(200)
    expect(await listing('/')).toEqual(['same.txt 17'])
    expect(await found('twice')).toEqual(['/same.txt: Same words twice.'])
    expect(storedCopies(node)).toHaveLength(1)
  })

  it('a folder of that name is never replaced: 409 saying so, nothing changed', async () => {
    expect((await post('/v2/create_folder', { path: '/', folder_name: 'report.md' })).status).toBe(200)
    const before = dbFingerprint(node.store)
    const res = await upload('/', 'report.md', '# A report', { replace: 'true' })
    expect(res).toMatchObject({ status: 409, body: { message: 'filename: /report.md exists and is a folder; only a file is replaced' } })
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('a replacing upload that fails (a PDF it cannot read) leaves the old file as it was', async () => {
    const pdf = await PDFDocument.create()
    const font = await pdf.embedFont(StandardFonts.Helvetica)
    pdf.addPage([595, 842]).drawText('Kept words about cherries.', { x: 50, y: 780, size: 12, font })
    expect((await upload('/', 'kept.pdf', Buffer.from(await pdf.save()))).status).toBe(200)
    const before = dbFingerprint(node.store)
    const copies = storedCopies(node)
    const res = await upload('/', 'kept.pdf', '%PDF-1.4 cut off after its header', { replace: 'true' })
    expect(res).toMatchObject({ status: 400, body: { code: 400 } })
    expect(res.body.message).toMatch(/^file_data: kept\.pdf could not be read/)
    expect(dbFingerprint(node.store)).toBe(before)
    expect(storedCopies(node)).toEqual(copies)
    expect(await found('cherries')).toEqual(['/kept.pdf: Kept words about cherries.'])
  })

  it('replace (or another field) given twice: 400 naming it, nothing replaced (the last one was taken: false then true replaced)', async () => {
    expect((await upload('/', 'twice.txt', 'Kept words about figs.')).status).toBe(200)
    const before = dbFingerprint(node.store)
    const f = new FormData()
    for (const [k, v] of [
      ['path', '/'],
      ['filename', 'twice.txt'],
      ['replace', 'false'],
      ['replace', 'true']
    ])
      f.append(k!, v!)
    f.append('file_data', new Blob(['New words about dates.']), 'twice.txt')
    const res = await fetch(`${http.server.url}/v2/upload_file_to_folder`, { method: 'POST', headers: auth, body: f })
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 400,
      body: { code: 400, error: 'Bad Request', message: 'replace: given more than once in the form; which one was meant cannot be told' }
    })
    expect(dbFingerprint(node.store)).toBe(before)
    expect(await found('figs')).toEqual(['/twice.txt: Kept words about figs.'])
  })

  it('replace other than true or false: 400 naming it', async () => {
    const res = await upload('/', 'x.txt', 'x', { replace: 'yes' })
    expect(res).toMatchObject({ status: 400, body: { code: 400, error: 'Bad Request' } })
    expect(res.body.message).toMatch(/^replace: /)
  })
})
