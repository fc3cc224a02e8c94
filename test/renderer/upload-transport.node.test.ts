// Needs Node (the real node over HTTP on 127.0.0.1): named *.node.test.ts so a Node-typed config covers it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient, uploadFile } from '../../src/renderer/src/api/client'
import { isCancellable } from '../../src/renderer/src/features/files/upload-queue'
import { httpTransport } from '../../src/renderer/src/api/transport'
import { objectBridgeTransport } from './object-bridge'
import { type HttpServer } from '../../src/main/transports/http'
import { useTestNode, serveUploadsOverHttp } from '../support/node'

/*
 * The window hands uploadFile the File it was given (picked or dropped), not its bytes: over HTTP
 * the transport sends it as multipart/form-data (the browser streams it from disk), over IPC it
 * reads the bytes just before sending. Either way the node stores exactly the file's bytes.
 */

const TOKEN = 'upload-token'
const node = useTestNode()
let server: HttpServer

beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 16 * 1024 * 1024)
})
afterEach(() => server.close())

/** A text file of a few MB whose every line differs, so a lost or reordered piece shows. */
function bigText(lines: number): string {
  const out: string[] = []
  for (let i = 0; i < lines; i++) out.push(`line ${i}: the tenant pays rent on day ${i % 28} — café ${i * 7}`)
  return out.join('\n')
}

async function storedBytes(path: string): Promise<Uint8Array> {
  const res = await fetch(`${server.url}/v2/download_file?path=${encodeURIComponent(path)}`, {
    headers: { Authorization: `Bearer ${TOKEN}` }
  })
  expect(res.status).toBe(200)
  return new Uint8Array(await res.arrayBuffer())
}

describe('uploading a File', () => {
  it('over HTTP goes as multipart/form-data built from the File; the node stores its exact bytes', async () => {
    const text = bigText(60_000)
    const file = new File([text], 'ledger.txt', { type: 'text/plain' })
    expect(file.size).toBeGreaterThan(3 * 1024 * 1024)
    const seen: string[] = []
    const transport = httpTransport(server.url, TOKEN)
    // The request is what the transport builds: watch it go by on the way to the real server.
    const realFetch = globalThis.fetch
    globalThis.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input
      if (url.includes('upload_file_to_folder')) seen.push(init?.body instanceof FormData ? 'form' : typeof init?.body)
      return realFetch(input, init)
    }
    try {
      const client = createClient(transport)
      await client.call('create_folder', { body: { path: '/', folder_name: 'Ledgers' } })
      const info = await uploadFile(client, { path: '/Ledgers', filename: 'ledger.txt', file_data: file }, () => {})
      expect(info).toMatchObject({ path: '/Ledgers/ledger.txt', is_directory: false, size: file.size })
    } finally {
      globalThis.fetch = realFetch
    }
    expect(seen).toEqual(['form'])
    expect(Buffer.from(await storedBytes('/Ledgers/ledger.txt')).equals(Buffer.from(text))).toBe(true)
    // Searchable at once: the node read the streamed text.
    const hits = await createClient(httpTransport(server.url, TOKEN)).call('search_items', { body: { search: 'line 59999' } })
    expect(hits.map((h) => h.path)).toContain('/Ledgers/ledger.txt')
  })

  it('over HTTP, a name the node refuses gives its sentence and stores nothing', async () => {
    const client = createClient(httpTransport(server.url, TOKEN))
    const file = new File(['MZ'], 'tool.exe')
    await expect(uploadFile(client, { path: '/', filename: 'tool.exe', file_data: file }, () => {})).rejects.toMatchObject({
      status: 415,
      message: expect.stringContaining('readable types')
    })
    expect(await client.call('retrieve_path_simplified', { query: { path: '/', depth: '0' } })).toEqual([])
  })

  it('over IPC the bridge carries the File as bytes, read just before sending', async () => {
    const sent: unknown[] = []
    const transport = objectBridgeTransport({
      request: (req) => {
        sent.push((req.body as { file_data?: unknown } | undefined)?.file_data)
        return node.router.handle(req)
      },
      onEvent: () => () => {}
    })
    const text = 'Notes: the boiler is serviced every May.'
    const info = await uploadFile(
      createClient(transport),
      { path: '/', filename: 'notes.md', file_data: new File([text], 'notes.md') },
      () => {}
    )
    expect(info.path).toBe('/notes.md')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toBeInstanceOf(Uint8Array)
    expect(Buffer.from(await storedBytes('/notes.md')).toString()).toBe(text)
  })

  it('over IPC, which cannot cut a request short, the file is told as sent whole as it is handed over (no longer cancellable)', async () => {
    const progress: [number, number][] = []
    let progressWhenSent: [number, number][] = []
    const transport = objectBridgeTransport({
      request: (req) => {
        progressWhenSent = [...progress]
        return node.router.handle(req)
      },
      onEvent: () => () => {}
    })
    const text = 'Notes: the boiler is serviced every May.'
    const file = new File([text], 'boiler.md')
    const stop = new AbortController()
    await uploadFile(
      createClient(transport),
      { path: '/', filename: 'boiler.md', file_data: file },
      (l, t) => progress.push([l, t]),
      stop.signal
    )
    expect(progressWhenSent).toEqual([[file.size, file.size]])
    expect(isCancellable({ kind: 'uploading', loaded: file.size, total: file.size })).toBe(false)
  })
})
