import type { ExportFormat } from './contract/inbox-management'

/** The one channel requests travel on, and the one events arrive on. */
export const IPC_REQUEST_CHANNEL = 'nodedesk:request'
export const IPC_EVENT_CHANNEL = 'nodedesk:event'
/**
 * Events reach the desktop window as `{ seq, json }` (the event as JSON text); the window tells the main process the last
 * `seq` it has handled on this channel (`{ seq: -1 }` once, from a page just loaded). A window that
 * stops handling them (hung, or far behind) is sent nothing more past a bound of unhandled bytes,
 * and once it has caught up it is told on the resumed channel, to read again what it missed.
 */
export const IPC_EVENT_ACK_CHANNEL = 'nodedesk:event-ack'
export const IPC_EVENTS_RESUMED_CHANNEL = 'nodedesk:events-resumed'
export interface IpcEventEnvelope {
  readonly seq: number
  /**
   * The event as JSON text, parsed by the page itself (as the HTTP stream's are): a whole number past
   * 2^53 kept as written reaches it exactly (see shared/exact-json.ts), which a cloned object would not.
   */
  readonly json: string
}
/** The `seq` a page just loaded acknowledges: it has nothing of before, and reads everything itself. */
export const NEW_PAGE_SEQ = -1
/** The desktop app's "Save as…" for an inbox export: the main process asks where and writes the file. */
export const IPC_SAVE_EXPORT_CHANNEL = 'nodedesk:save-export'
/**
 * Sent by the main process to the window that asked for a save (and to no other), once, when the operator
 * has chosen where and the file starts being written: `{ request_id }` as that save's request named it.
 * Until then the save dialog is open and nothing is under way; a cancelled dialog sends nothing.
 */
export const IPC_SAVE_EXPORT_WRITING_CHANNEL = 'nodedesk:save-export-writing'
export interface SaveExportWriting {
  readonly request_id: number
}

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

/**
 * A request as it crosses the bridge: a JSON body as its text (`bodyJson`, read by the node as an HTTP
 * body is), a body carrying an upload's bytes as itself (`body`).
 */
export interface BridgeWireRequest {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly query?: Record<string, string>
  readonly body?: unknown
  readonly bodyJson?: string
}

/** An answer as it crosses the bridge: JSON as its text (the page parses it), a file as its bytes. */
export type BridgeWireReply =
  { readonly status: number; readonly json: string } | { readonly status: number; readonly body: Uint8Array; readonly json?: undefined }

/**
 * What the preload exposes to the page as `window.nodedesk`: these functions and nothing else. JSON
 * crosses as text both ways: an object handed across the context bridge is copied, and a number kept
 * exactly (JSON.rawJSON) would arrive as an object `{ rawJSON }`; text keeps it (see shared/exact-json.ts).
 */
export interface NodedeskBridge {
  request(req: BridgeWireRequest): Promise<BridgeWireReply>
  /** `onResumed`: events were held back while the window was not handling them; what they changed is stale. */
  onEvent(listener: (eventJson: string) => void, onResumed?: () => void): () => void
  /**
   * Saves an inbox export through the system's save dialog (desktop app only). `onWriting` is called once
   * the operator has chosen where and the file is being written (never while the dialog is open, nor when
   * it is cancelled).
   */
  saveExport?(req: SaveExportRequest, onWriting?: () => void): Promise<BridgeResponse>
}
