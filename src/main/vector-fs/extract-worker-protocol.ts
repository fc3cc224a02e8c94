import type { DocumentType } from './document-text'

/** A document to read; its bytes arrive as a copy the process owns. */
export interface ToExtractWorker {
  readonly type: 'read'
  readonly id: number
  readonly fileType: DocumentType
  readonly bytes: Uint8Array
}

/** `ready` once the parsers are loaded; then one answer per document. */
export type FromExtractWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'text'; readonly id: number; readonly text: string }
  /** `cause`: the parser's own words, for the debug log (the message is the sentence for the uploader). */
  | { readonly type: 'unreadable'; readonly id: number; readonly message: string; readonly cause?: string }
  | { readonly type: 'failed'; readonly id: number; readonly message: string }
