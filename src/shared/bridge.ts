import type { NodeEvent } from './contract/events'
import type { ExportFormat } from './contract/inbox-management'

/** The one channel requests travel on, and the one events arrive on. */
export const IPC_REQUEST_CHANNEL = 'nodedesk:request'
export const IPC_EVENT_CHANNEL = 'nodedesk:event'
/**
 * Events reach the desktop window as `{ seq, event }`; the window tells the main process the last
 * `seq` it has handled on this channel (`{ seq: -1 }` once, from a page just loaded). A window that
 * stops handling them (hung, or far behind) is sent nothing more past a bound of unhandled bytes,
 * and once it has caught up it is told on the resumed channel, to read again what it missed.
 */
export const IPC_EVENT_ACK_CHANNEL = 'nodedesk:event-ack'
export const IPC_EVENTS_RESUMED_CHANNEL = 'nodedesk:events-resumed'
export interface IpcEventEnvelope {
  readonly seq: number
  readonly event: NodeEvent
}
/** The `seq` a page just loaded acknowledges: it has nothing of before, and reads everything itself. */
export const NEW_PAGE_SEQ = -1
/** The desktop app's "Save as…" for an inbox export: the main process asks where and writes the file. */
export const IPC_SAVE_EXPORT_CHANNEL = 'nodedesk:save-export'

export interface BridgeRequest {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly query?: Record<string, string>
  readonly body?: unknown
}

export interface BridgeResponse {
  readonly status: number
  readonly body: unknown
}

/** Which inbox to export, in which format: the window names nothing else (the file is chosen in the dialog). */
export interface SaveExportRequest {
  readonly inbox_name: string
  readonly format: ExportFormat
}

/** 200 with where the file went, or `saved: false` when the operator cancelled; else the node's error body. */
export type SaveExportBody = { readonly saved: true; readonly path: string } | { readonly saved: false }

/** What the preload exposes to the page as `window.nodedesk`: these functions and nothing else. */
export interface NodedeskBridge {
  request(req: BridgeRequest): Promise<BridgeResponse>
  /** `onResumed`: events were held back while the window was not handling them; what they changed is stale. */
  onEvent(listener: (event: NodeEvent) => void, onResumed?: () => void): () => void
  /** Saves an inbox export through the system's save dialog (desktop app only). */
  saveExport?(req: SaveExportRequest): Promise<BridgeResponse>
}
