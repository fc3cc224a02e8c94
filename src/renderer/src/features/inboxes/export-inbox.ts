import type { NodedeskBridge, SaveExportBody } from '../../../../shared/bridge'
import type { ErrorBody } from '../../../../shared/contract/error'
import type { ExportFormat } from '../../../../shared/contract/inbox-management'
import { routePaths } from '../../../../shared/contract/route-paths'
import { ApiFailure, answerOf, fieldPathsOf, unanswered, type Client } from '../../api/client'

/** Saves a Blob as a file through the browser's download. */
export function downloadBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

const mime: Record<ExportFormat, string> = { markdown: 'text/markdown', json: 'application/json', txt: 'text/plain' }

export type ExportOutcome =
  | { readonly kind: 'saved'; readonly path: string }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'downloaded'; readonly filename: string }

/** The desktop save's two steps, as they come: the save dialog opens, then (a place chosen) the file is written. */
export interface SaveSteps {
  choosing(): void
  writing(): void
}

/**
 * An inbox's export, saved where the operator says: in the desktop app through Electron's save
 * dialog (the main process reads the export and writes the file: the content never comes here),
 * elsewhere through the browser's download. Node errors are thrown as ApiFailure.
 */
export async function exportInbox(
  client: Client,
  bridge: Pick<NodedeskBridge, 'saveExport'> | undefined,
  inboxId: string,
  format: ExportFormat,
  steps?: SaveSteps
): Promise<ExportOutcome> {
  if (bridge?.saveExport) {
    steps?.choosing()
    const res = await bridge.saveExport({ inbox_name: inboxId, format }, steps && (() => steps.writing()))
    if (res.status !== 200) {
      const body = res.body as ErrorBody
      throw new ApiFailure(res.status, body.error, body.message, res.status === 400 ? fieldPathsOf(body.message) : [])
    }
    const saved = res.body as SaveExportBody
    return saved.saved ? { kind: 'saved', path: saved.path } : { kind: 'cancelled' }
  }
  const body = { inbox_name: inboxId, format }
  // In a browser the export (tens of MB for a long conversation) is read and made a Blob off the window's
  // thread: read here, it froze the window for as long. Where no worker can be had, it is read here.
  const route = routePaths.export_messages_from_inbox
  let res
  try {
    res = await client.transport.exportBlob?.({ method: route.method, path: route.path, body }, mime[format])
  } catch (err) {
    throw unanswered(err)
  }
  if (res) {
    const { filename, blob } = answerOf(res) as { filename: string; blob: Blob }
    downloadBlob(filename, blob)
    return { kind: 'downloaded', filename }
  }
  const { filename, content } = await client.call('export_messages_from_inbox', { body })
  downloadBlob(filename, new Blob([content], { type: mime[format] }))
  return { kind: 'downloaded', filename }
}
