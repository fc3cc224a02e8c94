import { existsSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { provider } from '../support/fixtures'
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

  it('closes the data folder before it exits, so the next start on a free port takes it at once, data intact', async () => {
    const first = await startServe(['--port', '0', '--data-dir', dir])
    running.push(first)
    const auth = { Authorization: `Bearer ${first.token}`, 'Content-Type': 'application/json' }
    const added = await fetch(`${first.url}/v2/add_llm_provider`, { method: 'POST', headers: auth, body: JSON.stringify(provider('kept')) })
    expect(added.status).toBe(200)
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)

    const refused = await startServe(['--port', String(port), '--data-dir', dir]).then(
      (p): Error => {
        running.push(p)
        throw new Error('serve started on a port in use')
      },
      (e: Error) => e
    )
    expect(refused.message).toContain(`Nodedesk could not start: port ${port} on 127.0.0.1 is already in use`)
    // Before: node.lock stayed behind with the dead pid, and the migrations' writes stayed in a WAL of 354 KB.
    expect(existsSync(join(dir, 'node.lock'))).toBe(false)
    const wal = join(dir, 'nodedesk.sqlite-wal')
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0)

    const started = Date.now()
    const next = await startServe(['--port', '0', '--data-dir', dir])
    running.push(next)
    expect(Date.now() - started).toBeLessThan(15_000)
    const list = await fetch(`${next.url}/v2/available_llm_providers`, { headers: { Authorization: `Bearer ${next.token}` } })
    expect(((await list.json()) as { id: string }[]).map((p) => p.id)).toEqual(['kept'])
  })
})
