import { parseExactJson } from '../../shared/exact-json'
import { hash, timingSafeEqual } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { errorBody, type ErrorStatus } from '../../shared/contract/error'
import { RENDERER_CSP } from '../../shared/csp'
import type { NodeEvent } from '../../shared/contract/events'
import type { Router } from '../node-api'
import { wrongMethodMessage } from '../node-api/router'
import { storageProblem } from '../node-api/disk-full'
import { freeSent } from '../node-api/raw-json'
import type { Logger } from '../platform/logger'
import { routes } from '../../shared/contract/routes'
import { VFS_MAX_UPLOAD_BYTES } from '../../shared/contract/vector-fs'
import type { FileBody, StagedUpload } from '../node-api/file-body'
import { readMultipart } from './multipart'
import { oversizedBodyMessage } from './oversized-body'
import { refuseOverCapacity } from './over-capacity'
import { readStaticFile } from './static-files'
import { createUiSessions, SESSION_BODY_MAX_BYTES, SESSION_PATH, UI_CODE_PATH } from './ui-session'
import { invalidJsonMessage } from './json-syntax'
import { unsupportedCoding } from './content-coding'
import { requestTarget } from './request-target'
import { paramNotUtf8 } from './query-text'
import { overLimit, uploadTooLarge } from '../../shared/contract/limits'

export const MAX_BODY_BYTES = 64 * 1024 * 1024

const UPLOAD_CUT_SHORT = 'body: the upload ended before its last part; nothing was stored'
/** How long a refused body's bytes are read and let go before the answer closes its connection (refuseUnread). */
const REFUSED_BODY_WAIT_MS = 1000

/** Reads and drops `req`'s body until it ends, `ms` pass, or more than `maxBytes` came. */
const letBodyGo = (req: IncomingMessage, ms: number, maxBytes: number) =>
  new Promise<void>((done) => {
    let size = 0
    const finish = () => {
      clearTimeout(timer)
      req.off('data', onData).off('end', finish).off('close', finish).off('error', finish)
      done()
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) finish()
    }
    const timer = setTimeout(finish, ms)
    req.on('data', onData).on('end', finish).on('close', finish).on('error', finish)
    // A reader that stopped (the form reader pauses the request once it refuses the form) would leave it unread.
    req.resume()
  })

/** How many Host header lines a request carries (rawHeaders: names and values in turn, as received). */
const hostLines = (raw: readonly string[]) => {
  let n = 0
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === 'host') n++
  return n
}

/** What Node's HTTP parser refuses before a handler sees the request, by its error code, and how it is answered. */
const PARSER_REFUSALS = new Map<string | undefined, readonly [status: number, message: string]>([
  ['HPE_HEADER_OVERFLOW', [431, 'headers: larger than the node accepts']],
  ['ERR_HTTP_REQUEST_TIMEOUT', [408, 'request: the request did not arrive in time']]
])

/** The longest a large answer writes pieces before other requests get their turn (ms). */
const PIECES_SLICE_MS = 10

/**
 * Bytes of events an event stream may hold unread before its connection is closed. A reading
 * client keeps this near zero (an answer streams in deltas of a few bytes); this is minutes of a
 * busy node's events for a client that stopped reading.
 */
export const MAX_EVENT_BACKLOG_BYTES = 8 * 1024 * 1024

/**
 * Bytes of events all event streams together may hold unread: past it, the stream furthest behind
 * is closed. The limit per stream alone let the streams that the connection cap allows hold 2 GB.
 */
export const MAX_EVENT_BACKLOG_TOTAL_BYTES = 64 * 1024 * 1024

/**
 * Connection limits: the node serves one operator's windows and scripts, so a few hundred
 * sockets is plenty. A client gets a few seconds to send its headers; a connection doing nothing
 * is closed; at the cap, the oldest connection not in a request makes room (a slowloris holds
 * sockets that never finish a request, so they go first and the health check still gets in),
 * and before it the oldest one whose requests have shown no token or session (a dripped session exchange).
 */
