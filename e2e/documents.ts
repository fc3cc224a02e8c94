export { docxOf, pdfOf } from '../test/support/documents'
import type { HeadlessNode } from './fixtures/node'

/** upload_file_to_folder over HTTP as multipart, with the file's bytes (node.upload sends text). */
export async function uploadBytes(node: HeadlessNode, folder: string, filename: string, bytes: Uint8Array) {
  const form = new FormData()
  form.append('path', folder)
  form.append('filename', filename)
  form.append('file_data', new Blob([Buffer.from(bytes)]), filename)
  const res = await fetch(`${node.serve.url}/v2/upload_file_to_folder`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${node.serve.token}` },
    body: form
  })
  return { status: res.status, body: (await res.json()) as unknown }
}
