import type { BridgeRequest, BridgeResponse, BridgeWireRequest, NodedeskBridge } from '../../src/shared/bridge'
import type { NodeEvent } from '../../src/shared/contract/events'
import { parseExactJson } from '../../src/shared/exact-json'
import { bridgeTransport, type Transport } from '../../src/renderer/src/api/transport'

/** A bridge as tests write one: requests and events as objects (an in-process router, a stand-in). */
export interface ObjectBridge {
  request(req: BridgeRequest): Promise<BridgeResponse>
  onEvent(listener: (event: NodeEvent) => void, onResumed?: () => void): () => void
}

/**
 * `bridge` speaking the preload's wire (JSON as text both ways, as src/preload and main's ipc.ts do),
 * so that the window's real bridge transport runs against it, parsing and writing that text itself.
 */
export function wireBridge(bridge: ObjectBridge): NodedeskBridge {
  return {
    async request(wire: BridgeWireRequest) {
      const body = wire.bodyJson !== undefined ? parseExactJson(wire.bodyJson) : wire.body
      const res = await bridge.request({ method: wire.method, path: wire.path, query: wire.query, body })
      if (res.body instanceof Uint8Array) return { status: res.status, body: res.body }
      return { status: res.status, json: JSON.stringify(res.body) }
    },
    onEvent: (listener, onResumed) => bridge.onEvent((event) => listener(JSON.stringify(event)), onResumed)
  }
}

/** The window's IPC transport over `bridge` (see wireBridge). */
export const objectBridgeTransport = (bridge: ObjectBridge): Transport => bridgeTransport(wireBridge(bridge))