export const CONNECTION_LIMITS = {
  maxConnections: 256,
  headersTimeoutMs: 5_000,
  idleTimeoutMs: 10_000,
  /** Authenticated requests only: large uploads take their time. */
  requestTimeoutMs: 5 * 60_000,
  /**
   * A large answer written piece by piece (all_inboxes, an export) that the client takes nothing
   * of for this long is ended: it holds a read snapshot of the database, and SQLite cannot reset
   * its write-ahead log past a snapshot in use, so the log would grow with every write meanwhile.
   */
  stalledResponseMs: 30_000
}

export interface HttpServerOptions {
  readonly router: Router
  readonly token: string
  readonly host?: string
  readonly port?: number
  /** The built renderer, served at `/`. */
  readonly staticDir?: string
  readonly log: Logger
  readonly maxBodyBytes?: number
  readonly heartbeatMs?: number
  /** Where uploads are streamed to (best on the data dir's file system, so they are renamed into place). */
  readonly uploadDir?: string
  readonly maxUploadBytes?: number
  readonly limits?: Partial<typeof CONNECTION_LIMITS>
}

export interface HttpServer {
  readonly url: string
  readonly port: number
  /** A UI address with a fresh one-time code (`<url>/#code=...`) that the page trades for a session cookie. */
  uiAddress(): string
  /** Stops accepting, lets in-flight requests finish, ends event streams. */
  close(): Promise<void>
}

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin'
}

/** Invalid UTF-8 is refused, not silently replaced with U+FFFD. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

const digest = (s: string) => hash('sha256', s, 'buffer')

/**
 * An event as the SSE streams send it, built once and shared by every stream: a string built per
 * stream made each client that stopped reading hold a copy of every event up to its 8 MiB limit
 * (200 such clients: 2.2 GB, and the thread busy 10 s building copies), where a shared string is
 * held once whatever the number of streams.
 */
const sseTexts = new WeakMap<NodeEvent, string>()
const sseText = (event: NodeEvent) => {
  let text = sseTexts.get(event)
  if (text === undefined) {
    text = `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`
    sseTexts.set(event, text)
  }
  return text
}

