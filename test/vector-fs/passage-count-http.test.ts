import { PDFDocument } from 'pdf-lib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type HttpServer } from '../../src/main/transports/http'
import { docxOf, pdfOf } from '../support/documents'
import { serveUploadsOverHttp, useTestNode } from '../support/node'

/*
 * vector_fs_passage_count (beside the contract): how many passages a file was cut into, 0 for a file with
 * no text. The upload's row asks it when the upload's answer (FileInfo, whose fields the contract fixes)
 * cannot tell, to say "done — no text found". Over real HTTP, on a real SQLite file.
 */

const TOKEN = 'passage-count-token'
const node = useTestNode()
let server: HttpServer
beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 4 * 1024 * 1024)
})
afterEach(() => server.close())
const auth = { Authorization: `Bearer ${TOKEN}` }

async function upload(filename: string, data: Uint8Array | string) {
  const form = new FormData()
  form.append('path', '/')
  form.append('filename', filename)
  form.append('file_data', new Blob([typeof data === 'string' ? data : Buffer.from(data)]), filename)
  const res = await fetch(`${server.url}/v2/upload_file_to_folder`, { method: 'POST', headers: auth, body: form })
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, unknown>
}

async function count(path: string) {
  const res = await fetch(`${server.url}/v2/vector_fs_passage_count?${new URLSearchParams({ path }).toString()}`, { headers: auth })
  return { status: res.status, body: (await res.json()) as { passages?: number; code?: number; message?: string } }
}

describe('vector_fs_passage_count', () => {
  it('answers 0 for an empty .txt, an empty Word document and a scanned PDF, and the passages of files with text', async () => {
    const scan = await PDFDocument.create()
    scan.addPage()
    const answer = await upload('empty.txt', '')
    // The upload's answer keeps the contract's fields, no more and no fewer.
    expect(Object.keys(answer).sort()).toEqual(
      ['children', 'created_time', 'has_embeddings', 'is_directory', 'modified_time', 'name', 'path', 'path_ids', 'size', 'status'].sort()
    )
    await upload('blank.docx', await docxOf([]))
    await upload('scan.pdf', await scan.save())
    await upload('lease.txt', 'The lease ends in March.')
    await upload('invoice.pdf', await pdfOf(['Invoice 42 is due on Friday.', 'Paid by transfer.']))
    await upload('minutes.docx', await docxOf(['Minutes of the board meeting.']))
    for (const path of ['/empty.txt', '/blank.docx', '/scan.pdf']) expect(await count(path)).toEqual({ status: 200, body: { passages: 0 } })
    for (const path of ['/lease.txt', '/invoice.pdf', '/minutes.docx']) {
      const { status, body } = await count(path)
      expect(status).toBe(200)
      expect(body.passages).toBeGreaterThan(0)
    }
  })

  it('answers 404 for a path with no file (nothing there, or a folder), 400 for a path that is not one, 401 without the token', async () => {
    await fetch(`${server.url}/v2/create_folder`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/', folder_name: 'Reports' })
    })
    const gone = await count('/nothing.txt')
    expect(gone.status).toBe(404)
    expect(gone.body.message).toMatch(/^path: no file \/nothing\.txt/)
    expect((await count('/Reports')).status).toBe(404)
    const bad = await count('Reports')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/path/)
    expect((await fetch(`${server.url}/v2/vector_fs_passage_count?path=%2Fx`)).status).toBe(401)
  })
})
