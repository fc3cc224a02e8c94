import { createDeflate } from 'node:zlib'

/**
 * A one-page PDF whose content stream is a few MB of Flate data that inflates to `inflatedBytes` of
 * spaces (which PDF reads as white space): small on the wire, gigabytes once read.
 */
export async function inflationBombPdf(inflatedBytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 })
  const parts: Buffer[] = []
  deflate.on('data', (c: Buffer) => parts.push(c))
  const ended = new Promise((done) => deflate.on('end', done))
  const chunk = Buffer.alloc(16 * 1024 * 1024, ' ')
  for (let left = inflatedBytes; left > 0; left -= chunk.length) {
    if (!deflate.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await new Promise((r) => deflate.once('drain', r))
  }
  deflate.end()
  await ended
  const data = Buffer.concat(parts)
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>'),
    Buffer.concat([Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`), data, Buffer.from('\nendstream')])
  ]
  const out: Buffer[] = [Buffer.from('%PDF-1.4\n')]
  let at = out[0]!.length
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(at)
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')])
    out.push(obj)
    at += obj.length
  })
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)]
  out.push(Buffer.from(`${xref.join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`))
  return Buffer.concat(out)
}