export async function startHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const host = options.host ?? '127.0.0.1'
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES
  const maxUpload = options.maxUploadBytes ?? VFS_MAX_UPLOAD_BYTES
  const uploadDir = options.uploadDir ?? tmpdir()
  const tokenDigest = digest(options.token)
  const staticRoot = options.staticDir ? resolve(options.staticDir) : undefined
  const streams = new Set<ServerResponse>()
  /** Each event stream's unread bytes when it was last written to, and their sum. */
  const backlogs = new Map<ServerResponse, number>()
  let backlogTotal = 0
  const noteBacklog = (res: ServerResponse) => {
    const now = res.destroyed ? 0 : res.writableLength
    backlogTotal += now - (backlogs.get(res) ?? 0)
    backlogs.set(res, now)
  }
  const cutOff = (res: ServerResponse) => {
    options.log.info(`an event stream's client stopped reading: its connection is closed (${res.writableLength} bytes unread)`)
    res.destroy()
    backlogTotal -= backlogs.get(res) ?? 0
    backlogs.set(res, 0)
  }
  /**
   * The answer to a request whose client closes its side of the connection before its body's end:
   * Node's parser reports that as an invalid request (clientError below), which told the sender
   * nothing. An upload being read says what of it was cut short; a refused body, why it was refused.
   */
  const cutShort = new WeakMap<Duplex, () => readonly [status: number, message: string]>()
  let closing = false
  let allowedHosts = new Set<string>()
  let allowedOrigins = new Set<string>()
  let baseUrl = ''

  const authorized = (req: IncomingMessage) => {
    const header = req.headers.authorization ?? ''
    const m = /^Bearer\s+(.+)$/i.exec(header)
    // Both sides hashed to equal length, then compared in constant time.
    return m !== null && timingSafeEqual(digest(m[1]!.trim()), tokenDigest)
  }

  /**
   * The cookie counts only on requests from our own page: a foreign Origin or a cross-site fetch
   * is refused even if the browser attached it (SameSite=Strict should already keep it away).
   */
  const sameOrigin = (req: IncomingMessage) => {
    const origin = req.headers.origin
    if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase())) return false
    const site = req.headers['sec-fetch-site']
    return site === undefined || site === 'same-origin' || site === 'none'
  }
  /**
   * The browser attaches the cookie to every request to our origin, also to an <img> or a link
   * in an answer's Markdown (text a provider wrote): only the page's own fetch calls count.
   */
  const byPageFetch = (req: IncomingMessage) => {
    const mode = req.headers['sec-fetch-mode']
    const dest = req.headers['sec-fetch-dest']
    return (mode === undefined || mode === 'cors' || mode === 'same-origin') && (dest === undefined || dest === 'empty')
  }
  const hasSession = (req: IncomingMessage) => sameOrigin(req) && byPageFetch(req) && sessions.hasSession(req)

  /**
   * Reads the body up to the limit. Past it, stops reading and reports overflow, with the body's first
   * `limit` bytes when `keepStart` (to say what made it large); the caller refuses the rest as
   * refuseUnread does. It read on to the body's end (up to 256 MiB) before the 413.
   */
  const readBody = (req: IncomingMessage, limit = maxBody, keepStart = false) =>
    new Promise<{ overflow: boolean; data: Buffer; gone?: true }>((done) => {
      const chunks: Buffer[] = []
      let size = 0
      const finish = (result: { overflow: boolean; data: Buffer; gone?: true }) => {
        req.off('data', onData).off('end', onEnd).off('error', onClose).off('close', onClose)
        done(result)
      }
      const onData = (chunk: Buffer) => {
        size += chunk.length
        if (size <= limit) return void chunks.push(chunk)
        if (keepStart) chunks.push(chunk.subarray(0, chunk.length - (size - limit)))
        finish({ overflow: true, data: keepStart ? Buffer.concat(chunks) : Buffer.alloc(0) })
      }
      const onEnd = () => finish({ overflow: false, data: Buffer.concat(chunks) })
      // A client gone before its body's end sends nothing more and 'end' never comes: what it sent is let go.
      // Its request's 'error' ("aborted") says the same; it was thrown and logged as the node failing.
      const onClose = () => {
        if (!req.complete) finish({ overflow: false, data: Buffer.alloc(0), gone: true })
      }
      req.on('data', onData).on('end', onEnd).on('error', onClose).on('close', onClose)
    })

  /** Reads a small body within `ms`, stopping as soon as it grows past `limit`. */
  const readSmallBody = (req: IncomingMessage, limit: number, ms: number) =>
    new Promise<Buffer | 'too-large' | 'too-slow'>((done) => {
      const chunks: Buffer[] = []
      let size = 0
      const finish = (result: Buffer | 'too-large' | 'too-slow') => {
        clearTimeout(timer)
        req.off('data', onData).off('end', onEnd).off('error', onError)
        done(result)
      }
      const onData = (chunk: Buffer) => {
        size += chunk.length
        if (size > limit) finish('too-large')
        else chunks.push(chunk)
      }
      const onEnd = () => finish(Buffer.concat(chunks))
      const onError = () => finish('too-slow')
      const timer = setTimeout(() => finish('too-slow'), ms)
      req.on('data', onData).on('end', onEnd).on('error', onError)
    })

  const sendJson = (res: ServerResponse, status: number, json: string | Buffer) => {
    res.writeHead(status, {
      ...COMMON_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(json)
    })
    res.end(json)
  }

  /**
   * Writes a body piece by piece, reading the next only once the socket took the last (flat memory
   * whatever the size). A client reading as fast as it comes has the socket take every piece at once:
   * the event loop is let turn every few milliseconds, or an export of hundreds of MB held up every
   * other request (health checks included) for its whole length.
   */
  const sendPieces = async (res: ServerResponse, status: number, pieces: Iterator<Buffer>) => {
    // The first piece is read before the head goes out, so a failure to start still gets a proper 500.
    let r = pieces.next()
    res.writeHead(status, { ...COMMON_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
    let gone = false
    res.once('close', () => (gone = true))
    let sliceStart = performance.now()
    try {
      for (; !r.done && !gone; r = pieces.next()) {
        if (performance.now() - sliceStart > PIECES_SLICE_MS) {
          await new Promise((turn) => setImmediate(turn))
          sliceStart = performance.now()
          if (gone) break
        }
        const piece = r.value
        // Called once the socket is done with the piece (written, or the connection gone): its memory can go at once.
        if (!res.write(piece, () => freeSent(piece))) {
          await new Promise<void>((go) => {
            const on = () => {
              clearTimeout(stalled)
              res.off('drain', on)
              res.off('close', on)
              go()
            }
            const stalled = setTimeout(() => {
              options.log.info(
                `a client stopped reading a large answer for ${limits.stalledResponseMs / 1000} s: its connection is closed (${res.writableLength} bytes unread)`
              )
              res.destroy()
              // The snapshot behind the pieces goes now, not once the socket reports its close (a turn or more later).
              gone = true
              on()
            }, limits.stalledResponseMs)
            res.on('drain', on)
            res.on('close', on)
          })
          // The slice is not begun again here: a socket that took the whole piece at once emits
          // 'drain' on the next tick, without the event loop turning, so a fast reader of large
          // pieces would never let another request in. Only the turn above begins a new slice.
        }
      }
    } finally {
      pieces.return?.()
    }
    if (!gone) res.end()
  }

  /**
   * Refuses a request that is not allowed in (foreign Host, no valid token) without reading its
   * body: a client dripping a body must not hold the socket. The connection closes after the answer,
   * unless the body had all arrived already.
   */
  const turnAway = (req: IncomingMessage, res: ServerResponse, status: ErrorStatus, message: string) => {
    if (req.complete || req.method === 'GET' || req.method === 'HEAD') return fail(req, res, status, message)
    refuseRest(res, status, message)
  }

  /**
   * Refuses a body the node will not read whatever it holds (its type, coding or declared size), from
   * its headers. Its bytes are let go for a moment first: closing the connection while a client was
   * still sending made its system reset it, and Node's fetch reported EPIPE instead of the 415 or 413.
   * A body that arrives in that time is answered on a connection kept for the next request; one still
   * arriving after REFUSED_BODY_WAIT_MS (a client dripping or stalling) is answered and closed.
   */
  const refuseUnread = async (req: IncomingMessage, res: ServerResponse, status: ErrorStatus, message: string) => {
    if (!req.complete) {
      const socket = req.socket
      cutShort.set(socket, () => [status, message])
      await letBodyGo(req, REFUSED_BODY_WAIT_MS, Math.max(maxBody, maxUpload) * 4)
      cutShort.delete(socket)
    }
    if (res.headersSent || res.destroyed) return
    if (req.complete) sendJson(res, status, JSON.stringify(errorBody(status, message)))
    else refuseRest(res, status, message)
  }

  /**
   * An error answer to a request whose body the node has not read (or has read whole): a body still
   * arriving is let go as refuseUnread lets it go, for a second at most. It was drained to its end,
   * and a client dripping its body to a path the node does not have held its socket for minutes.
   */
  const fail = (req: IncomingMessage, res: ServerResponse, status: ErrorStatus, message: string) =>
    req.complete || req.method === 'GET' || req.method === 'HEAD'
      ? sendJson(res, status, JSON.stringify(errorBody(status, message)))
      : refuseUnread(req, res, status, message)

  const openStream = (req: IncomingMessage, res: ServerResponse, subscribe: (l: (e: NodeEvent) => void) => () => void) => {
    // A stream asked for on a connection kept open while the node stops (close() has ended the others):
    // ended at once, or the stop would wait for it until connections are forced shut.
    if (closing) {
      const json = JSON.stringify({ code: 503, error: STATUS_CODES[503], message: 'events: the node is stopping' })
      res.writeHead(503, {
        ...COMMON_HEADERS,
        Connection: 'close',
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(json)
      })
      res.end(json)
      return
    }
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no'
    })
    res.write(': connected\n\n')
    streams.add(res)
    // A client that stops reading (a paused script, a frozen tab) would have every later event held
    // here for as long as it stays connected: past the limit it is cut off, and catches up when it
    // connects again, as after any lost connection.
    const send = (text: string) => {
      if (res.destroyed) return
      if (res.writableLength > MAX_EVENT_BACKLOG_BYTES) return cutOff(res)
      res.write(text)
      noteBacklog(res)
      if (backlogTotal <= MAX_EVENT_BACKLOG_TOTAL_BYTES) return
      // Over the streams' budget: the stream furthest behind goes (each one's figure read afresh).
      let furthest = res
      for (const other of backlogs.keys()) {
        noteBacklog(other)
        if (other.writableLength > furthest.writableLength) furthest = other
      }
      if (backlogTotal > MAX_EVENT_BACKLOG_TOTAL_BYTES) cutOff(furthest)
    }
    const unsubscribe = subscribe((event) => send(sseText(event)))
    const heartbeat = setInterval(() => send(': ping\n\n'), options.heartbeatMs ?? 15_000)
    heartbeat.unref()
    const end = () => {
      clearInterval(heartbeat)
      unsubscribe()
      streams.delete(res)
      backlogTotal -= backlogs.get(res) ?? 0
      backlogs.delete(res)
    }
    req.on('close', end)
    res.on('close', end)
  }

  const serveStatic = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    // No token is needed here: a body is refused unread, never drained at the sender's pace.
    if (!staticRoot) return turnAway(req, res, 404, `path: no route ${path}`)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      return turnAway(req, res, 405, `method: ${path} accepts GET`)
    }
    const file = await readStaticFile(staticRoot, path)
    if (!file) return fail(req, res, 404, `path: no file ${path}`)
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'Content-Type': file.type,
      'Content-Length': file.body.length,
      'Content-Security-Policy': RENDERER_CSP,
      'X-Frame-Options': 'DENY',
      'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
    })
    res.end(req.method === 'HEAD' ? undefined : file.body)
  }

  /** Stops reading the request: the answer goes out and the connection is closed after it. */
  const refuseRest = (res: ServerResponse, status: ErrorStatus, message: string) => {
    const json = JSON.stringify(errorBody(status, message))
    res.writeHead(status, {
      ...COMMON_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Length': Buffer.byteLength(json),
      Connection: 'close'
    })
    res.end(json)
  }

  const sendFile = async (req: IncomingMessage, res: ServerResponse, f: FileBody) => {
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'Content-Type': f.contentType,
      'Content-Length': f.size,
      'Cache-Control': 'no-store',
      // Never rendered as a page of this origin (an uploaded .html could hold script).
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(f.filename)}`,
      'Content-Security-Policy': "sandbox; default-src 'none'"
    })
    if (req.method === 'HEAD') return void res.end()
    await pipeline(createReadStream(f.file), res).catch((err) => {
      options.log.error(`download of ${f.filename} failed`, err)
      res.destroy()
    })
  }

  /** POST /v2/session {"code"}: trades a one-time code for the session cookie. */
  const startSession = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST')
      return turnAway(req, res, 405, wrongMethodMessage(SESSION_PATH, req.method ?? 'GET', ['POST']))
    }
    if (!sameOrigin(req) || !byPageFetch(req)) return turnAway(req, res, 403, "origin: a session is started only by the node's own page")
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
    if (type !== 'application/json') return turnAway(req, res, 415, 'content-type: expected application/json')
    // Anyone who can reach the port may call this: a body is read only up to a code's size and
    // only for the header time-out, so such a caller holds neither memory nor a socket for long.
    const tooLarge = overLimit('body', SESSION_BODY_MAX_BYTES)
    if (Number(req.headers['content-length'] ?? 0) > SESSION_BODY_MAX_BYTES) return refuseRest(res, 413, tooLarge)
    const data = await readSmallBody(req, SESSION_BODY_MAX_BYTES, limits.headersTimeoutMs)
    if (data === 'too-large') return refuseRest(res, 413, tooLarge)
    if (data === 'too-slow') return void req.destroy()
    let code: unknown
    try {
      code = (JSON.parse(data.toString('utf8')) as { code?: unknown } | null)?.code
    } catch {
      code = undefined
    }
    if (typeof code !== 'string' || code.length === 0 || code.length > 200) return fail(req, res, 400, 'code: expected a string')
    const session = sessions.redeem(code)
    if (!session) {
      return fail(req, res, 401, 'code: unknown or already used; open the UI address the node printed, or ask for a new one')
    }
    res.setHeader('Set-Cookie', sessions.cookie(session))
    sendJson(res, 200, JSON.stringify('Session started'))
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // RFC 9112, 3.2: a request with more than one Host line is refused (Node's headers keep the first).
    if (hostLines(req.rawHeaders) > 1) return turnAway(req, res, 400, 'host: a request carries one Host header')
    const url = requestTarget(req.url ?? '/')
    if (!url) return turnAway(req, res, 400, 'request: the request target is not a valid URL')
    // DNS-rebinding guard: only our own loopback name and port, in the Host header and, for a target in
    // absolute form (whose host RFC 9112 puts before the header's), in the target too.
    const targetHost = url.host === 'placeholder' ? undefined : url.host
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase()) || (targetHost !== undefined && !allowedHosts.has(targetHost))) {
      return turnAway(req, res, 403, 'host: requests must address the node by its loopback address')
    }
    const path = url.pathname
    if (!path.startsWith('/v2/')) return serveStatic(req, res, path)

    if (path === SESSION_PATH) return startSession(req, res)
    // The one route open to all is GET /v2/health_check: another method on its path needs the token too (405 only after it).
    const open = path === '/v2/health_check' && req.method === 'GET'
    if (!open && !authorized(req) && !(path !== UI_CODE_PATH && hasSession(req))) {
      res.setHeader('WWW-Authenticate', 'Bearer')
      return turnAway(req, res, 401, 'authorization: missing or wrong bearer token')
    }
    if (!open) trust(req)
    if (path === UI_CODE_PATH) {
      // For scripts holding the token: a new UI address, e.g. to open the window in another browser.
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST')
        return fail(req, res, 405, wrongMethodMessage(UI_CODE_PATH, req.method ?? 'GET', ['POST']))
      }
      const code = sessions.issueCode()
      return sendJson(res, 200, JSON.stringify({ code, ui_url: `${baseUrl}/#code=${code}` }))
    }
    const method = req.method ?? 'GET'
    const match = options.router.match(method, path)
    if (!match.ok) {
      if (match.status === 404) return fail(req, res, 404, `path: no route ${path}`)
      // RFC 9110 requires a 405 to say which methods the path takes.
      res.setHeader('Allow', match.allow.join(', '))
      return fail(req, res, 405, wrongMethodMessage(path, method, match.allow))
    }
    const notUtf8 = paramNotUtf8(url.search.slice(1))
    if (notUtf8 !== undefined) return fail(req, res, 400, `${notUtf8}: not valid UTF-8`)
    const query = Object.fromEntries(url.searchParams)
    let body: unknown = undefined
    let upload: StagedUpload | undefined
    if (method === 'POST' && (routes[match.name] as { upload?: true }).upload) {
      // The folder the form names is the one at that path now, though the file may take minutes to arrive.
      const began = performance.now()
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
      // Refused from the headers alone: the body is not read (a client dripping it held the socket for minutes).
      if (type !== 'multipart/form-data') return refuseUnread(req, res, 415, 'content-type: expected multipart/form-data')
      const coding = unsupportedCoding(req.headers)
      if (coding) return refuseUnread(req, res, 415, coding)
      const declared = Number(req.headers['content-length'] ?? 0)
      // The form's own fields and boundaries add a little to the file's size.
      if (declared > maxUpload + 1024 * 1024) return refuseUnread(req, res, 413, uploadTooLarge('file_data', maxUpload))
      // A client that closes its side before the form's end is answered by the parser's error
      // (clientError below), which says what was cut short.
      let fileBegun = false
      cutShort.set(req.socket, () => [
        400,
        fileBegun ? 'file_data: the upload ended before the file was complete; nothing was stored' : UPLOAD_CUT_SHORT
      ])
      const form = await readMultipart(req, {
        fileField: 'file_data',
        dir: uploadDir,
        maxFileBytes: maxUpload,
        onFile: () => (fileBegun = true)
      }).finally(() => cutShort.delete(req.socket))
      // Refused at a field, the file may still be on its way: let go as other refused bodies are, or the
      // connection closed under it and the sender saw EPIPE, not the answer. A file past the limit (413)
      // is not read on: the sender has been sending it for as long as the limit took.
      if (!form.ok) {
        return form.status === 413 ? refuseRest(res, form.status, form.message) : refuseUnread(req, res, form.status, form.message)
      }
      const { file_data: inline, ...fields } = form.fields
      body = { ...fields }
      if (form.file) {
        upload = { file: form.file.path, size: form.file.size, began }
        if (fields.filename === undefined && form.file.filename) (body as Record<string, string>).filename = form.file.filename
      } else if (inline !== undefined) (body as Record<string, unknown>).file_data = Buffer.from(inline, 'utf8')
      let answer
      try {
        answer = await options.router.handleJson({ method, path, query, body, upload })
      } finally {
        // Stored files were moved away; whatever is left here is removed before the client hears back.
        if (upload) await rm(upload.file, { force: true })
      }
      if (answer.kind !== 'json') throw new Error(`unexpected ${answer.kind} answer to an upload`)
      return sendJson(res, answer.status, answer.body)
    }
    if (method === 'POST') {
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
      // Refused from the headers alone, as an upload's are: the body is not read.
      if (type !== 'application/json') return refuseUnread(req, res, 415, 'content-type: expected application/json')
      const coding = unsupportedCoding(req.headers)
      if (coding) return refuseUnread(req, res, 415, coding)
      const routeLimit = match.route.bodyLimit && match.route.bodyLimit.bytes < maxBody ? match.route.bodyLimit : undefined
      const limit = routeLimit?.bytes ?? maxBody
      const tooLarge = overLimit('body', maxBody)
      const declared = Number(req.headers['content-length'] ?? 0)
      // A route's own limit is small (at most a few MiB): its start is read even so, to name the field that made the body large.
      if (declared > limit && !routeLimit) return refuseUnread(req, res, 413, tooLarge)
      const { overflow, data, gone } = await readBody(req, limit, routeLimit !== undefined)
      if (gone) return // nobody is left to answer
      if (overflow) return refuseUnread(req, res, 413, routeLimit ? oversizedBodyMessage(routeLimit, data) : tooLarge)
      if (data.length > 0) {
        let text: string
        try {
          text = strictUtf8.decode(data)
        } catch {
          return fail(req, res, 400, 'body: not valid UTF-8')
        }
        try {
          body = parseExactJson(text)
        } catch {
          return fail(req, res, 400, invalidJsonMessage(text))
        }
      }
    }
    const answer = await options.router.handleJson({ method, path, query, body })
    if (answer.kind === 'stream') return openStream(req, res, answer.stream.subscribe)
    if (answer.kind === 'file') return sendFile(req, res, answer.file)
    if (answer.kind === 'chunks') return sendPieces(res, answer.status, answer.body.open())
    sendJson(res, answer.status, answer.body)
  }

  const limits = { ...CONNECTION_LIMITS, ...options.limits }
  /**
   * Open connections, oldest first, each with the number of requests it is serving right now and how
   * many of those have shown no token or session yet (the session exchange, the page files, a refusal).
   */
  const connections = new Map<Socket, { busy: number; untrusted: number; idle: NodeJS.Timeout | undefined; arm: () => void }>()
  /** Requests not yet shown to carry a token or a session. */
  const untrustedRequests = new WeakSet<IncomingMessage>()
  /** The request has shown a token or a session: its connection is no longer one to make room with. */
  const trust = (req: IncomingMessage) => {
    if (!untrustedRequests.delete(req)) return
    const state = connections.get(req.socket)
    if (state) state.untrusted--
  }
  /**
   * At the cap: the oldest connection serving only requests without a token or session goes, else
   * the oldest one doing nothing. Only idle ones went before, so a caller with no credentials dripping
   * session exchanges on every connection (reconnecting as each timed out) had every other request
   * answered 503. Those go first: a new connection is idle until its request's headers are in, and
   * taking the idle ones first had such a caller's reconnections close the real client's.
   */
  const makeRoom = () => {
    let idle: Socket | undefined
    let victim: Socket | undefined
    for (const [other, state] of connections) {
      if (state.busy === 0) idle ??= other
      else if (state.busy === state.untrusted) {
        victim = other
        break
      }
    }
    victim ??= idle
    if (!victim) return false
    victim.destroy()
    connections.delete(victim)
    return true
  }
  const server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: Math.min(5_000, limits.idleTimeoutMs),
    // How often the header and request time-outs are checked (default 30 s, far too coarse here).
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    // A request with no Host header is the Host guard's to refuse (403 with the error body); Node's own
    // check answered a bare 400 with no body.
    requireHostHeader: false
  })
  server.on('connection', (socket: Socket) => {
    if (connections.size >= limits.maxConnections && !makeRoom()) return refuseOverCapacity(socket, limits.maxConnections)
    // Closed when it sits without a request this long (a silent client; the header time-out
    // only starts with the first byte). Re-armed whenever the connection falls idle again.
    const state = { busy: 0, untrusted: 0, idle: undefined as NodeJS.Timeout | undefined, arm: () => {} }
    const armIdle = () => {
      clearTimeout(state.idle)
      state.idle = setTimeout(() => state.busy === 0 && socket.destroy(), limits.idleTimeoutMs)
      state.idle.unref()
    }
    connections.set(socket, state)
    armIdle()
    socket.once('close', () => {
      clearTimeout(state.idle)
      connections.delete(socket)
    })
    state.arm = armIdle
  })
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = connections.get(req.socket)
    if (!state) return
    state.busy++
    state.untrusted++
    untrustedRequests.add(req)
    clearTimeout(state.idle)
    // While the node stops, a connection is not kept open after its answer: the stop waits for
    // every connection, and one kept alive would hold it for the keep-alive time-out.
    if (closing) res.setHeader('Connection', 'close')
    res.once('close', () => {
      if (untrustedRequests.delete(req)) state.untrusted--
      if (--state.busy > 0) return
      if (closing) req.socket.end()
      else state.arm()
    })
  })
  // What Node's parser refuses before any handler sees it gets the same error body as every other error, not a bare status line.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable || (socket as Socket).bytesWritten > 0) return void socket.destroy()
    const inRequest = (connections.get(socket as Socket)?.busy ?? 0) > 0
    const [status, message] =
      // The client closed its side of the connection in the middle of a request's body.
      err.code === 'HPE_INVALID_EOF_STATE' && inRequest
        ? (cutShort.get(socket)?.() ?? [400, 'body: the request ended before its whole body arrived'])
        : (PARSER_REFUSALS.get(err.code) ?? [400, 'request: not a valid HTTP/1.1 request'])
    const json = JSON.stringify({ code: status, error: STATUS_CODES[status], message })
    const common = Object.entries(COMMON_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`)
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n${common.join('')}` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`
    )
    // A client that never closes its side does not keep the socket.
    setTimeout(() => socket.destroy(), 1_000).unref()
  })
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((err) => {
      // The path, not the query: a query may carry what the log must not (a provider URL's ?key=), as the router's lines do.
      options.log.error(`http ${req.method} ${(req.url ?? '').split('?')[0]} failed`, err)
      const message = storageProblem(err) ?? 'internal error; the node log has the details'
      if (!res.headersSent) sendJson(res, 500, JSON.stringify(errorBody(500, message)))
      else res.destroy()
    })
  })

  await new Promise<void>((ok, bad) => {
    server.once('error', bad)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', bad)
      ok()
    })
  })
  const { port, address: bound } = server.address() as AddressInfo
  const bracketed = (h: string) => (h.includes(':') ? `[${h}]` : h)
  const hostPart = bracketed(host)
  // The address a name such as `--host localhost` was bound to is the node's own name too, and so is the
  // address as URLs write it, which browsers and fetch send in Host and Origin: --host ::ffff:127.0.0.1 is
  // [::ffff:7f00:1] there, and the node refused its own UI address with 403.
  const asUrlWrites = new URL(`http://${hostPart}:${port}`).host
  allowedHosts = new Set(
    [`${hostPart}:${port}`, asUrlWrites, `${bracketed(bound)}:${port}`, `localhost:${port}`].map((h) => h.toLowerCase())
  )
  allowedOrigins = new Set([...allowedHosts].map((h) => `http://${h}`))
  const sessions = createUiSessions(port)
  baseUrl = `http://${hostPart}:${port}`

  return {
    url: baseUrl,
    port,
    uiAddress: () => `${baseUrl}/#code=${sessions.issueCode()}`,
    close: () =>
      new Promise<void>((done) => {
        closing = true
        server.close(() => done())
        for (const s of streams) s.end()
        server.closeIdleConnections()
        setTimeout(() => server.closeAllConnections(), 10_000).unref()
      })
  }
}
