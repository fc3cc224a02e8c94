import busboy from 'busboy'
import { randomUUID } from 'node:crypto'
import { createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { join } from 'node:path'
import { sizeText } from '../../shared/byte-size'
import { uploadTooLarge } from '../../shared/contract/limits'
import { storageProblem } from '../node-api/disk-full'
import { debugEvent } from '../platform/debug-log'

export interface MultipartOptions {
  /** The form field that carries the file. */
  readonly fileField: string
  /** Where the file is streamed to. */
  readonly dir: string
  readonly maxFileBytes: number
  /** Told when the file's part begins (a connection cut after that cut the file short). */
  readonly onFile?: () => void
}

export type MultipartResult =
  | { readonly ok: true; readonly fields: Record<string, string>; readonly file?: { path: string; size: number; filename: string } }
  | { readonly ok: false; readonly status: 400 | 413 | 500; readonly message: string }

const MAX_FIELD_BYTES = 64 * 1024
/** File parts a form may have: the one file, and a few of other names (ignored); more is refused. */
const MAX_FILE_PARTS = 5
const REPLACEMENT = '\uFFFD'

/**
 * A form busboy could not read, said for a person: its own words ("Malformed part header",
 * "Unexpected end of form", "Multipart: Boundary not found") name its parser, and go to the debug log.
 */
function malformedForm(err: unknown): MultipartResult {
  const raw = err instanceof Error ? err.message : ''
  const why = /unexpected end/i.test(raw)
    ? 'it ends before its last part'
    : /boundary/i.test(raw)
      ? 'its Content-Type names no boundary (multipart/form-data; boundary=...)'
      : /part header/i.test(raw)
        ? "a part's header is malformed or longer than 16 KB (a file name that long, say)"
        : 'it is not well formed'
  const message = `body: malformed multipart/form-data: ${why}`
  debugEvent(`upload refused: ${message}`, err)
  return { ok: false, status: 400, message }
}

/** A form with the file field twice (or more file parts than a form may have): which file was meant cannot be told. */
const oneFile = (field: string, why = `this form has ${field} more than once`): MultipartResult => ({
  ok: false,
  status: 400,
  message: `${field}: an upload carries one file; ${why}`
})

/**
 * The file could not be written to the upload folder: the node's failure, not the sender's. A full
 * or read-only disk says what the operator can do, as other writes do; the OS's words (which name
 * the staging file's path) go to the debug log.
 */
function notStaged(err: unknown): MultipartResult {
  const message =
    storageProblem(err) ?? "body: the upload could not be written to the data folder's upload folder; check the disk and try again"
  debugEvent(`upload not staged: ${message}`, err)
  return { ok: false, status: 500, message }
}

/**
 * Reads a multipart/form-data upload: text fields into memory (64 KiB each at most), the file
 * streamed to a new file in `dir`, never held whole in memory. At `maxFileBytes` it stops reading
 * the request and answers 413; the partial file is removed. A caller removes `file.path` when done.
 */
export function readMultipart(req: IncomingMessage, options: MultipartOptions): Promise<MultipartResult> {
  return new Promise((resolve) => {
    let settled = false
    let staged: string | undefined
    let out: WriteStream | undefined
    let fileDone: Promise<void> = Promise.resolve()
    let fileSize = 0
    let fileName = ''
    const fields: Record<string, string> = {}

    const finish = async (result: MultipartResult) => {
      if (settled) return
      settled = true
      if (!result.ok) {
        req.unpipe(bb)
        req.pause() // stop reading: the rest of the body is never taken in
        // The staged file is removed once its stream is closed: a stream destroyed before its file
        // was opened still opens (creates) it, after a removal made at once (a small limit reached
        // early left an empty staged file behind).
        if (out && !out.closed) {
          const stream = out
          const closed = new Promise<void>((done) => stream.once('close', () => done()))
          stream.destroy()
          await closed
        }
        if (staged) await rm(staged, { force: true }).catch(() => undefined)
      }
      resolve(result)
    }

    let bb: busboy.Busboy
    try {
      bb = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        // busboy reports its limit once a file *reaches* it; a file of exactly the limit is allowed
        // (413 is for files over it), so the limit it is given is one byte more.
        limits: { fileSize: options.maxFileBytes + 1, files: MAX_FILE_PARTS, fields: 20, parts: 25, fieldSize: MAX_FIELD_BYTES }
      })
    } catch (err) {
      resolve(malformedForm(err))
      return
    }

    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) {
        void finish(
          name === options.fileField
            ? {
                ok: false,
                status: 413,
                message: `${name}: send the file as a file part; a text field holds at most ${sizeText(MAX_FIELD_BYTES)}`
              }
            : { ok: false, status: 400, message: `${name}: longer than ${sizeText(MAX_FIELD_BYTES)}` }
        )
        return
      }
      // busboy decodes a field's bytes as UTF-8, putting U+FFFD where they are not: invalid UTF-8 is
      // refused as it is in a JSON body, instead of storing a name with replacement characters.
      if (value.includes(REPLACEMENT)) {
        void finish({ ok: false, status: 400, message: `${name}: not valid UTF-8` })
        return
      }
      if (name === options.fileField && (staged !== undefined || name in fields)) {
        void finish(oneFile(name))
        return
      }
      // Which one was meant cannot be told: the last was taken, and "replace" false then true replaced a file.
      if (Object.hasOwn(fields, name)) {
        void finish({ ok: false, status: 400, message: `${name}: given more than once in the form; which one was meant cannot be told` })
        return
      }
      fields[name] = value
    })
    bb.on('file', (name, stream, info) => {
      // A form that ends inside a file part fails that part's stream as well as the form: the form's
      // error answers the request, and the stream's must not go unheard (it would be thrown).
      stream.on('error', () => out?.destroy())
      // Refused already (a field before it given twice, not UTF-8, too long): busboy still hands over
      // the part it had read, and the file was written to the upload folder after the answer, kept
      // there until the next start.
      if (settled || name !== options.fileField) {
        stream.resume()
        return
      }
      // A second file (or the file given as a text field too) was silently dropped: which one the
      // sender meant cannot be known, so neither is stored.
      if (staged !== undefined || name in fields) {
        stream.resume()
        void finish(oneFile(name))
        return
      }
      if (info.filename?.includes(REPLACEMENT)) {
        stream.resume()
        void finish({ ok: false, status: 400, message: `${name}: its file name is not valid UTF-8` })
        return
      }
      fileName = info.filename ?? ''
      options.onFile?.()
      staged = join(options.dir, `upload-${randomUUID()}`)
      const file = createWriteStream(staged, { mode: 0o600 })
      out = file
      stream.on('data', (chunk: Buffer) => (fileSize += chunk.length))
      stream.on('limit', () => {
        stream.unpipe(file)
        stream.resume()
        file.destroy()
        void finish({ ok: false, status: 413, message: uploadTooLarge(name, options.maxFileBytes) })
      })
      fileDone = new Promise((done, fail) => {
        file.on('finish', () => done())
        file.on('error', fail)
      })
      // After a 413 the write stream is destroyed mid-write and nobody awaits fileDone any more.
      fileDone.catch(() => undefined)
      stream.pipe(file)
    })
    bb.on('filesLimit', () => void finish(oneFile(options.fileField, `this form has more than ${MAX_FILE_PARTS} file parts`)))
    bb.on('error', (err) => void finish(malformedForm(err)))
    bb.on('close', () => {
      fileDone.then(
        () =>
          finish({
            ok: true,
            fields,
            ...(staged ? { file: { path: staged, size: fileSize, filename: fileName } } : {})
          }),
        (err) => finish(notStaged(err))
      )
    })
    // A client gone before the form's end (closed tab, lost network) sends nothing more, and busboy,
    // never told the body ended, would wait for ever with the staged file open: it is dropped now.
    req.once('close', () => {
      if (!req.complete) void finish({ ok: false, status: 400, message: 'body: the upload ended before its last part' })
    })
    // The connection reset under a body left unread (after a 400 or 413) is no one's error to throw.
    req.on('error', () => void finish({ ok: false, status: 400, message: 'body: the upload ended before its last part' }))
    mkdir(options.dir, { recursive: true, mode: 0o700 }).then(
      () => req.pipe(bb),
      (err) => finish(notStaged(err))
    )
  })
}
