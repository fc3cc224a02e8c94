import type { Socket } from 'node:net'
import { errorBody } from '../../shared/contract/error'

/**
 * How long a refused connection stays open to read what the client sends. Closing it at once
 * would have the client's request, arriving after, answered with a reset, and a reset can make
 * the client drop the 503 it had not read yet.
 */
const LINGER_MS = 1_000

/**
 * Answers a connection over the cap with 503 and the error body, written on the socket before the
 * client has sent anything (the request parser never gets to it), then closes it. Without it the
 * connection was closed with no answer, which a script or a browser reports as a network failure.
 */
export function refuseOverCapacity(socket: Socket, maxConnections: number): void {
  const body = JSON.stringify(
    errorBody(
      503,
      `The node has too many open connections (${maxConnections}), so it cannot take another one now. Close windows or scripts that use it, then try again.`
    )
  )
  socket.on('error', () => {})
  socket.end(
    [
      'HTTP/1.1 503 Service Unavailable',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Retry-After: 1',
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body
    ].join('\r\n')
  )
  const linger = setTimeout(() => socket.destroy(), LINGER_MS)
  linger.unref()
  socket.once('close', () => clearTimeout(linger))
}
