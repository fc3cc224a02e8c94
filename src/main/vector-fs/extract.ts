import { LocalVrkaiEntrySchema, type LocalVrkaiEntry } from '../../shared/contract/scope'
import { VFS_READABLE_EXTENSIONS } from '../../shared/contract/vector-fs'
import { formatIssues } from '../../shared/contract/field-errors'
import { htmlToText } from './html-text'

export type FileType = 'txt' | 'md' | 'markdown' | 'html' | 'htm' | 'pdf' | 'docx' | 'csv' | 'json' | 'vrkai'

/** The readable type of a file name (by its extension, case-insensitive), or undefined. */
export function fileTypeOf(name: string): FileType | undefined {
  const dot = name.lastIndexOf('.')
  if (dot <= 0 && !name.startsWith('.')) return undefined
  const ext = name.slice(dot).toLowerCase()
  return (VFS_READABLE_EXTENSIONS as readonly string[]).includes(ext) ? (ext.slice(1) as FileType) : undefined
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
export const contentTypeOf = (type: string) => CONTENT_TYPES[type as FileType] ?? 'application/octet-stream'

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

/** The file's content cannot be read although its type is one we read (a 400 naming file_data). */
export class UnreadableContent extends Error {}

export type Extracted =
  { readonly kind: 'text'; readonly text: string; readonly markdown: boolean } | { readonly kind: 'vrkai'; readonly entry: LocalVrkaiEntry }

function utf8(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/** The text of a file of a readable type, or its own nodes for a .vrkai. */
export async function extractText(type: FileType, bytes: Uint8Array): Promise<Extracted> {
  switch (type) {
    case 'txt':
    case 'csv':
    case 'json':
      return { kind: 'text', text: utf8(bytes), markdown: false }
    case 'md':
    case 'markdown':
      return { kind: 'text', text: utf8(bytes), markdown: true }
    case 'html':
    case 'htm':
      return { kind: 'text', text: htmlToText(utf8(bytes)), markdown: false }
    case 'pdf': {
      const { extractText: pdfText, getDocumentProxy } = await import('unpdf')
      let pages: string[]
      try {
        // unpdf hands the buffer to PDF.js, which may detach it: give it a copy.
        const pdf = await getDocumentProxy(new Uint8Array(bytes))
        pages = (await pdfText(pdf, { mergePages: false })).text
      } catch (err) {
        throw new UnreadableContent(`file_data: the PDF could not be read (${(err as Error)?.message ?? err})`)
      }
      return { kind: 'text', text: pages.map((p) => p.trim()).join('\n\n'), markdown: false }
    }
    case 'docx': {
      const mammoth = await import('mammoth')
      try {
        const result = await (mammoth.default ?? mammoth).extractRawText({
          buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
        })
        return { kind: 'text', text: result.value, markdown: false }
      } catch (err) {
        throw new UnreadableContent(`file_data: the DOCX could not be read (${(err as Error)?.message ?? err})`)
      }
    }
    case 'vrkai': {
      let json: unknown
      try {
        json = JSON.parse(utf8(bytes))
      } catch (err) {
        throw new UnreadableContent(`file_data: a .vrkai file is a LocalVrkaiEntry as JSON (${(err as Error).message})`)
      }
      const parsed = LocalVrkaiEntrySchema.safeParse(json)
      if (!parsed.success) {
        throw new UnreadableContent(`file_data: not a LocalVrkaiEntry (${formatIssues(parsed.error.issues, json)})`)
      }
      return { kind: 'vrkai', entry: parsed.data }
    }
  }
}
