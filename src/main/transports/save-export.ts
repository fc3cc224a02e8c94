import { writeFile } from 'node:fs/promises'
import type { SaveExportBody } from '../../shared/bridge'
import { errorBody, type ErrorBody } from '../../shared/contract/error'
import type { ExportFormat } from '../../shared/contract/inbox-management'
import { routes } from '../../shared/contract/routes'
import type { Router } from '../node-api'

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
 * The desktop app's export: the export is read through the router (so the node checks the inbox and
 * the format as for any caller), the operator picks where it goes, and it is written there. The
 * content never crosses to the window; the window cannot name a path either, only the dialog does.
 */
export async function saveExport(router: Router, payload: unknown, choosePath: ChooseSavePath): Promise<SaveExportReply> {
  const p = (payload ?? {}) as { inbox_name?: unknown; format?: unknown }
  const route = routes.export_messages_from_inbox
  const res = await router.handle({ method: route.method, path: route.path, body: { inbox_name: p.inbox_name, format: p.format } })
  if (res.status !== 200) return res as SaveExportReply
  const { filename, content } = res.body as { filename: string; content: string }
  const path = await choosePath(filename, EXPORT_FILTERS[p.format as ExportFormat])
  if (!path) return { status: 200, body: { saved: false } }
  try {
    await writeFile(path, content, 'utf8')
  } catch (err) {
    const reason = err instanceof Error && 'code' in err ? String(err.code) : 'write failed'
    return { status: 500, body: errorBody(500, `path: the export could not be written to ${path} (${reason})`) }
  }
  return { status: 200, body: { saved: true, path } }
}
