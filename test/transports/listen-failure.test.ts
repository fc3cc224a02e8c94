import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { listenFailure } from '../../src/main/transports/listen-failure'

const listenError = (port: number, host: string) =>
  new Promise<NodeJS.ErrnoException>((resolve, reject) => {
    const server = createServer()
    server.on('error', resolve)
    server.listen(port, host, () => server.close(() => reject(new Error('listened'))))
  })

it('a port already taken is told as a sentence naming the port and what to do', async () => {
  const taken = createServer()
  await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r))
  const port = (taken.address() as { port: number }).port
  try {
    expect(listenFailure(await listenError(port, '127.0.0.1'))).toBe(
      `port ${port} on 127.0.0.1 is already in use by another program. Stop that program, or choose another port with --port (--port 0 picks a free one).`
    )
  } finally {
    await new Promise((r) => taken.close(r))
  }
})

it('a failure of the data folder with the same code is not called a port problem', () => {
  // What mkdir or open says to a user who may not write the data folder (the tests run as root, who may).
  const denied = Object.assign(new Error("EACCES: permission denied, mkdir '/var/lib/nodedesk'"), {
    code: 'EACCES',
    errno: -13,
    syscall: 'mkdir',
    path: '/var/lib/nodedesk'
  })
  // Before: "this user may not listen on port undefined on undefined (ports below 1024 need administrator rights)".
  expect(listenFailure(denied)).toBeUndefined()
  // A real file-system failure too (here ENOENT), whatever its code.
  const dir = mkdtempSync(join(tmpdir(), 'nodedesk-listen-'))
  try {
    let thrown: unknown
    try {
      rmSync(join(dir, 'missing'))
    } catch (e) {
      thrown = e
    }
    expect(thrown).toBeDefined()
    expect(listenFailure(thrown)).toBeUndefined()
  } finally {
    rmSync(dir, { recursive: true })
  }
})
