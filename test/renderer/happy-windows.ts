import { Window as HappyWindow } from 'happy-dom'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'

/**
 * Browser windows (happy-dom) opened at a URL, each closed after its test, seen through the DOM's
 * Window type the window's code expects.
 */
export function useHappyWindows(): (url: string) => Window {
  const windows: HappyWindow[] = []
  afterEach(async () => {
    for (const w of windows.splice(0)) await w.happyDOM.close()
  })
  return (url) => {
    const happy = new HappyWindow({ url })
    windows.push(happy)
    return happy as unknown as Window
  }
}

/** Starts a server on 127.0.0.1 (a free port); its origin. */
export async function listenLocal(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Closes a server and every connection still open to it. */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  await new Promise<void>((r) => server.close(() => r()))
}
