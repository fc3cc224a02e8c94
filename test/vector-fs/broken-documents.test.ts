import { Document, Packer, Paragraph } from 'docx'
import { zipSync } from 'fflate'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { HttpServer } from '../../src/main/transports/http'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { pdfOf } from '../support/documents'
import { documentResource, vrkaiEntry } from '../support/fixtures'
import { dbFingerprint, serveUploadsOverHttp, useTestNode } from '../support/node'

/*
 * A PDF or DOCX that cannot be read is refused with a sentence naming the file and saying what is
 * wrong in words a desktop user knows. The answer quoted the parser instead: "file_data: the PDF
 * could not be read (Invalid PDF structure.)", "… (it is not a readable zip archive: invalid zip data)",
 * and for a .vrkai "… it is not valid JSON, which a .vrkai file (a LocalVrkaiEntry) is (Unexpected
 * token 'h', "hello" is not valid JSON)".
 * Real broken files, uploaded over HTTP on 127.0.0.1.
 */

const TOKEN = 'broken-documents'
const node = useTestNode()
let server: HttpServer

beforeEach(async () => {
  server = await serveUploadsOverHttp(node, TOKEN, 16 * 1024 * 1024)
})
afterEach(() => server.close())

async function upload(filename: string, data: Uint8Array) {
  const form = new FormData()
  form.append('path', '/')
  form.append('filename', filename)
  form.append('file_data', new Blob([Buffer.from(data)]), filename)
  const res = await fetch(`${server.url}/v2/upload_file_to_folder`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}` },
    body: form
  })
  return { status: res.status, body: await res.json() }
}

async function pdfWithText(text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.addPage().drawText(text, { x: 50, y: 700, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) })
  return pdf.save({ useObjectStreams: false })
}

/**
 * Encrypted with the standard security handler and a user password (pdf-lib cannot encrypt, so the
 * dictionary is written by hand): no reader opens it without the password.
 */
const encryptedPdf = () => pdfOf(['Salaries 2026'], { locked: true })

/** Bytes that look like nothing, the same on every run. */
function noise(length: number): Uint8Array {
  const bytes = new Uint8Array(length)
  let x = 0x2545f491
  for (let i = 0; i < length; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    bytes[i] = x & 0xff
  }
  return bytes
}

const wordFile = async () =>
  new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Gutters are cleaned in spring.')] }] })))

const text = (s: string) => new TextEncoder().encode(s)

const NOT_A_PDF = 'it is not a valid PDF file (it may be damaged or encrypted)'
const NOT_A_DOCX = 'it is not a valid Word (.docx) file (it may be damaged or protected by a password)'
const NOT_TEXT =
  'it is not text (it holds binary data: it may be another kind of file given a text name, such as a ZIP, an image or a Word file)'

describe('a document that cannot be read', () => {
  it.each([
    ['a PDF cut off halfway', 'report.pdf', async () => (await pdfWithText('Quarterly report')).slice(0, 400), NOT_A_PDF],
    ['random bytes named .pdf', 'scan.pdf', () => noise(4096), NOT_A_PDF],
    ['a PDF header followed by junk', 'notes.pdf', () => new Uint8Array([...Buffer.from('%PDF-1.7\n'), ...noise(2000)]), NOT_A_PDF],
    [
      'a PDF locked with a password',
      'salaries.pdf',
      encryptedPdf,
      'it is protected by a password; save a copy without the password and upload that'
    ],
    ['text named .docx (not a zip)', 'letter.docx', () => new TextEncoder().encode('Dear tenant, the rent is due.'), NOT_A_DOCX],
    ['a DOCX cut off halfway', 'minutes.docx', async () => (await wordFile()).slice(0, 2000), NOT_A_DOCX],
    ['a zip with no Word document in it', 'archive.docx', () => zipSync({ 'readme.txt': new TextEncoder().encode('hello') }), NOT_A_DOCX],
    ['random bytes named .txt', 'notes.txt', () => noise(3000), NOT_TEXT],
    ['a Word file named .txt', 'letter.txt', wordFile, NOT_TEXT],
    ['a zip named .md', 'readme.md', () => zipSync({ 'readme.txt': new TextEncoder().encode('hello') }), NOT_TEXT],
    ['a Word file named .csv', 'table.csv', wordFile, NOT_TEXT]
  ])('%s: 400 naming the file and why, no parser text, nothing stored', async (_case, filename, make, reason) => {
    const data = await make()
    const before = dbFingerprint(node.store)
    const res = await upload(filename, data)
    expect(res).toEqual({
      status: 400,
      body: { code: 400, error: 'Bad Request', message: `file_data: ${filename} could not be read: ${reason}` }
    })
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('a sound PDF and DOCX of the same making are read (the broken ones above are broken by the cut, not by how they are made)', async () => {
    expect((await upload('report.pdf', await pdfWithText('Quarterly report'))).status).toBe(200)
    expect((await upload('minutes.docx', await wordFile())).status).toBe(200)
  })

  it('text with a few damaged bytes, in a code page, or in UTF-16 with its byte order mark is text all the same', async () => {
    const damaged = new Uint8Array([...text('Rent is due on the first'), 0xff, 0xfe, 0x80, ...text(' of the month.')])
    const latin1 = new Uint8Array([...text('Caf'), 0xe9, ...text(' au lait')])
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('Gutters in spring', 'utf16le')])
    for (const [name, data] of [
      ['damaged.txt', damaged],
      ['latin1.txt', latin1],
      ['utf16.txt', utf16]
    ] as const)
      expect((await upload(name, data)).status, name).toBe(200)
  })
})

describe('a .vrkai that cannot be read', () => {
  const sound = JSON.stringify(vrkaiEntry(documentResource('handbook')))
  const half = Math.floor(sound.length / 2)
  // Columns count characters, as an editor does (the fixture's text has characters beyond the BMP).
  const characters = (s: string) => Array.from(s).length
  const notJson = (where: string) =>
    `it is not a valid .vrkai file (it is not JSON from ${where} on: it may be damaged, or another kind of file)`
  it.each([
    ['plain text named .vrkai', 'notes.vrkai', text('hello, this is not JSON'), notJson('line 1, column 1')],
    ['JSON broken on its third line', 'edited.vrkai', text('{\n  "vrkai": {\n    "metadata": nul\n  }\n}'), notJson('line 3, column 20')],
    ['a .vrkai with bytes after its JSON', 'tail.vrkai', text(`${sound}x`), notJson(`line 1, column ${characters(sound) + 1}`)],
    ['random bytes named .vrkai', 'noise.vrkai', noise(512), notJson('line 1, column 1')],
    [
      'a .vrkai cut off halfway',
      'handbook.vrkai',
      text(sound.slice(0, half)),
      `it is not a valid .vrkai file (its JSON ends before it is complete, at line 1, column ${characters(sound.slice(0, half)) + 1}: it may have been cut off)`
    ],
    ['an empty .vrkai', 'empty.vrkai', new Uint8Array(), 'it is not a valid .vrkai file (it is empty)'],
    [
      'JSON that is not an entry',
      'list.vrkai',
      text('[1, 2]'),
      'it is not a valid .vrkai file (the whole file: expected object, got array)'
    ],
    [
      'two nodes of one id (the second could never be named by a search result or a source)',
      'twice.vrkai',
      text(
        JSON.stringify(
          (() => {
            const resource = documentResource('handbook')
            resource.nodes[1]!.id = resource.nodes[0]!.id
            return vrkaiEntry(resource)
          })()
        )
      ),
      'it is not a valid .vrkai file (vrkai.resource.Document.nodes[1].id: "1" is already the id of nodes[0]; each node needs its own id)'
    ],
    [
      'an entry missing its parts',
      'bare.vrkai',
      text('{"vrkai": {"version": "V1"}}'),
      'it is not a valid .vrkai file (vrkai.metadata: required; vrkai.resource: required; vrkai.sfm: required)'
    ]
  ])('%s: 400 naming the file and why, no parser text, nothing stored', async (_case, filename, data, reason) => {
    const before = dbFingerprint(node.store)
    const res = await upload(filename, data)
    expect(res).toEqual({
      status: 400,
      body: { code: 400, error: 'Bad Request', message: `file_data: ${filename} could not be read: ${reason}` }
    })
    expect(dbFingerprint(node.store)).toBe(before)
  })

  it('the sound .vrkai the broken ones are cut from is read', async () => {
    expect((await upload('handbook.vrkai', text(sound))).status).toBe(200)
  })

  it('a node of no text sharing an id with another is no reason to refuse the file (it is not stored, and names no passage)', async () => {
    const resource = documentResource('blank')
    resource.nodes.push({ ...resource.nodes[0]!, content: { Text: '  ' } })
    expect((await upload('blank.vrkai', text(JSON.stringify(vrkaiEntry(resource))))).status).toBe(200)
  })
})
