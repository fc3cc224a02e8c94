import { PDFDocument, StandardFonts } from 'pdf-lib'
import { processReader, sourceExtractWorker } from '../../../src/main/vector-fs/document-reader'

/*
 * Owns a document reader, as the node does: reads one short PDF (so its reading process is
 * running) and prints "read <text>". Then by `argv[2]`: "close" closes the reader and prints
 * "closed"; "busy" hands it a PDF of 3,000 pages, several seconds of reading, and prints "reading".
 * Either way it stays alive until killed, so a test can see what is left of the reading process.
 */
async function pdfOf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([595, 842])
    for (let l = 0; l < 4; l++) page.drawText('The weather vane points north.', { x: 50, y: 780 - l * 19, size: 12, font })
  }
  return pdf.save()
}

async function main() {
  const mode = process.argv[2]
  const long = mode === 'busy' ? await pdfOf(3000) : undefined
  const reader = processReader(sourceExtractWorker(), { log: { info: () => {}, error: (m) => console.error(m) } })
  console.log(`read ${(await reader.read('pdf', await pdfOf(1))).split('\n')[0]!.trim()}`)
  if (mode === 'close') {
    await reader.close()
    console.log('closed')
  }
  if (long) {
    void reader.read('pdf', long).catch(() => {})
    console.log('reading')
  }
  setInterval(() => {}, 60_000)
}

void main().catch((err) => {
  console.error(err)
  process.exit(2)
})
