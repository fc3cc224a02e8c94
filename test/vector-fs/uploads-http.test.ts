import { Document, HeadingLevel, Packer, Paragraph } from 'docx'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { dirname, join } from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FileInfo, SearchResult } from '../../src/shared/contract/vector-fs'
import { bindIpc, type IpcMainLike, type IpcReply } from '../../src/main/transports/ipc'
import { type HttpServer } from '../../src/main/transports/http'
import { documentResource, vrkaiEntry } from '../support/fixtures'
import { dbFingerprint, serveUploadsOverHttp, useTestNode } from '../support/node'

const TOKEN = 'vfs-token'
const LIMIT = 4 * 1024 * 1024
const node = useTestNode()
let server: HttpServer
let uploadDir: string

beforeEach(async () => {
  uploadDir = node.ctx.vectorFs.stagingDir
  server = await serveUploadsOverHttp(node, TOKEN, LIMIT)
})
afterEach(() => server.close())

const auth = { Authorization: `Bearer ${TOKEN}` }

function form(fields: Record<string, string>, file?: { name: string; data: Uint8Array | string; type?: string }) {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  if (file)
    f.append(
      'file_data',
      new Blob([typeof file.data === 'string' ? file.data : Buffer.from(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name
    )
  return f
}

async function uploadHttp(folder: string, filename: string, data: Uint8Array | string) {
  return fetch(`${server.url}/v2/upload_file_to_folder`, {
    method: 'POST',
    headers: auth,
    body: form({ path: folder, filename }, { name: filename, data })
  })
}

async function search(text: string): Promise<SearchResult[]> {
  const res = await fetch(`${server.url}/v2/search_items`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ search: text })
  })
  expect(res.status).toBe(200)
  return (await res.json()) as SearchResult[]
}

async function makePdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const page = pdf.addPage([595, 842])
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 20, size: 12, font }))
  pdf.addPage([595, 842]).drawText('Second page mentions the aquarium.', { x: 50, y: 780, size: 12, font })
  return pdf.save()
}

async function makeDocx(): Promise<Uint8Array> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Maintenance schedule', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('The boiler is serviced every October by the caretaker.'),
          new Paragraph('Gutters are cleaned in spring.')
        ]
      }
    ]
  })
  return new Uint8Array(await Packer.toBuffer(doc))
}

