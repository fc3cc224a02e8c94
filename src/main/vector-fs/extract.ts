import { LocalVrkaiEntrySchema, type LocalVrkaiEntry } from '../../shared/contract/scope'
import { hasReadableType } from '../../shared/contract/vector-fs-types'
import { formatIssues } from '../../shared/contract/field-errors'
import { tooDeepMessage, tooDeepPath } from '../../shared/contract/limits'
import type { DocumentReader } from './document-reader'
import { UnreadableContent } from './document-text'
import { htmlToText } from './html-text'
import { jsonToText } from './json-text'
import { jsonBreak } from '../../shared/json-syntax'
import { setImmediate as nextTurn } from 'node:timers/promises'

export { UnreadableContent }

export type FileType = 'txt' | 'md' | 'markdown' | 'html' | 'htm' | 'pdf' | 'docx' | 'csv' | 'json' | 'vrkai'

/** The readable type of a file name (by its extension, case-insensitive), or undefined. */
export function fileTypeOf(name: string): FileType | undefined {
  return hasReadableType(name) ? (name.slice(name.lastIndexOf('.') + 1).toLowerCase() as FileType) : undefined
}

const CONTENT_TYPES: Record<FileType, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  vrkai: 'application/json'
}
/** The content type of a file of this type; a text type's charset is the encoding its bytes are read in (textEncoding). */
export const contentTypeOf = (type: string, encoding: TextEncoding = 'utf-8') =>
  (CONTENT_TYPES[type as FileType] ?? 'application/octet-stream').replace('charset=utf-8', `charset=${encoding}`)

/** The types whose content type names a charset: their bytes are text in the encoding textEncoding finds. */
export const namesCharset = (type: string) => CONTENT_TYPES[type as FileType]?.includes('charset=') ?? false

/** Seed Source.file_type.Document for each type. */
const DOCUMENT_KINDS: Record<FileType, string> = {
  txt: 'Txt',
  md: 'Md',
  markdown: 'Md',
  html: 'Html',
  htm: 'Html',
  pdf: 'Pdf',
  docx: 'Docx',
  csv: 'Csv',
  json: 'Json',
  vrkai: 'Vrkai'
}
export const documentKindOf = (type: string) => DOCUMENT_KINDS[type as FileType] ?? 'Txt'

export type Extracted =
  { readonly kind: 'text'; readonly text: string; readonly markdown: boolean } | { readonly kind: 'vrkai'; readonly entry: LocalVrkaiEntry }

/**
 * A text file's characters: UTF-16 when a byte order mark says so (Windows' "Unicode" text and
 * Excel's exports), else UTF-8. Bytes that are not UTF-8 in a file without a single UTF-8
 * character beyond ASCII are the Windows-1252 code page most older Western files use; a UTF-8 file
 * with a few damaged bytes stays UTF-8 (those bytes become U+FFFD).
 */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

/**
 * The encoding of a text file's bytes, given piece by piece (a stored file is not read whole): the
 * rule above. `push` answers once a piece settles it; `end` answers for the whole file. A download
 * names it as the charset of the file's content type.
 */
export function encodingFinder() {
  const utf8 = new TextDecoder('utf-8') // drops a UTF-8 byte order mark
  let first = true
  let damaged = false
  return {
    push(piece: Uint8Array): TextEncoding | undefined {
      if (first && piece.length >= 2) {
        if (piece[0] === 0xff && piece[1] === 0xfe) return 'utf-16le'
        if (piece[0] === 0xfe && piece[1] === 0xff) return 'utf-16be'
      }
      first = false
      const text = utf8.decode(piece, { stream: true })
      if (/[^\p{ASCII}\uFFFD]/u.test(text)) return 'utf-8'
      damaged ||= text.includes('\uFFFD')
      return undefined
    },
    end(): TextEncoding {
      damaged ||= utf8.decode().includes('\uFFFD')
      return damaged ? 'windows-1252' : 'utf-8'
    }
  }
}

/** The encoding of bytes held whole (an upload being read). */
export function textEncoding(bytes: Uint8Array): TextEncoding {
  const finder = encodingFinder()
  return finder.push(bytes) ?? finder.end()
}

/**
 * How much of a text is decoded before the event loop turns: finding the encoding of a 200 MB text
 * and decoding it whole held the node about half a second; a piece takes a few ms.
 */
export const DECODE_PIECE_BYTES = 4 * 1024 * 1024

/** The characters of a text file, decoded a piece at a time (the encoding by the rule above). */
async function decodeText(bytes: Uint8Array): Promise<string> {
  if (bytes.length <= DECODE_PIECE_BYTES) return new TextDecoder(textEncoding(bytes)).decode(bytes)
  const finder = encodingFinder()
  let encoding: TextEncoding | undefined
  for (let at = 0; encoding === undefined && at < bytes.length; at += DECODE_PIECE_BYTES) {
    encoding = finder.push(bytes.subarray(at, at + DECODE_PIECE_BYTES))
    await nextTurn()
  }
  // Streamed, so a character cut between two pieces is decoded whole.
  const decoder = new TextDecoder(encoding ?? finder.end())
  const pieces: string[] = []
  for (let at = 0; at < bytes.length; at += DECODE_PIECE_BYTES) {
    pieces.push(decoder.decode(bytes.subarray(at, at + DECODE_PIECE_BYTES), { stream: at + DECODE_PIECE_BYTES < bytes.length }))
    await nextTurn()
  }
  return pieces.join('')
}

