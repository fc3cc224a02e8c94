import type { BridgeRequest, BridgeResponse, NodedeskBridge } from '../../../shared/bridge'
import type { NodeEvent } from '../../../shared/contract/events'
import { parseExactJson } from '../../../shared/exact-json'
import { earlyResponse, earlySession } from './early-start'
import { exportOffThread } from './export-off-thread'
import { logHandlerFailure, recoveringListener } from './event-recovery'
import { readEventStream } from './event-stream'
import { requestUrl, startSession, takeCodeFromLocation } from './http-basics'
import { untilAborted } from './until-aborted'
import { importAgain } from '../app/import-again'

export { SESSION_PATH, takeCodeFromLocation } from './http-basics'

/** How the page reaches the node: the preload bridge in the desktop app, else HTTP to its own origin. */
export interface Transport {
  readonly kind: 'ipc' | 'http'
  /**
   * `signal` gives the request up: HTTP closes its connection; IPC, whose bridge call cannot be cut, drops the answer
   * (the promise rejects with the abort's reason at once; the node still answers the main process).
   */
  request(req: BridgeRequest, signal?: AbortSignal): Promise<BridgeResponse>
  /**
   * Node events as they happen. `onResumed` is called when the stream is back after a break:
   * events sent during the break were missed, so what they would have refreshed is stale.
   */
  onEvent(listener: (event: NodeEvent) => void, onResumed?: () => void): () => void
  /**
   * The stream's first connection is reported as `onResumed` too (HTTP, when the first screen was
   * read before the stream opened): what is checked after a break is then checked once it opens.
   * Otherwise (IPC, where events are heard from the subscription on) nothing is reported at start.
   */
  readonly resumesOnConnect?: boolean
  /**
   * The node answers again (its health watch saw it back): a stream not connected now tries at once,
   * its backoff started over, instead of after a wait of up to 30 s. True when it was not connected:
   * it reports `onResumed` once it is (what was missed is read again there, once). A stream refused
   * with 401 tries again only when this is called.
   */
  reconnectEvents?(): boolean
  /**
   * Told each time the event stream closes, fails or is refused: `status` is the refusal's HTTP
   * status (401: the node no longer knows the session; the stream then waits for reconnectEvents()),
   * else null; `connectedBefore` whether a stream of this window had been connected.
   */
  onStreamEnd?(listener: (end: StreamEnd) => void): () => void
  /**
   * An upload that reports bytes sent (HTTP in a browser); without it, uploads go through request().
   * `signal` stops it: the request is cut and the promise rejects with an AbortError.
   */
  upload?(req: BridgeRequest, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<BridgeResponse>
  /**
   * export_messages_from_inbox answered as `{filename, blob}` (the content a Blob of `type`), read and made
   * off the window's thread (HTTP in a browser, in a worker); undefined where no worker can be had.
   * A node that never answered rejects, as request() does.
   */
  exportBlob?(req: BridgeRequest, type: string): Promise<BridgeResponse | undefined>
}

export interface StreamEnd {
  readonly status: number | null
  readonly connectedBefore: boolean
}

/** A request body's `file_data` (upload_file_to_folder): bytes, or a Blob/File the transport sends as it must. */
const fileDataOf = (body: unknown): unknown => (body && typeof body === 'object' ? (body as { file_data?: unknown }).file_data : undefined)

/**
 * A body carrying a file (upload_file_to_folder) goes as multipart/form-data, as the node expects
 * over HTTP. A Blob/File is appended as it is, so the browser streams it from disk; bytes are
 * wrapped in a Blob.
 */
function uploadForm(body: unknown): FormData | undefined {
  const data = fileDataOf(body)
  if (!(data instanceof Uint8Array) && !(data instanceof Blob)) return undefined
  const form = new FormData()
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (k === 'file_data') continue
    if (v !== undefined && v !== null) form.append(k, typeof v === 'string' ? v : JSON.stringify(v))
  }
  const { filename } = body as { filename?: unknown }
  form.append('file_data', data instanceof Blob ? data : new Blob([data as BlobPart]), typeof filename === 'string' ? filename : 'file')
  return form
}

/**
 * Over IPC the node takes the file's bytes (api-contract.md): a Blob/File is read here, in the
 * window, just before it is sent (the bridge cannot carry a Blob).
 */
async function withFileBytes(req: BridgeRequest): Promise<BridgeRequest> {
  const data = fileDataOf(req.body)
  if (!(data instanceof Blob)) return req
  return { ...req, body: { ...(req.body as Record<string, unknown>), file_data: new Uint8Array(await data.arrayBuffer()) } }
}

