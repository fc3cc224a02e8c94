import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { chmod, readlink, realpath, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { formatIssues } from '../../shared/contract/field-errors'
import type { SaveExportBody } from '../../shared/bridge'
import { errorBody, type ErrorBody } from '../../shared/contract/error'
import type { ExportFormat } from '../../shared/contract/inbox-management'
import { routes } from '../../shared/contract/routes'
import type { NodeApi } from '../node-api'
import { InboxGoneError, type InboxExport } from '../node-api/inbox-export'

/** What a save dialog offers to filter by, per export format. */
export const EXPORT_FILTERS: Record<ExportFormat, { readonly name: string; readonly extensions: string[] }> = {
  markdown: { name: 'Markdown', extensions: ['md'] },
  json: { name: 'JSON', extensions: ['json'] },
  txt: { name: 'Text', extensions: ['txt'] }
}

/** Asks the operator where to save: the suggested file name and the format's filter in, a path or nothing (cancelled) out. */
export type ChooseSavePath = (defaultName: string, filter: (typeof EXPORT_FILTERS)[ExportFormat]) => Promise<string | undefined>

export interface SaveExportReply {
  readonly status: number
  readonly body: SaveExportBody | ErrorBody
}

/**
 * The desktop app's export: the request is checked as the node checks any caller's (the route's
 * own schema, then the inbox), the operator picks where it goes, and the text is streamed there from
 * a snapshot of the inbox, so a long history never sits in memory whole. It is written to a new file
 * beside the chosen one and renamed over it once complete: a failure leaves a file that was there
 * untouched and no half-written export. The content never crosses to the window; the window cannot
 * name a path either, only the dialog does. `onWriting` is called once the path is chosen, as the
 * writing begins (not while the dialog is open, nor when it is cancelled or the request refused).
 */
export async function saveExport(
  node: Pick<NodeApi, 'openExport' | 'ctx'>,
  payload: unknown,
  choosePath: ChooseSavePath,
  onWriting?: () => void
): Promise<SaveExportReply> {
  const p = (payload ?? {}) as { inbox_name?: unknown; format?: unknown }
  const body = { inbox_name: p.inbox_name, format: p.format }
  const parsed = routes.export_messages_from_inbox.body.safeParse(body)
  if (!parsed.success) return { status: 400, body: errorBody(400, formatIssues(parsed.error.issues, body)) }
  const { inbox_name, format } = parsed.data
  const failed = (err: unknown): SaveExportReply => {
    node.ctx.log.error(`saving the export of ${inbox_name} failed`, err)
    return { status: 500, body: errorBody(500, 'internal error; the node log has the details') }
  }
  let exp: InboxExport | undefined
  try {
    exp = node.openExport(inbox_name, format)
  } catch (err) {
    return failed(err)
  }
  if (!exp) return { status: 404, body: errorBody(404, `inbox_name: no inbox '${inbox_name}'`) }
  const path = await choosePath(exp.filename, EXPORT_FILTERS[format])
  if (!path) return { status: 200, body: { saved: false } }
  onWriting?.()

  // A link the operator chose stays a link: the file it points to is the one replaced. A file replaced
  // keeps its permissions (a private export stays private).
  const target = await writtenPath(path)
  const mode = await stat(target).then(
    (st) => st.mode & 0o7777,
    () => undefined
  )
  const partial = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.part`)
  let readFailure: { err: unknown } | undefined
  const text = (function* (exp: InboxExport) {
    try {
      yield* exp.pieces()
    } catch (err) {
      readFailure = { err }
      throw err
    }
  })(exp)
  try {
    await pipeline(Readable.from(text), createWriteStream(partial, { flags: 'wx', encoding: 'utf8', mode: mode ?? 0o666 }))
    if (mode !== undefined) await chmod(partial, mode) // the creation mode passes through the umask
    await rename(partial, target)
  } catch (err) {
    await rm(partial, { force: true }).catch(() => undefined)
    if (readFailure) {
      if (readFailure.err instanceof InboxGoneError) return { status: 404, body: errorBody(404, readFailure.err.message) }
      return failed(readFailure.err)
    }
    const reason = err instanceof Error && 'code' in err ? String(err.code) : 'write failed'
    return { status: 500, body: errorBody(500, `path: the export could not be written to ${path} (${reason})`) }
  }
  return { status: 200, body: { saved: true, path } }
}

/** The file a save to `path` replaces or creates: the one a link there points to (existing or not yet), else `path`. */
async function writtenPath(path: string): Promise<string> {
  try {
    return await realpath(path)
  } catch {
    // A link to a file not there yet: that file is created, and the link stays a link.
    return readlink(path).then(
      (to) => resolve(dirname(path), to),
      () => path
    )
  }
}
