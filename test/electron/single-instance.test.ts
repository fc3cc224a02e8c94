import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { IPC_REQUEST_CHANNEL } from '../../src/shared/bridge'
import { fakeElectron, type FakeElectron } from '../support/fake-electron'
import { tempDir } from '../support/node'
import { startServe, type ServeProcess } from '../support/serve-process'

const cleanups: (() => void)[] = []
let serveProcess: ServeProcess | undefined
let desktop: FakeElectron | undefined
afterEach(async () => {
  await desktop?.quit()
  desktop = undefined
  if (serveProcess) {
    serveProcess.child.kill('SIGKILL')
    await serveProcess.exited
    serveProcess = undefined
  }
  delete process.env.NODEDESK_DATA_DIR
  for (const c of cleanups.splice(0)) c()
})

function folder() {
  const { dir, cleanup } = tempDir('nodedesk-desktop-lock-')
  cleanups.push(cleanup)
  return dir
}

describe('desktop start (built main process, stand-in electron module)', () => {
  it('on a data folder a headless node holds, exits 1 at once with a one-line message naming its pid, and opens nothing', async () => {
    const dir = folder()
    serveProcess = await startServe(['--port', '0', '--data-dir', dir])
    process.env.NODEDESK_DATA_DIR = dir
    desktop = fakeElectron({ userData: dir })
    await desktop.load()
    expect(desktop.record.exits).toEqual([1])
    expect(desktop.record.windows).toHaveLength(0)
    expect(desktop.record.errorBoxes).toHaveLength(1)
    const [, message] = desktop.record.errorBoxes[0]!
    expect(message).not.toContain('\n')
    expect(message).toContain(`pid ${serveProcess.child.pid}, headless`)
    expect((await fetch(`${serveProcess.url}/v2/health_check`)).status).toBe(200)
  })

  it('a second desktop start (no single-instance lock) quits without touching the data folder', async () => {
    const dir = folder()
    process.env.NODEDESK_DATA_DIR = dir
    desktop = fakeElectron({ userData: dir, singleInstanceLock: false })
    await desktop.load()
    expect(desktop.record.quits).toBe(1)
    expect(desktop.record.windows).toHaveLength(0)
    expect(readdirSync(dir)).toEqual([])
  })

  it('the first desktop instance holds the folder (a headless start there fails) and focuses its window on a second start', async () => {
    const dir = folder()
    process.env.NODEDESK_DATA_DIR = dir
    desktop = fakeElectron({ userData: dir })
    await desktop.load()
    expect(desktop.record.windows).toHaveLength(1)
    expect(existsSync(join(dir, 'node.lock'))).toBe(true)
    const win = desktop.record.windows[0]!
    win.minimized = true
    desktop.app.emit('second-instance', {}, [], dir)
    expect(win.restored).toBe(1)
    expect(win.focused).toBe(1)
    await expect(startServe(['--port', '0', '--data-dir', dir])).rejects.toThrow(
      new RegExp(`serve exited \\(1\\)[\\s\\S]*in use by another node \\(pid ${process.pid}, desktop`)
    )
    const quitting = desktop.quit()
    desktop = undefined
    // The lock goes once the node has closed, which takes what the machine's load makes it take.
    await expect.poll(() => existsSync(join(dir, 'node.lock')), { timeout: 10_000 }).toBe(false)
    await quitting
  })
})

describe('the development renderer address', () => {
  it('ELECTRON_RENDERER_URL is used when the app is not packaged (electron-vite dev), and trusted over IPC', async () => {
    const dir = folder()
    process.env.NODEDESK_DATA_DIR = dir
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173/'
    try {
      desktop = fakeElectron({ userData: dir, isPackaged: false })
      await desktop.load()
      await expect.poll(() => desktop!.record.windows[0]?.loadedUrl, { timeout: 10_000 }).toBe('http://localhost:5173/')
      const own = desktop.record.windows[0]!.webContents
      const handler = desktop.record.ipcHandlers.get(IPC_REQUEST_CHANNEL)!
      const reply = (await handler(
        { sender: own, senderFrame: { url: 'http://localhost:5173/#/inboxes' } },
        { method: 'GET', path: '/v2/health_check' }
      )) as {
        status: number
      }
      expect(reply.status).toBe(200)
    } finally {
      delete process.env.ELECTRON_RENDERER_URL
    }
  })
})
