import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import {
  IPC_EVENT_ACK_CHANNEL,
  IPC_EVENT_CHANNEL,
  IPC_EVENTS_RESUMED_CHANNEL,
  NEW_PAGE_SEQ,
  type IpcEventEnvelope,
  IPC_REQUEST_CHANNEL,
  IPC_SAVE_EXPORT_CHANNEL,
  IPC_SAVE_EXPORT_WRITING_CHANNEL,
  type BridgeResponse,
  type BridgeWireReply,
  type BridgeWireRequest,
  type NodedeskBridge,
  type SaveExportRequest,
  type SaveExportWriting
} from '../shared/bridge'
import { eventAcknowledger } from '../shared/event-acks'

const decoder = new TextDecoder()

const acknowledge = eventAcknowledger((seq) => ipcRenderer.send(IPC_EVENT_ACK_CHANNEL, { seq }))
let greeted = false
/**
 * Names each save asked of this page, so that its "writing" message is told apart from another save's. Starts
 * at a random safe integer (2^52 saves of room): numbered from 1 on each load, a save asked after a reload had
 * the id of one the page before asked, its dialog still open, and heard that one's "writing" as its own.
 */
let saves = Math.floor(Math.random() * 2 ** 52)

const bridge: NodedeskBridge = {
  async request(req: BridgeWireRequest): Promise<BridgeWireReply> {
    // The main process answers UTF-8 JSON bytes: one buffer crosses the boundary, not a cloned graph;
    // the page parses the text itself (exactly: see shared/exact-json.ts).
    const res = (await ipcRenderer.invoke(IPC_REQUEST_CHANNEL, {
      method: req.method,
      path: req.path,
      query: req.query,
      body: req.body,
      bodyJson: req.bodyJson
    })) as { status: number; body: Uint8Array; contentType?: string }
    // A file (download_file) arrives as its own bytes.
    if (res.contentType) return { status: res.status, body: res.body }
    return { status: res.status, json: decoder.decode(res.body) }
  },
  async saveExport(req: SaveExportRequest, onWriting?: () => void) {
    const request_id = ++saves
    // Heard once, for this save only, and never past its answer: one listener per save under way.
    const writing = (_e: IpcRendererEvent, msg: SaveExportWriting | undefined) => {
      if (msg?.request_id !== request_id) return
      ipcRenderer.removeListener(IPC_SAVE_EXPORT_WRITING_CHANNEL, writing)
      onWriting?.()
    }
    if (onWriting) ipcRenderer.on(IPC_SAVE_EXPORT_WRITING_CHANNEL, writing)
    try {
      // Only these fields cross: the main process fetches the export and asks where to write it.
      return (await ipcRenderer.invoke(IPC_SAVE_EXPORT_CHANNEL, {
        inbox_name: req.inbox_name,
        format: req.format,
        request_id
      })) as BridgeResponse
    } finally {
      ipcRenderer.removeListener(IPC_SAVE_EXPORT_WRITING_CHANNEL, writing)
    }
  },
  onEvent(listener: (eventJson: string) => void, onResumed?: () => void) {
    const wrapped = (_e: IpcRendererEvent, envelope: IpcEventEnvelope) => {
      try {
        listener(envelope.json)
      } finally {
        // Taken even when its handler failed: the page is running, and one kind of event failing
        // (every answer's text, say) must not leave it unacknowledged, and so held back from all others.
        acknowledge(envelope.seq)
      }
    }
    const resumed = () => onResumed?.()
    ipcRenderer.on(IPC_EVENT_CHANNEL, wrapped)
    ipcRenderer.on(IPC_EVENTS_RESUMED_CHANNEL, resumed)
    if (!greeted) {
      // A page just loaded: whatever the page before it left unhandled is not owed to this one.
      greeted = true
      ipcRenderer.send(IPC_EVENT_ACK_CHANNEL, { seq: NEW_PAGE_SEQ })
    }
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, wrapped)
      ipcRenderer.removeListener(IPC_EVENTS_RESUMED_CHANNEL, resumed)
    }
  }
}

contextBridge.exposeInMainWorld('nodedesk', bridge)