describe('uploads over HTTP (multipart/form-data)', () => {
  it('stores each readable type, extracts its text and makes it searchable at once', async () => {
    const vrkai = JSON.stringify(vrkaiEntry(documentResource('handbook')))
    const files: [string, Uint8Array | string, string][] = [
      ['notes.txt', 'The greenhouse thermostat is set to nineteen degrees.', 'greenhouse thermostat'],
      ['readme.md', '# Garden\n\nThe compost heap sits behind the shed.', 'compost heap'],
      ['guide.markdown', '## Pond\n\nKoi are fed twice a day.', 'koi fed'],
      [
        'page.html',
        '<html><head><title>Bees</title><script>var hidden = "scriptword"</script></head><body><h1>Bees</h1><p>The hive &amp; its queen are inspected weekly.</p></body></html>',
        'hive queen'
      ],
      ['old.htm', '<p>Orchard ladders are stored in the barn.</p>', 'orchard ladders'],
      ['report.pdf', await makePdf(['Annual report of the allotment society.', 'Membership rose to forty plots.']), 'allotment membership'],
      ['manual.docx', await makeDocx(), 'boiler caretaker'],
      ['plots.csv', 'plot,owner\n1,Hannelore\n2,Bertrand\n', 'Hannelore'],
      ['config.json', '{"irrigation": "drip lines on timers"}', 'irrigation drip'],
      ['handbook.vrkai', vrkai, 'Première partie']
    ]
    for (const [name, data, query] of files) {
      const res = await uploadHttp('/', name, data)
      const body = (await res.json()) as FileInfo
      expect(res.status, `${name}: ${JSON.stringify(body)}`).toBe(200)
      expect(body).toMatchObject({ path: `/${name}`, name, is_directory: false, status: 'ready' })
      const hits = await search(query)
      expect(hits[0]?.path, `${name} found by "${query}"`).toBe(`/${name}`)
    }
    expect((await search('aquarium'))[0]?.path).toBe('/report.pdf')
    // Script content is not text of the page.
    expect(await search('scriptword')).toEqual([])

    const dl = await fetch(`${server.url}/v2/download_file?path=${encodeURIComponent('/report.pdf')}`, { headers: auth })
    expect(dl.status).toBe(200)
    expect(dl.headers.get('content-type')).toBe('application/pdf')
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(
      Buffer.from(await dl.arrayBuffer())
        .subarray(0, 5)
        .toString()
    ).toBe('%PDF-')
    const html = await fetch(`${server.url}/v2/download_file?path=${encodeURIComponent('/page.html')}`, { headers: auth })
    expect(html.headers.get('content-security-policy')).toContain('sandbox')
    // Staged uploads are gone once stored.
    expect(readdirSync(uploadDir)).toEqual([])
  })

  it('415 for a type it cannot read, naming the readable ones; 415 for a JSON body; 400 for a corrupt PDF; nothing stored', async () => {
    const before = dbFingerprint(node.store)
    const res = await uploadHttp('/', 'photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]))
    expect(res.status).toBe(415)
    const body = (await res.json()) as { code: number; error: string; message: string }
    expect(body).toMatchObject({ code: 415, error: 'Unsupported Media Type' })
    for (const ext of ['.txt', '.md', '.markdown', '.html', '.htm', '.pdf', '.docx', '.csv', '.json', '.vrkai'])
      expect(body.message).toContain(ext)

    const asJson = await fetch(`${server.url}/v2/upload_file_to_folder`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/', filename: 'a.txt', file_data: 'x' })
    })
    expect(asJson.status).toBe(415)
    const corrupt = await uploadHttp('/', 'broken.pdf', 'not a pdf at all')
    expect(corrupt.status).toBe(400)
    expect(((await corrupt.json()) as { message: string }).message).toMatch(/^file_data: /)
    const noFolder = await uploadHttp('/Nowhere', 'a.txt', 'x')
    expect(noFolder.status).toBe(404)
    const noName = await fetch(`${server.url}/v2/upload_file_to_folder`, {
      method: 'POST',
      headers: auth,
      body: form({ path: '/', filename: '../x.txt' }, { name: 'x.txt', data: 'x' })
    })
    expect(noName.status).toBe(400)
    expect(dbFingerprint(node.store)).toBe(before)
    expect(readdirSync(uploadDir)).toEqual([])
  })

  it('413 over the limit: stops reading the upload instead of taking it all in, and keeps nothing', async () => {
    const before = dbFingerprint(node.store)
    const total = LIMIT * 16 // 64 MiB offered
    let pulled = 0
    const boundary = 'x-boundary-413'
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\nbig.txt\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file_data"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`
    )
    const chunk = new Uint8Array(64 * 1024).fill(0x61)
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(head)
      },
      pull(c) {
        if (pulled >= total) return c.close()
        pulled += chunk.length
        c.enqueue(chunk)
      }
    })
    const rssBefore = process.memoryUsage().rss
    const res = await fetch(`${server.url}/v2/upload_file_to_folder`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body: stream,
      duplex: 'half'
    })
    expect(res.status).toBe(413)
    // The limit as people read it, not 4194304 bytes.
    expect(await res.json()).toMatchObject({
      code: 413,
      error: 'Payload Too Large',
      message: 'file_data: larger than the upload limit of 4 MiB'
    })
    await new Promise((r) => setTimeout(r, 200))
    // The server stopped reading near the limit: most of the stream was never pulled.
    expect(pulled).toBeLessThan(total / 2)
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(total)
    expect(dbFingerprint(node.store)).toBe(before)
    expect(readdirSync(uploadDir)).toEqual([])
    // The node still answers.
    expect((await fetch(`${server.url}/v2/health_check`)).status).toBe(200)
  })

  it('413 is for files over the limit: a file of exactly the limit is stored, one byte more is refused and nothing kept', async () => {
    const limit = 64 * 1024
    const small = await serveUploadsOverHttp(node, TOKEN, limit)
    try {
      const upload = (filename: string, size: number) =>
        fetch(`${small.url}/v2/upload_file_to_folder`, {
          method: 'POST',
          headers: auth,
          body: form({ path: '/', filename }, { name: filename, data: 'word '.repeat(size / 5 + 1).slice(0, size) })
        })
      // Refused with 413 before: the multipart reader counted reaching the limit as going over it.
      const exact = await upload('exact.txt', limit)
      expect(exact.status).toBe(200)
      expect(await exact.json()).toMatchObject({ path: '/exact.txt', size: limit })
      const before = dbFingerprint(node.store)
      const over = await upload('over.txt', limit + 1)
      expect(over.status).toBe(413)
      expect(await over.json()).toEqual({
        code: 413,
        error: 'Payload Too Large',
        message: 'file_data: larger than the upload limit of 65,536 bytes'
      })
      expect(dbFingerprint(node.store)).toBe(before)
      expect(readdirSync(uploadDir)).toEqual([])
    } finally {
      await small.close()
    }
  })

  it('a .vrkai nested deeper than 256 levels answers 400 naming file_data and where, as a JSON body would, and stores nothing', async () => {
    const before = dbFingerprint(node.store)
    const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)
    const entry = (metadata: string) =>
      `{"vrkai":{"metadata":${metadata},"resource":{"Document":${JSON.stringify(documentResource('deep'))}},"version":"V1","sfm":{"map":{},"source_files_count":1}}}`
    // 10,000 levels overflowed the stack when the entry was stored: a 500 'internal error'.
    for (const levels of [300, 10_000]) {
      const res = await uploadHttp('/', `deep-${levels}.vrkai`, entry(nested(levels)))
      const body = (await res.json()) as { message: string }
      expect(res.status, body.message).toBe(400)
      expect(body).toMatchObject({ code: 400, error: 'Bad Request' })
      expect(body.message).toMatch(/^file_data: deep-\d+\.vrkai could not be read: vrkai\.metadata\.a\.a.*: nested deeper than 256 levels/)
      expect(body.message.length).toBeLessThan(1000)
    }
    expect(dbFingerprint(node.store)).toBe(before)
    // Up to the limit it is stored and given back as it came (the entry itself is level 1, metadata level 3).
    const deepest = entry(nested(253))
    expect((await uploadHttp('/', 'deepest.vrkai', deepest)).status).toBe(200)
    const back = await fetch(`${server.url}/v2/retrieve_vector_resource?path=${encodeURIComponent('/deepest.vrkai')}`, { headers: auth })
    expect(await back.json()).toEqual(JSON.parse(deepest))
  })

  it('a client that goes away mid-upload leaves no staged file and no open file behind, and nothing is stored', async () => {
    const before = dbFingerprint(node.store)
    const openFiles = () => readdirSync('/proc/self/fd').length
    const staged = () => (existsSync(uploadDir) ? readdirSync(uploadDir) : [])
    const port = Number(new URL(server.url).port)
    const boundary = 'x-boundary-gone'
    const head =
      `POST /v2/upload_file_to_folder HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${LIMIT}\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\nhalf.txt\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file_data"; filename="half.txt"\r\nContent-Type: text/plain\r\n\r\n`
    const filesBefore = openFiles()
    for (let i = 0; i < 10; i++) {
      const socket = connect(port, '127.0.0.1')
      await new Promise((r) => socket.once('connect', r))
      socket.write(head + 'a'.repeat(256 * 1024))
      // The file has been staged by now; then the client vanishes (closed tab, lost network).
      const end = Date.now() + 2000
      while (staged().length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 10))
      socket.destroy()
    }
    const end = Date.now() + 3000
    while ((staged().length > 0 || openFiles() > filesBefore + 2) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(staged()).toEqual([])
    // Each vanished upload used to keep its staged file open until the node stopped: ten of them, ten descriptors.
    expect(openFiles()).toBeLessThanOrEqual(filesBefore + 2)
    expect(dbFingerprint(node.store)).toBe(before)
    expect((await uploadHttp('/', 'whole.txt', 'A whole upload after the broken ones.')).status).toBe(200)
  })
  it("invalid UTF-8 in a text field or in the file part's name answers 400 naming it, and nothing is stored", async () => {
    const before = dbFingerprint(node.store)
    const boundary = 'x-boundary-utf8'
    const send = (filenameField: Buffer, partName: Buffer) =>
      fetch(`${server.url}/v2/upload_file_to_folder`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        body: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/\r\n`),
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\n`),
          filenameField,
          Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="file_data"; filename="`),
          partName,
          Buffer.from(`"\r\n\r\nsome text\r\n--${boundary}--\r\n`)
        ])
      })
    const bad = Buffer.from([0x62, 0x61, 0x64, 0xff, 0xfe, 0x2e, 0x74, 0x78, 0x74]) // "bad" FF FE ".txt"
    const field = await send(bad, Buffer.from('ok.txt'))
    expect(field.status).toBe(400)
    expect(((await field.json()) as { message: string }).message).toBe('filename: not valid UTF-8')
    const part = await send(Buffer.from('ok.txt'), bad)
    expect(part.status).toBe(400)
    expect(((await part.json()) as { message: string }).message).toBe('file_data: its file name is not valid UTF-8')
    expect(dbFingerprint(node.store)).toBe(before)
    // Valid UTF-8 beyond ASCII is kept as written.
    const good = await send(Buffer.from('Ελλάδα.txt'), Buffer.from('Ελλάδα.txt'))
    expect(good.status).toBe(200)
    expect(((await good.json()) as FileInfo).name).toBe('Ελλάδα.txt')
  })

  it('a form refused for a field before its file part (given twice, not UTF-8, too long) keeps none of the file’s bytes', async () => {
    const before = dbFingerprint(node.store)
    const boundary = 'x-boundary-early'
    const part = (name: string, value: string | Buffer) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
        Buffer.from(value),
        Buffer.from('\r\n')
      ])
    const send = async (...fields: Buffer[]) => {
      const res = await fetch(`${server.url}/v2/upload_file_to_folder`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        body: Buffer.concat([
          ...fields,
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file_data"; filename="lease.txt"\r\n\r\n`),
          Buffer.from('the tenant pays the heating '.repeat(200)),
          Buffer.from(`\r\n--${boundary}--\r\n`)
        ])
      })
      return { status: res.status, message: ((await res.json()) as { message: string }).message }
    }
    expect(await send(part('path', '/'), part('path', '/'), part('filename', 'lease.txt'))).toEqual({
      status: 400,
      message: 'path: given more than once in the form; which one was meant cannot be told'
    })
    expect(await send(part('path', '/'), part('filename', Buffer.from([0x62, 0xff, 0x2e, 0x74])))).toEqual({
      status: 400,
      message: 'filename: not valid UTF-8'
    })
    expect(await send(part('path', 'x'.repeat(70_000)), part('filename', 'lease.txt'))).toMatchObject({ status: 400 })
    // The file's part came after the answer, and was written to the upload folder anyway (until the next start).
    await new Promise((r) => setTimeout(r, 300))
    expect(existsSync(uploadDir) ? readdirSync(uploadDir) : []).toEqual([])
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('a form that ends inside its file part answers 400 and throws nothing: twenty-five in a row leave the node serving', async () => {
    const before = dbFingerprint(node.store)
    const thrown: unknown[] = []
    const record = (err: unknown) => thrown.push(err)
    process.on('uncaughtException', record)
    try {
      const boundary = 'x-boundary-cut'
      const body =
        `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\ncut.txt\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file_data"; filename="cut.txt"\r\n\r\nabc`
      for (let i = 0; i < 25; i++) {
        const res = await fetch(`${server.url}/v2/upload_file_to_folder`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
          body
        })
        expect(res.status).toBe(400)
        expect(((await res.json()) as { message: string }).message).toBe(
          'body: malformed multipart/form-data: it ends before its last part'
        )
      }
      // The file part's stream failed too: without a listener that was an uncaught exception (the
      // headless node exits after 20 in 10 s, for a supervisor to restart it).
      await new Promise((r) => setTimeout(r, 50))
      expect(thrown.map(String)).toEqual([])
    } finally {
      process.off('uncaughtException', record)
    }
    expect(existsSync(uploadDir) ? readdirSync(uploadDir) : []).toEqual([])
    expect(dbFingerprint(node.store)).toBe(before)
    expect((await uploadHttp('/', 'whole.txt', 'A whole upload after the cut ones.')).status).toBe(200)
  })
})

