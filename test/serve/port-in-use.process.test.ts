import { createServer, type Server } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tempDir } from '../support/node'
import { killAll, startServe, type ServeProcess } from '../support/serve-process'

let dir: string
let cleanup: () => void
let taken: Server
let port: number
const running: ServeProcess[] = []
beforeEach(async () => {
  ;({ dir, cleanup } = tempDir('nodedesk-port-'))
  taken = createServer()
  await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r))
  port = (taken.address() as { port: number }).port
})
afterEach(async () => {
  await killAll(running)
  await new Promise((r) => taken.close(r))
  cleanup()
})

describe('`npm run serve` on a port another program holds', () => {
  it('exits 1 with a sentence saying the port is in use and what to do, not the system call that failed', async () => {
    const err = await startServe(['--port', String(port), '--data-dir', dir]).then(
      (p): Error => {
        running.push(p)
        throw new Error('serve started on a port in use')
      },
      (e: Error) => e
    )
    expect(err.message).toMatch(/^serve exited \(1\) before listening/)
    expect(err.message).toContain(
      `Nodedesk could not start: port ${port} on 127.0.0.1 is already in use by another program. Stop that program, or choose another port with --port (--port 0 picks a free one).`
    )
    // Before: "listen EADDRINUSE: address already in use 127.0.0.1:<port>".
    expect(err.message).not.toContain('EADDRINUSE')
  })
})
