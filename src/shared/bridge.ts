import type { NodeEvent } from './contract/events'
import type { ExportFormat } from './contract/inbox-management'

/** The one channel requests travel on, and the one events arrive on. */
export const IPC_REQUEST_CHANNEL = 'nodedesk:request'
export const IPC_EVENT_CHANNEL = 'nodedesk:event'
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
  onEvent(listener: (event: NodeEvent) => void): () => void
  /** Saves an inbox export through the system's save dialog (desktop app only). */
  saveExport?(req: SaveExportRequest): Promise<BridgeResponse>
}