describe("uploads the node cannot read or store say why in words, not in the form parser's or the OS's", () => {
  const boundary = 'x-boundary-words'
  const post = (contentType: string, body: string) =>
    fetch(`${server.url}/v2/upload_file_to_folder`, { method: 'POST', headers: { ...auth, 'Content-Type': contentType }, body })

  it.each([
    // busboy: "Multipart: Boundary not found"
    ['no boundary', 'multipart/form-data', 'x', 'its Content-Type names no boundary (multipart/form-data; boundary=...)'],
    // busboy: "Malformed part header"
    [
      "a part's header without its colon",
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition form-data\r\n\r\nabc\r\n--${boundary}--`,
      "a part's header is malformed or longer than 16 KB (a file name that long, say)"
    ],
    // busboy: "Malformed part header" again: it reads 16 KB of a part's header at most
    [
      'a file name of 20,000 characters in its part header',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/\r\n--${boundary}\r\nContent-Disposition: form-data; name="file_data"; filename="${'n'.repeat(20_000)}.txt"\r\nContent-Type: text/plain\r\n\r\nabc\r\n--${boundary}--`,
      "a part's header is malformed or longer than 16 KB (a file name that long, say)"
    ],
    // busboy: "Unexpected end of form"
    ['no part at all', `multipart/form-data; boundary=${boundary}`, 'garbage', 'it ends before its last part']
  ])('%s: 400 in a sentence, nothing stored', async (_case, contentType, body, why) => {
    const before = dbFingerprint(node.store)
    const res = await post(contentType, body)
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 400,
      body: { code: 400, error: 'Bad Request', message: `body: malformed multipart/form-data: ${why}` }
    })
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it("an upload folder that cannot be written: 500 saying so, without the OS's words or the folder's path; uploads work again once it can", async () => {
    const before = dbFingerprint(node.store)
    rmSync(uploadDir, { recursive: true, force: true })
    mkdirSync(dirname(uploadDir), { recursive: true })
    // A file where the folder should be: the node cannot make it (ENOTDIR/EEXIST), as with a broken disk.
    writeFileSync(uploadDir, 'not a folder')
    try {
      const res = await uploadHttp('/', 'notes.txt', 'Some notes.')
      const body = (await res.json()) as { message: string }
      expect({ status: res.status, body }).toEqual({
        status: 500,
        body: {
          code: 500,
          error: 'Internal Server Error',
          message: "body: the upload could not be written to the data folder's upload folder; check the disk and try again"
        }
      })
      expect(dbFingerprint(node.store)).toBe(before)
    } finally {
      rmSync(uploadDir, { force: true })
    }
    expect((await uploadHttp('/', 'notes.txt', 'Some notes.')).status).toBe(200)
  })
})