export interface HttpTransportOptions {
  /** A one-time code to trade for the session cookie before the first request. */
  readonly sessionCode?: string | null
  /** The trade already under way (main.tsx started it): requests wait for it instead. */
  readonly session?: Promise<void>
  /**
   * Reads were answered before the event stream opened (main.tsx's early requests): what changed
   * in between sent no event here, so the first connect catches up as a reconnect does.
   */
  readonly readBeforeEvents?: boolean
}

/** `token`: the bearer token, for callers that hold it (tests, tools); the page itself uses the session cookie. */
export function httpTransport(baseUrl: string, token: string | null, options: HttpTransportOptions = {}): Transport {
  const session = options.session ?? (options.sessionCode ? startSession(baseUrl, options.sessionCode) : Promise.resolve())
  /** Streams not connected now, each with what makes it try again at once. */
  const waiting = new Set<() => void>()
  const endListeners = new Set<(end: StreamEnd) => void>()
  const headers = (extra: Record<string, string> = {}) => ({
    ...extra,
    ...(token ? { Authorization: `Bearer ${token}` } : {})
  })
  return {
    kind: 'http',
    resumesOnConnect: !!options.readBeforeEvents,
    reconnectEvents() {
      const now = [...waiting]
      now.forEach((wake) => wake())
      return now.length > 0
    },
    onStreamEnd(listener) {
      endListeners.add(listener)
      return () => endListeners.delete(listener)
    },
    async request(req, signal) {
      await session
      signal?.throwIfAborted()
      const url = requestUrl(baseUrl, req)
      const upload = uploadForm(req.body)
      const send = () =>
        fetch(url, {
          method: req.method,
          signal,
          // A FormData body sets its own multipart Content-Type (with the boundary).
          headers: headers(req.method === 'POST' && !upload ? { 'Content-Type': 'application/json' } : {}),
          body: req.method === 'POST' ? (upload ?? JSON.stringify(req.body ?? null)) : undefined
        })
      // The first screen's reads were sent by main.tsx before this code loaded: taken once, else sent now.
      const early = req.method === 'GET' && !token ? earlyResponse(url.href) : undefined
      const res = await (early ? early.catch(send) : send())
      // download_file answers the file's own bytes.
      if (!(res.headers.get('content-type') ?? '').startsWith('application/json') || res.headers.has('content-disposition')) {
        return { status: res.status, body: new Uint8Array(await res.arrayBuffer()) }
      }
      // Read exactly: a scope's or a config's whole number past 2^53 stays as written, so that an
      // editor saving it back does not round it (see shared/exact-json.ts).
      return { status: res.status, body: parseExactJson(await res.text()) }
    },
    async exportBlob(req, type) {
      await session
      const reply = await exportOffThread({ url: requestUrl(baseUrl, req).href, token, body: req.body, type })
      if (reply === undefined) return undefined
      if ('failure' in reply) throw new Error(reply.failure)
      if ('blob' in reply) return { status: 200, body: { filename: reply.filename, blob: reply.blob } }
      return { status: reply.status, body: reply.body }
    },
    // fetch cannot report upload progress; XMLHttpRequest can (browsers only).
    upload:
      typeof XMLHttpRequest === 'undefined'
        ? undefined
        : async (req, onProgress, signal) => {
            await session
            signal?.throwIfAborted()
            const url = new URL(req.path, baseUrl)
            const form = uploadForm(req.body)
            return new Promise<BridgeResponse>((resolve, reject) => {
              const xhr = new XMLHttpRequest()
              xhr.open('POST', url)
              for (const [k, v] of Object.entries(headers())) xhr.setRequestHeader(k, v)
              xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0)
              xhr.onload = () => {
                let body: unknown
                try {
                  body = parseExactJson(xhr.responseText)
                } catch {
                  body = null
                }
                resolve({ status: xhr.status, body })
              }
              xhr.onerror = () => reject(new Error('the upload was interrupted'))
              xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
              signal?.addEventListener('abort', () => xhr.abort(), { once: true })
              xhr.send(form ?? JSON.stringify(req.body ?? null))
            })
          },
    onEvent(listener, onResumed) {
      // EventSource cannot send Authorization: read the SSE stream with fetch.
      const abort = new AbortController()
      void (async () => {
        await session
        let connectedBefore = false
        let attempt = 0
        // While not connected, reconnectEvents() cuts the wait short (or, asked during a try, the wait
        // after it) and starts the backoff over.
        let wake: (() => void) | null = null
        let askedWhileTrying = false
        const reconnect = () => {
          if (wake) wake()
          else askedWhileTrying = true
        }
        waiting.add(reconnect)
        while (!abort.signal.aborted) {
          // This connection's own end: a failed event ends it at once, not when the next event comes.
          const connection = new AbortController()
          const endConnection = () => connection.abort()
          abort.signal.addEventListener('abort', endConnection)
          let status: number | null = null
          try {
            const res = await fetch(new URL('/v2/events', baseUrl), { headers: headers(), signal: connection.signal })
            if (!res.ok || !res.body) {
              status = res.status
              throw new Error(`events: ${res.status}`)
            }
            attempt = 0
            waiting.delete(reconnect)
            askedWhileTrying = false
            if (connectedBefore || options.readBeforeEvents) onResumed?.()
            connectedBefore = true
            await readNodeEvents(res.body, listener, endConnection)
          } catch {
            // Closed, failed or refused: told below, then tried again (unless stopped).
          } finally {
            abort.signal.removeEventListener('abort', endConnection)
          }
          if (abort.signal.aborted) break
          waiting.add(reconnect)
          endListeners.forEach((l) => l({ status, connectedBefore }))
          // Refused for want of a session (401): asking again cannot help until something changes (the
          // window is told to open a new UI address), so it waits for reconnectEvents() only. It was
          // asked again at its backoff, every 30 s, for as long as the window stayed open.
          const delay = status === 401 ? null : Math.min(30_000, 500 * 2 ** attempt)
          const woken =
            askedWhileTrying ||
            (await new Promise<boolean>((r) => {
              const timer = delay === null ? undefined : setTimeout(() => r(false), delay)
              wake = () => {
                clearTimeout(timer)
                r(true)
              }
            }))
          wake = null
          askedWhileTrying = false
          attempt = woken ? 0 : attempt + 1
        }
        waiting.delete(reconnect)
      })()
      return () => abort.abort()
    }
  }
}

