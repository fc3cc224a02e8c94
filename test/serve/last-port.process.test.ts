import { createServer, type Server } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tempDir } from '../support/node'
import { killAll, startServe, type ServeProcess } from '../support/serve-process'

let dir: string
let cleanup: () => void
const running: ServeProcess[] = []
const held: Server[] = []
beforeEach(() => {
  ;({ dir, cleanup } = tempDir('nodedesk-last-port-'))
})
afterEach(async () => {
  await killAll(running)
  await Promise.all(held.map((s) => new Promise((r) => s.close(r))))
  held.length = 0
  cleanup()
})

const portOf = (url: string) => Number(new URL(url).port)

async function stopped(p: ServeProcess): Promise<void> {
  p.child.kill('SIGTERM')
  expect(await p.exited).toBe(0)
}

describe('`npm run serve -- --port 0` started again on the same data folder', () => {
  it('listens on the port it used last, so the UI keeps its origin (and the drafts the page keeps per origin)', async () => {
    const first = await startServe(['--port', '0', '--data-dir', dir])
    running.push(first)
    await stopped(first)

    const again = await startServe(['--port', '0', '--data-dir', dir])
    running.push(again)
    // Before: a new free port each start; the page at the new origin had lost what the old one kept.
    expect(portOf(again.url)).toBe(portOf(first.url))
    expect((await fetch(`${again.url}/v2/health_check`)).status).toBe(200)
  })

  it('takes another free port when another program now holds the last one', async () => {
    const first = await startServe(['--port', '0', '--data-dir', dir])
    running.push(first)
    await stopped(first)
    const taken = createServer()
    held.push(taken)
    await new Promise<void>((r) => taken.listen(portOf(first.url), '127.0.0.1', r))

    const again = await startServe(['--port', '0', '--data-dir', dir])
    running.push(again)
    expect(portOf(again.url)).not.toBe(portOf(first.url))
    expect((await fetch(`${again.url}/v2/health_check`)).status).toBe(200)
  })
})