describe('downloads', () => {
  it('a file whose stored copy is missing from the data folder answers an error body naming it, and the node goes on', async () => {
    expect((await uploadHttp('/', 'memo.txt', 'Quarterly memo.')).status).toBe(200)
    const sha = createHash('sha256').update('Quarterly memo.').digest('hex')
    rmSync(join(node.dir, 'files', sha.slice(0, 2), sha))
    const res = await fetch(`${server.url}/v2/download_file?path=${encodeURIComponent('/memo.txt')}`, { headers: auth })
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({
      code: 500,
      error: 'Internal Server Error',
      message: 'path: the stored copy of /memo.txt is missing from the data folder'
    })
    expect((await node.get('/v2/download_file', { path: '/memo.txt' })).status).toBe(500)
    expect((await fetch(`${server.url}/v2/health_check`)).status).toBe(200)
  })

  it("a text file's content type names the encoding its bytes are in (the one its text was read in), not always UTF-8", async () => {
    const text = 'Café crème brûlée'
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    const utf16be = Buffer.from(utf16le.subarray(2)).swap16()
    const cases = [
      { name: 'utf8.txt', bytes: Buffer.from(text, 'utf8'), type: 'text/plain; charset=utf-8' },
      { name: 'ascii.md', bytes: Buffer.from('plain words', 'utf8'), type: 'text/markdown; charset=utf-8' },
      { name: 'windows.txt', bytes: Buffer.from(text, 'latin1'), type: 'text/plain; charset=windows-1252' },
      { name: 'windows.csv', bytes: Buffer.from('name,dish\nAnn,' + text, 'latin1'), type: 'text/csv; charset=windows-1252' },
      { name: 'le.txt', bytes: utf16le, type: 'text/plain; charset=utf-16le' },
      { name: 'be.html', bytes: Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]), type: 'text/html; charset=utf-16be' }
    ]
    for (const c of cases) {
      expect((await uploadHttp('/', c.name, c.bytes)).status).toBe(200)
      const res = await fetch(`${server.url}/v2/download_file?path=${encodeURIComponent('/' + c.name)}`, { headers: auth })
      expect(res.status).toBe(200)
      expect({ name: c.name, type: res.headers.get('content-type') }).toEqual({ name: c.name, type: c.type })
      const bytes = Buffer.from(await res.arrayBuffer())
      // The original bytes, which the named charset reads back to the text.
      expect(bytes.equals(c.bytes)).toBe(true)
      if (c.name !== 'ascii.md') expect(new TextDecoder(/charset=(.*)$/.exec(c.type)![1]).decode(bytes)).toContain(text)
    }
  })
})

