import { Document, Packer, Paragraph } from 'docx'
import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib'

/* Real documents made in the tests (pdf-lib, docx): for unit, node and e2e tests alike. */

/** A real PDF: one page per line of text. `locked`: encrypted with a user password no empty one opens. */
export async function pdfOf(pages: readonly string[], { locked = false } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (const text of pages) pdf.addPage().drawText(text, { x: 50, y: 700, size: 12, font })
  if (locked) {
    // pdf-lib cannot encrypt: the standard security handler's dictionary is written by hand.
    const { context } = pdf
    const encrypt = context.obj({
      Filter: 'Standard',
      V: 1,
      R: 2,
      Length: 40,
      P: -4,
      O: PDFHexString.of('11'.repeat(32)),
      U: PDFHexString.of('22'.repeat(32))
    })
    context.trailerInfo.Encrypt = context.register(encrypt)
    context.trailerInfo.ID = context.obj([PDFHexString.of('ab'.repeat(16)), PDFHexString.of('ab'.repeat(16))])
  }
  return pdf.save({ useObjectStreams: !locked })
}

/** A real Word document, one paragraph per line. */
export async function docxOf(paragraphs: readonly string[]): Promise<Uint8Array> {
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children: paragraphs.map((p) => new Paragraph(p)) }] })))
}
