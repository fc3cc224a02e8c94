import { unzipSync, zipSync, type Unzipped } from 'fflate'
import { groupedNumber, sizeText } from '../../shared/byte-size'
import { MIB } from '../../shared/contract/limits'

/**
 * The most a DOCX's XML parts may unpack to. mammoth parses them into a tree that takes about 75
 * times their size (measured: 8 MiB of document.xml peaked at 725 MB, 32 MiB at 2.4 GB), so this
 * is also what bounds its memory. 32 MiB of WordprocessingML is about 12 MB of text, well over a
 * thousand formatted pages; Word itself stops at 32 MB of text. Pictures are not XML and are not
 * read for text, so a DOCX full of photos is not refused.
 */
export const DOCX_MAX_XML_BYTES = 32 * MIB
/** A Word document has tens of parts; a directory of millions of empty entries is an attack on the reader. */
export const DOCX_MAX_PARTS = 10_000

/** Why a DOCX is not read, as the end of "<file> could not be read: …"; the caller names the file and the field. */
export class DocxRefused extends Error {}

/**
 * A file that is no Word document, or a damaged one. The unzipper's and mammoth's own words
 * ("invalid zip data", "Could not find file in options") tell a desktop user nothing, so they are not passed on.
 */
export const NOT_A_DOCX = 'it is not a valid Word (.docx) file (it may be damaged or protected by a password)'

/** The parts mammoth reads for text: the package's XML (document, styles, numbering, notes, comments, relationships). */
const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name)

/**
 * The DOCX's XML parts, unpacked within `maxXmlBytes` and packed again uncompressed, for mammoth
 * (which unpacks a whole archive with jszip and would follow whatever its data inflates to).
 *
 * The directory is read first, inflating nothing: a DOCX whose XML parts say they unpack past the
 * bound is refused before any of it is inflated. Then the XML parts are unpacked by fflate into
 * buffers of the sizes the directory gives, which never grow: data that inflates to more than its
 * entry says (a lying directory) is cut there instead of taking memory, and mammoth then reads the
 * cut XML, fails, and the file is refused as damaged. The work of inflating a lying entry to its
 * end is bounded by the extraction's time limit, not here.
 */
export function docxTextPackage(bytes: Uint8Array, maxXmlBytes = DOCX_MAX_XML_BYTES): Uint8Array {
  let declared = 0
  let parts = 0
  try {
    unzipSync(bytes, {
      filter: (f) => {
        if (++parts > DOCX_MAX_PARTS)
          throw new DocxRefused(`it holds more than ${groupedNumber(DOCX_MAX_PARTS)} parts, far more than a Word document has`)
        if (isXmlPart(f.name)) declared += f.originalSize
        return false
      }
    })
  } catch (err) {
    if (err instanceof DocxRefused) throw err
    throw new DocxRefused(NOT_A_DOCX, { cause: err })
  }
  if (declared > maxXmlBytes) {
    throw new DocxRefused(
      `it would unpack to ${groupedNumber(Math.ceil(declared / MIB))} MiB of document text and markup, ` +
        `more than the ${sizeText(maxXmlBytes)} the node reads from a Word document; it may be a zip bomb, so it was not read`
    )
  }
  let xml: Unzipped
  try {
    xml = unzipSync(bytes, { filter: (f) => isXmlPart(f.name) })
  } catch (err) {
    throw new DocxRefused(NOT_A_DOCX, { cause: err })
  }
  return zipSync(xml, { level: 0 })
}
