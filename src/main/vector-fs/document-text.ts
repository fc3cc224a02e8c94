/**
 * The file's content cannot be read although its type is one we read (a 400 naming file_data). The
 * message says why in words for the uploader, as the end of "<file> could not be read: …": the
 * upload names the file. Its `cause`, when a parser refused the file, is the parser's own error (or
 * its words, from the reading process), for the debug log only.
 */
export class UnreadableContent extends Error {}

/** PDF.js's own words ("Invalid PDF structure", "Invalid XRef stream header") tell a desktop user nothing. */
export const NOT_A_PDF = 'it is not a valid PDF file (it may be damaged or encrypted)'
export const PDF_PASSWORD = 'it is protected by a password; save a copy without the password and upload that'

/** The types whose text takes a parser (PDF.js, mammoth): read in the extraction process. */
export type DocumentType = 'pdf' | 'docx'

/**
 * Loads the parsers, so that a document's time limit counts its reading only. All of them are
 * loaded on first use, not with the node (fflate, the DOCX unzipper, was about 15 ms of a start).
 */
export async function loadDocumentParsers(): Promise<void> {
  await Promise.all([import('unpdf'), import('mammoth'), import('./docx-parts')])
}

/** The text of a PDF (pages apart by a blank line) or a DOCX. `owned`: the caller gives the bytes away (PDF.js may detach them). */
export async function readDocumentText(type: DocumentType, bytes: Uint8Array, owned = false): Promise<string> {
  return type === 'pdf' ? pdfText(owned ? bytes : new Uint8Array(bytes)) : docxText(bytes)
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf')
  let pages: string[]
  try {
    const pdf = await getDocumentProxy(bytes)
    pages = (await extractText(pdf, { mergePages: false })).text
  } catch (err) {
    throw new UnreadableContent((err as Error | undefined)?.name === 'PasswordException' ? PDF_PASSWORD : NOT_A_PDF, { cause: err })
  }
  return pages.map((p) => p.trim()).join('\n\n')
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const { docxTextPackage, DocxRefused, NOT_A_DOCX } = await import('./docx-parts')
  let xmlOnly: Uint8Array
  try {
    xmlOnly = docxTextPackage(bytes)
  } catch (err) {
    if (err instanceof DocxRefused) throw new UnreadableContent(err.message, { cause: err.cause })
    throw err
  }
  const mammoth = await import('mammoth')
  try {
    const result = await (mammoth.default ?? mammoth).extractRawText({
      buffer: Buffer.from(xmlOnly.buffer, xmlOnly.byteOffset, xmlOnly.length)
    })
    return result.value
  } catch (err) {
    throw new UnreadableContent(NOT_A_DOCX, { cause: err })
  }
}