describe('uploads over IPC (file_data as bytes)', () => {
  it('bytes cross the bridge and are stored; download answers the bytes with the content type', async () => {
    let handler: ((event: unknown, payload: unknown) => Promise<IpcReply>) | undefined
    const ipc: IpcMainLike = { handle: (_c, l) => (handler = l as never), removeHandler: () => {} }
    bindIpc(ipc, node.router, () => true)
    expect(handler).toBeDefined()
    // What Electron's structured clone delivers: a plain Uint8Array.
    const data = new TextEncoder().encode('Bridge crossing with umlauts: Grüße')
    const up = await handler!(
      {},
      { method: 'POST', path: '/v2/upload_file_to_folder', body: { path: '/', filename: 'bridge.txt', file_data: data } }
    )
    expect(up.status).toBe(200)
    expect(JSON.parse(new TextDecoder().decode(up.body))).toMatchObject({ path: '/bridge.txt', size: data.length })
    const down = await handler!({}, { method: 'GET', path: '/v2/download_file', query: { path: '/bridge.txt' } })
    expect(down.status).toBe(200)
    expect(down.contentType).toBe('text/plain; charset=utf-8')
    expect(new TextDecoder().decode(down.body)).toBe('Bridge crossing with umlauts: Grüße')
    // A renderer cannot name a file on disk as its upload: only the four request fields are taken.
    const forged = await handler!(
      {},
      {
        method: 'POST',
        path: '/v2/upload_file_to_folder',
        body: { path: '/', filename: 'passwd.txt' },
        upload: { file: '/etc/passwd', size: 10 }
      }
    )
    expect(forged.status).toBe(400)
  })
})
