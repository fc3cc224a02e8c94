import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'

/**
 * A plain HTTP server on 127.0.0.1 answering with `handler`: started before the file's (or the
 * describe block's) tests, closed after them with its open connections (some tests hold replies open).
 * With `perTest`, a fresh one for each test, for tests that must not see the connections of the one before.
 * `url` is its address once started.
 */
export function useLoopbackServer(handler: RequestListener, options: { perTest?: boolean } = {}): { readonly url: string } {
  const [start, stop] = options.perTest ? [beforeEach, afterEach] : [beforeAll, afterAll]
  let server: Server | undefined
  const local = { url: '' }
  start(async () => {
    const s = (server = createServer(handler))
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
    local.url = `http://127.0.0.1:${(s.address() as AddressInfo).port}`
  })
  stop(() => {
    const s = server
    if (!s) return
    s.closeAllConnections()
    return new Promise<void>((r) => s.close(() => r()))
  })
  return local
}
