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

/**
 * The window's IPC transport over `router`, with requests to `heldPath` answered only once `release()` is called:
 * `arrived` resolves when the first of them reaches the bridge (what the window shows meanwhile can be looked at).
 */
export function holdingTransport(router: Pick<ObjectBridge, 'request'>, heldPath: string) {
  let release: () => void = () => {}
  const held = new Promise<void>((r) => (release = r))
  let reached: () => void = () => {}
  const arrived = new Promise<void>((r) => (reached = r))
  const transport = objectBridgeTransport({
    request: async (req) => {
      if (req.path.endsWith(heldPath)) {
        reached()
        await held
      }
      return router.request(req)
    },
    onEvent: () => () => {}
  })
  return { transport, arrived, release: () => release() }
}
