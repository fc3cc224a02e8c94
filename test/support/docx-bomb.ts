import { Document, Packer, Paragraph } from 'docx'
import { strToU8, unzipSync, Zip, ZipDeflate, ZipPassThrough } from 'fflate'

const MIB = 1024 * 1024

/** A real Word document's parts (from the docx package), to build variants of. */
export async function wordParts(text: string): Promise<Record<string, Uint8Array>> {
  const doc = new Document({ sections: [{ children: [new Paragraph(text)] }] })
  return unzipSync(new Uint8Array(await Packer.toBuffer(doc)))
}

/**
 * A DOCX whose word/document.xml is valid WordprocessingML holding `unpackedBytes` of one letter,
 * deflated while it is made (so neither the test nor the file holds it unpacked: ~1 KB per MiB).
 * `directorySays`: the unpacked size written in the zip's central directory instead of the true one.
 */
export async function bombDocx(unpackedBytes: number, directorySays?: number): Promise<Uint8Array> {
  const parts = await wordParts('cover page')
  const out: Uint8Array[] = []
  const zip = new Zip((err, chunk) => {
    if (err) throw err
    out.push(chunk)
  })
  for (const [name, data] of Object.entries(parts)) {
    if (name === 'word/document.xml') continue
    const entry = new ZipPassThrough(name)
    zip.add(entry)
    entry.push(data, true)
  }
  const doc = new ZipDeflate('word/document.xml', { level: 1 })
  zip.add(doc)
  doc.push(strToU8('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>'))
  const block = new Uint8Array(4 * MIB).fill(0x61)
  for (let n = 0; n < unpackedBytes; n += block.length) doc.push(block)
  doc.push(strToU8('</w:t></w:r></w:p></w:body></w:document>'), true)
  zip.end()
  const bytes = Buffer.concat(out)
  if (directorySays !== undefined) {
    // The central directory's entry for word/document.xml: its "uncompressed size" field (offset 24).
    const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
    let at = bytes.readUInt32LE(eocd + 16)
    for (;;) {
      if (bytes.readUInt32LE(at) !== 0x02014b50) throw new Error('bombDocx: no central directory entry for word/document.xml')
      const nameLength = bytes.readUInt16LE(at + 28)
      const name = bytes.toString('utf8', at + 46, at + 46 + nameLength)
      if (name === 'word/document.xml') {
        bytes.writeUInt32LE(directorySays, at + 24)
        break
      }
      at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32)
    }
  }
  return new Uint8Array(bytes)
}
