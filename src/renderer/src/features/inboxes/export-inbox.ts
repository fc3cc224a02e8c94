import type { NodedeskBridge, SaveExportBody } from '../../../../shared/bridge'
import type { ErrorBody } from '../../../../shared/contract/error'
import type { ExportFormat } from '../../../../shared/contract/inbox-management'
import { ApiFailure, fieldPathsOf, type Client } from '../../api/client'

/** Saves text as a file through the browser's download. */
export function download(filename: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }))
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

/**
 * An inbox's export, saved where the operator says: in the desktop app through Electron's save
 * dialog (the main process reads the export and writes the file: the content never comes here),
 * elsewhere through the browser's download. Node errors are thrown as ApiFailure.
 */
export async function exportInbox(
  client: Client,
  bridge: Pick<NodedeskBridge, 'saveExport'> | undefined,
  inboxId: string,
  format: ExportFormat
): Promise<ExportOutcome> {
  if (bridge?.saveExport) {
    const res = await bridge.saveExport({ inbox_name: inboxId, format })
    if (res.status !== 200) {
      const body = res.body as ErrorBody
      throw new ApiFailure(res.status, body.error, body.message, res.status === 400 ? fieldPathsOf(body.message) : [])
    }
    const saved = res.body as SaveExportBody
    return saved.saved ? { kind: 'saved', path: saved.path } : { kind: 'cancelled' }
  }
  const { filename, content } = await client.call('export_messages_from_inbox', { body: { inbox_name: inboxId, format } })
  download(filename, content, mime[format])
  return { kind: 'downloaded', filename }
}
