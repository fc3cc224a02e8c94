import type { IpcMainInvokeEvent } from 'electron'
import { readFile } from 'node:fs/promises'
import { errorBody } from '../../shared/contract/error'
import { IPC_REQUEST_CHANNEL, IPC_SAVE_EXPORT_CHANNEL, IPC_SAVE_EXPORT_WRITING_CHANNEL, type SaveExportWriting } from '../../shared/bridge'
import type { NodeApi, NodeRequest, Router } from '../node-api'
import { saveExport, type SaveExportReply } from './save-export'
import { asJsonBody, type IpcBody } from './ipc-body'
import { invalidJsonMessage } from './json-syntax'
import { parseExactJson } from '../../shared/exact-json'

/** The part of Electron's ipcMain this binding uses (so it is testable without Electron). */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void
  removeHandler(channel: string): void
}

/** The body travels as UTF-8 JSON bytes: one copy across the boundary, decoded by the preload. */
export interface IpcReply {
  readonly status: number
  readonly body: Uint8Array
  /** Set when the body is a file's bytes rather than JSON (download_file). */
  readonly contentType?: string
}

const jsonBytes = (value: unknown) => Buffer.from(JSON.stringify(value))

/**
 * True when `frameUrl` is the app's own renderer page: same origin as `rendererUrl` and, for
 * file: pages, the same file. Anything else (a navigated-away frame, a foreign iframe) is refused.
 */
export function isRendererUrl(frameUrl: string | undefined, rendererUrl: string): boolean {
  if (!frameUrl) return false
  let frame: URL
  let own: URL
  try {
    frame = new URL(frameUrl)
    own = new URL(rendererUrl)
  } catch {
    return false
  }
  if (own.protocol === 'file:') return frame.protocol === 'file:' && frame.pathname === own.pathname
  if (own.protocol === 'http:' || own.protocol === 'https:') return frame.origin === own.origin
  // A scheme of our own (app://nodedesk): URL gives such origins as "null", so compare scheme and host.
  return frame.protocol === own.protocol && frame.host === own.host && own.host !== ''
}

/** A body sent as JSON text (every JSON body the window sends), read as HTTP reads one: exactly. */
function jsonTextBody(text: string): IpcBody {
  try {
    return { ok: true, body: text === '' ? undefined : parseExactJson(text) }
  } catch {
    return { ok: false, message: invalidJsonMessage(text) }
  }
}

const refused = (message: string): IpcReply => ({ status: 403, body: jsonBytes(errorBody(403, message)) })

/**
 * Binds the one request channel to the router. `isTrustedSender` decides per call whether the
 * sending frame is ours; requests from anyone else get 403 and never reach the router.
 */
export function bindIpc(ipcMain: IpcMainLike, router: Router, isTrustedSender: (event: IpcMainInvokeEvent) => boolean): () => void {
  ipcMain.handle(IPC_REQUEST_CHANNEL, async (event, payload): Promise<IpcReply> => {
    if (!isTrustedSender(event)) return refused('sender: requests are accepted only from the Nodedesk window')
    const req = (payload ?? {}) as NodeRequest & { bodyJson?: unknown }
    // Only these fields are taken: a staged `upload` is for the HTTP transport alone.
    const body = typeof req.bodyJson === 'string' ? jsonTextBody(req.bodyJson) : asJsonBody(req.body)
    if (!body.ok) return { status: 400, body: jsonBytes(errorBody(400, body.message)) }
    const res = await router.handleJson({ method: req.method, path: req.path, query: req.query, body: body.body })
    if (res.kind === 'stream') {
      return { status: 400, body: jsonBytes(errorBody(400, 'path: /v2/events is a stream; use the bridge onEvent subscription')) }
    }
    // One value across the boundary: the pieces of a streamed body are joined here.
    if (res.kind === 'chunks') return router.collect(req, res.body)
    if (res.kind === 'file') return { status: res.status, body: await readFile(res.file.file), contentType: res.file.contentType }
    return { status: res.status, body: res.body }
  })
  return () => ipcMain.removeHandler(IPC_REQUEST_CHANNEL)
}

/** The part of Electron's save dialog the export uses, shown for the window that asked. */
export type ShowSaveDialog = (
  event: IpcMainInvokeEvent,
  options: { defaultPath: string; filters: { name: string; extensions: string[] }[] }
) => Promise<{ canceled: boolean; filePath?: string }>

/**
 * Binds the export's "Save as…" channel: from our window only (the same check as the request
 * channel), the main process asks where with `showSaveDialog` and streams the export there. Once a
 * place is chosen, the window that asked (and no other) is told on the writing channel, with the
 * request's `request_id`: until then the dialog is open and the window shows nothing under way.
 */
export function bindSaveExport(
  ipcMain: IpcMainLike,
  node: Pick<NodeApi, 'openExport' | 'ctx'>,
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean,
  showSaveDialog: ShowSaveDialog
): () => void {
  ipcMain.handle(IPC_SAVE_EXPORT_CHANNEL, async (event, payload): Promise<SaveExportReply> => {
    if (!isTrustedSender(event)) return { status: 403, body: errorBody(403, 'sender: exports are saved only for the Nodedesk window') }
    const requestId = (payload as { request_id?: unknown } | undefined)?.request_id
    const onWriting = () => {
      // Checked again as it is sent: the window may have closed, or left our page, while the dialog was open.
      if (typeof requestId !== 'number' || !Number.isSafeInteger(requestId)) return
      if (event.sender.isDestroyed() || !isTrustedSender(event)) return
      event.sender.send(IPC_SAVE_EXPORT_WRITING_CHANNEL, { request_id: requestId } satisfies SaveExportWriting)
    }
    return saveExport(
      node,
      payload,
      async (defaultName, filter) => {
        const chosen = await showSaveDialog(event, { defaultPath: defaultName, filters: [filter] })
        return chosen.canceled ? undefined : chosen.filePath
      },
      onWriting
    )
  })
  return () => ipcMain.removeHandler(IPC_SAVE_EXPORT_CHANNEL)
}
