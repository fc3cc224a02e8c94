import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { NodeEvent } from '../shared/contract/events'
import {
  IPC_EVENT_CHANNEL,
  IPC_REQUEST_CHANNEL,
  IPC_SAVE_EXPORT_CHANNEL,
  type BridgeRequest,
  type BridgeResponse,
  type NodedeskBridge,
  type SaveExportRequest
} from '../shared/bridge'

const decoder = new TextDecoder()

const bridge: NodedeskBridge = {
  async request(req: BridgeRequest) {
    // The main process answers UTF-8 JSON bytes: one buffer crosses the boundary, not a cloned graph.
    const res = (await ipcRenderer.invoke(IPC_REQUEST_CHANNEL, {
      method: req.method,
      path: req.path,
      query: req.query,
      body: req.body
    })) as { status: number; body: Uint8Array; contentType?: string }
    // A file (download_file) arrives as its own bytes.
    if (res.contentType) return { status: res.status, body: res.body }
    return { status: res.status, body: JSON.parse(decoder.decode(res.body)) }
  },
  async saveExport(req: SaveExportRequest) {
    // Only the two fields cross: the main process fetches the export and asks where to write it.
    return (await ipcRenderer.invoke(IPC_SAVE_EXPORT_CHANNEL, { inbox_name: req.inbox_name, format: req.format })) as BridgeResponse
  },
  onEvent(listener: (event: NodeEvent) => void) {
    const wrapped = (_e: IpcRendererEvent, event: NodeEvent) => listener(event)
    ipcRenderer.on(IPC_EVENT_CHANNEL, wrapped)
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, wrapped)
    }
  }
}

contextBridge.exposeInMainWorld('nodedesk', bridge)
