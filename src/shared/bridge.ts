import type { NodeEvent } from './contract/events'

/** The one channel requests travel on, and the one events arrive on. */
export const IPC_REQUEST_CHANNEL = 'nodedesk:request'
export const IPC_EVENT_CHANNEL = 'nodedesk:event'

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

/** What the preload exposes to the page as `window.nodedesk`: these two functions and nothing else. */
export interface NodedeskBridge {
  request(req: BridgeRequest): Promise<BridgeResponse>
  onEvent(listener: (event: NodeEvent) => void): () => void
}
