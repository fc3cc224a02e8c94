import { connect, type Socket } from 'node:net'

/** An answer as read off the socket: status, headers (lowercased names) and the body's text. */
export interface RawAnswer {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: string
}

/**
 * A request written by hand over a TCP socket to the node's HTTP server, for what fetch cannot do:
 * send a body in pieces at the test's pace, half-close the connection, or stop early.
 * `answer` settles once a whole answer (by its Content-Length) has arrived, or with what arrived
 * when the server closes the socket (undefined if nothing did).
 */
export interface RawRequest {
  readonly socket: Socket
  write(data: string | Buffer): Promise<void>
  readonly answer: Promise<RawAnswer | undefined>
  /** Whether the server has closed its side (or the whole socket). */
  ended(): boolean
}

function parse(data: Buffer): RawAnswer | undefined {
  const end = data.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const i = line.indexOf(':')
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim()
  }
  const length = Number(headers['content-length'] ?? NaN)
  const body = data.subarray(end + 4)
  if (!Number.isFinite(length) || body.length < length) return undefined
  return { status: Number(statusLine!.split(' ')[1]), headers, body: body.subarray(0, length).toString('utf8') }
}

export async function rawRequest(port: number, head: string): Promise<RawRequest> {
  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((ok, bad) => socket.once('connect', ok).once('error', bad))
  let received = Buffer.alloc(0)
  let serverEnded = false
  const answer = new Promise<RawAnswer | undefined>((done) => {
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      const a = parse(received)
      if (a) done(a)
    })
    socket.on('end', () => {
      serverEnded = true
      done(parse(received))
    })
    socket.on('close', () => {
      serverEnded = true
      done(parse(received))
    })
    socket.on('error', () => undefined)
  })
  const write = (data: string | Buffer) =>
    new Promise<void>((ok) => {
      if (socket.destroyed) return ok()
      socket.write(data, () => ok())
    })
  await write(head)
  return { socket, write, answer, ended: () => serverEnded }
}

/** The head of a POST with these headers (Host and the bearer token added), ending in the blank line. */
export function postHead(port: number, path: string, token: string, headers: Record<string, string | number>): string {
  const lines = [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Authorization: Bearer ${token}`]
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  return `${lines.join('\r\n')}\r\n\r\n`
}

/** A multipart form's text parts, each `--boundary` and its header, with a file part's header at the end (its bytes follow). */
export function formStart(boundary: string, fields: Record<string, string>, file?: { field?: string; name: string }): string {
  let out = ''
  for (const [name, value] of Object.entries(fields)) {
    out += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  }
  if (file) {
    out +=
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file_data'}"; filename="${file.name}"\r\n` +
      `Content-Type: text/plain\r\n\r\n`
  }
  return out
}

export const formEnd = (boundary: string) => `\r\n--${boundary}--\r\n`

/** Waits until `test()` holds, up to `ms`. */
export async function until(test: () => boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms
  while (!test() && Date.now() < end) await new Promise((r) => setTimeout(r, 10))
  return test()
}