/**
 * The events' schemas (zod) load with the first event, not with the window's first screen; events
 * wait for them in order. A failed load is tried again with the next stream.
 */
let eventSchema: Promise<(typeof import('../../../shared/contract/events'))['NodeEventSchema']> | undefined
const importEvents = importAgain(() => import('../../../shared/contract/events'))
const loadEventSchema = () =>
  (eventSchema ??= importEvents().then(
    (m) => m.NodeEventSchema,
    (err: unknown) => {
      eventSchema = undefined
      throw err
    }
  ))

/**
 * The node's events in a stream; one that is not valid JSON of a known event is skipped, not fatal.
 * A listener that throws (or schemas that cannot load) ends the stream with that error, as a broken
 * connection does: the caller reconnects and catches up, instead of later events being dropped.
 */
async function readNodeEvents(body: ReadableStream<Uint8Array>, listener: (event: NodeEvent) => void, end: () => void) {
  let delivered: Promise<void> = Promise.resolve()
  let failed: { err: unknown } | undefined
  await readEventStream(body, ({ type, data }) => {
    if (failed) throw failed.err
    let payload: unknown
    try {
      payload = parseExactJson(data)
    } catch {
      return
    }
    const schema = loadEventSchema()
    delivered = delivered
      .then(() => schema)
      .then((s) => {
        if (failed) return
        const event = s.safeParse({ type, data: payload })
        if (!event.success) return
        try {
          listener(event.data)
        } catch (err) {
          // The stream ends on it (below), once; the bug is not kept quiet either.
          logHandlerFailure(event.data.type, err)
          throw err
        }
      })
      .catch((err: unknown) => {
        failed ??= { err }
        // Nothing more may come on the stream for a long time (its last event failed): it ends now.
        end()
      })
  })
  await delivered
  if (failed) throw failed.err
}

/**
 * JSON crosses the bridge as text both ways, read here exactly (a whole number past 2^53 as written);
 * only a body carrying an upload's bytes crosses as itself.
 */
export function bridgeTransport(bridge: NodedeskBridge): Transport {
  return {
    kind: 'ipc',
    async request(req, signal) {
      const sent = await withFileBytes(req)
      const asText = req.body !== undefined && !(fileDataOf(sent.body) instanceof Uint8Array)
      const asked = bridge.request(
        asText ? { method: req.method, path: req.path, query: req.query, bodyJson: JSON.stringify(req.body) } : sent
      )
      const reply = await (signal ? untilAborted(asked, signal) : asked)
      return reply.json === undefined ? reply : { status: reply.status, body: parseExactJson(reply.json) }
    },
    onEvent(listener, onResumed) {
      const recovering = recoveringListener(listener, onResumed)
      const off = bridge.onEvent((json) => {
        let event: NodeEvent
        try {
          event = parseExactJson(json) as NodeEvent
        } catch {
          return // not JSON: skipped, as the HTTP stream skips such an event
        }
        recovering.listener(event)
      }, onResumed)
      return () => {
        off()
        recovering.stop()
      }
    }
  }
}

export function pickTransport(win: Window = window): Transport {
  if (win.nodedesk) return bridgeTransport(win.nodedesk)
  const session = earlySession()
  if (session) return httpTransport(win.location.origin, null, { session, readBeforeEvents: true })
  return httpTransport(win.location.origin, null, { sessionCode: takeCodeFromLocation(win.location, win.history) })
}
