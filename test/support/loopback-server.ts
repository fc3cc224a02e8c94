import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'

/**
 * A plain HTTP server on 127.0.0.1 answering with `handler`: started before the file's tests, closed
 * after them with its open connections (some tests hold replies open). `url` is its address once started.
 */
export function useLoopbackServer(handler: RequestListener): { readonly url: string } {
  let server: Server | undefined
  const local = { url: '' }
  beforeAll(async () => {
    const s = (server = createServer(handler))
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
    local.url = `http://127.0.0.1:${(s.address() as AddressInfo).port}`
  })
  afterAll(() => {
    const s = server
    if (!s) return
    s.closeAllConnections()
    return new Promise<void>((r) => s.close(() => r()))
  })
  return local
}