/** Why a .vrkai is not read, as the end of "<file> could not be read: …" (as NOT_A_PDF and NOT_A_DOCX are). */
const NOT_A_VRKAI = 'it is not a valid .vrkai file'

/** Why a text JSON.parse refused is no .vrkai: where its JSON breaks, in words (JSON.parse's own name a parser state and quote the file back). */
function notVrkaiJson(text: string): string {
  const place = jsonBreak(text)
  if (text.trim() === '' || place === undefined) return `${NOT_A_VRKAI} (it is empty)`
  const where = `line ${place.line}, column ${place.column}`
  return place.ended
    ? `${NOT_A_VRKAI} (its JSON ends before it is complete, at ${where}: it may have been cut off)`
    : `${NOT_A_VRKAI} (it is not JSON from ${where} on: it may be damaged, or another kind of file)`
}

/** Why a file named as text is not read: its bytes are another kind of file's. */
export const NOT_TEXT =
  'it is not text (it holds binary data: it may be another kind of file given a text name, such as a ZIP, an image or a Word file)'
/** How far into a text file a NUL byte is looked for (as git and `file` tell a binary file). */
const BINARY_SNIFF_BYTES = 8000

/**
 * A file named as text whose first bytes hold a NUL is another kind of file (text in UTF-8 or a code page
 * has none; UTF-16, which has, says so by its byte order mark). Read as text it made passages of
 * mojibake that then came up in unrelated searches, while a text file named .pdf was refused.
 */
function refuseBinary(bytes: Uint8Array): void {
  const head = bytes.subarray(0, BINARY_SNIFF_BYTES)
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)
  if (!utf16 && head.includes(0)) throw new UnreadableContent(NOT_TEXT)
}

/**
 * Why an entry's nodes cannot each be told apart, if they cannot: two of one id. A passage is named by its
 * node's id (search results, an answer's sources, the library's preview opened on it), so the second was
 * never reached, and the window listed two results under one key.
 */
function repeatedNodeId(entry: LocalVrkaiEntry): string | undefined {
  const nodes = entry.vrkai.resource.Document.nodes
  const first = new Map<string, number>()
  for (const [i, node] of nodes.entries()) {
    // A node with no text is not stored (see the upload): its id names no passage.
    if (!node.content.Text.trim()) continue
    const before = first.get(node.id)
    if (before === undefined) {
      first.set(node.id, i)
      continue
    }
    const shown = node.id.length > 40 ? `${JSON.stringify(node.id.slice(0, 40)).slice(0, -1)}…"` : JSON.stringify(node.id)
    return `vrkai.resource.Document.nodes[${i}].id: ${shown} is already the id of nodes[${before}]; each node needs its own id`
  }
  return undefined
}

/** The text of a file of a readable type, or its own nodes for a .vrkai; PDF and DOCX are read by `documents`. */
export async function extractText(type: FileType, bytes: Uint8Array, documents: DocumentReader): Promise<Extracted> {
  // PDF, DOCX and .vrkai say themselves what is wrong with bytes that are not theirs.
  if (type !== 'pdf' && type !== 'docx' && type !== 'vrkai') refuseBinary(bytes)
  switch (type) {
    case 'txt':
    case 'csv':
      return { kind: 'text', text: await decodeText(bytes), markdown: false }
    case 'json':
      return { kind: 'text', text: jsonToText(await decodeText(bytes)), markdown: false }
    case 'md':
    case 'markdown':
      return { kind: 'text', text: await decodeText(bytes), markdown: true }
    case 'html':
    case 'htm':
      return { kind: 'text', text: htmlToText(await decodeText(bytes)), markdown: false }
    case 'pdf':
    case 'docx':
      return { kind: 'text', text: await documents.read(type, bytes), markdown: false }
    case 'vrkai': {
      const text = await decodeText(bytes)
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        throw new UnreadableContent(notVrkaiJson(text))
      }
      // The limit of JSON bodies: such an entry could not be sent in a job's scope, and one nested
      // thousands deep overflowed the stack when it was stored.
      const deep = tooDeepPath(json)
      if (deep !== undefined) throw new UnreadableContent(tooDeepMessage(deep, 'a .vrkai file'))
      const parsed = LocalVrkaiEntrySchema.safeParse(json)
      if (!parsed.success) {
        // The fields at fault, by path as a JSON body's are named; the file as a whole is not a "body".
        const issues = formatIssues(parsed.error.issues, json).replace(/^body: /, 'the whole file: ')
        throw new UnreadableContent(`${NOT_A_VRKAI} (${issues})`)
      }
      const repeated = repeatedNodeId(parsed.data)
      if (repeated) throw new UnreadableContent(`${NOT_A_VRKAI} (${repeated})`)
      return { kind: 'vrkai', entry: parsed.data }
    }
  }
}
