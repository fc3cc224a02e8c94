import { EventEmitter } from 'node:events'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { IPC_EVENT_CHANNEL, IPC_REQUEST_CHANNEL } from '../../src/shared/bridge'
import { provider } from '../support/fixtures'
import { tempDir } from '../support/node'

/*
 * The Electron binary cannot exist on these machines, so the built main process
 * (out/main/index.js) runs here against a stand-in `electron` module that records what the
 * bootstrap asks of Electron. Everything behind it (store, router, IPC binding) is real.
 */

type Handler = (...args: unknown[]) => unknown
const root = join(__dirname, '..', '..')
const req = createRequire(join(root, 'package.json'))

let dir: string
let cleanup: () => void
const windows: FakeWindow[] = []
const ipcHandlers = new Map<string, Handler>()
const openedExternally: string[] = []
let permissionHandler: Handler | undefined
let headersHandler: Handler | undefined

class FakeContents extends EventEmitter {
  static nextId = 1
  readonly id = FakeContents.nextId++
  readonly sent: [string, unknown][] = []
  windowOpenHandler: Handler | undefined
  setWindowOpenHandler(h: Handler) {
    this.windowOpenHandler = h
  }
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload])
  }
  isDestroyed() {
    return false
  }
}

class FakeWindow extends EventEmitter {
  readonly webContents = new FakeContents()
  loadedUrl = ''
  constructor(readonly options: { webPreferences: Record<string, unknown> }) {
    super()
    windows.push(this)
  }
  loadURL(url: string) {
    this.loadedUrl = url
    return Promise.resolve()
  }
  show() {}
  static getAllWindows = () => windows
}

const app = Object.assign(new EventEmitter(), {
  setName: () => {},
  requestSingleInstanceLock: () => true,
  whenReady: () => Promise.resolve(),
  getPath: () => dir,
  quit: () => {},
  exit: () => {}
})

const fakeElectron = {
  app,
  BrowserWindow: FakeWindow,
  ipcMain: { handle: (c: string, h: Handler) => ipcHandlers.set(c, h), removeHandler: (c: string) => ipcHandlers.delete(c) },
  safeStorage: { isEncryptionAvailable: () => false, getSelectedStorageBackend: () => 'basic_text' },
  session: {
    defaultSession: {
      setPermissionRequestHandler: (h: Handler) => (permissionHandler = h),
      webRequest: { onHeadersReceived: (h: Handler) => (headersHandler = h) }
    }
  },
  shell: { openExternal: async (url: string) => void openedExternally.push(url) }
}

beforeAll(async () => {
  ;({ dir, cleanup } = tempDir('nodedesk-electron-'))
  process.env.NODEDESK_DATA_DIR = dir
  const electronPath = req.resolve('electron')
  req.cache[electronPath] = { id: electronPath, filename: electronPath, loaded: true, exports: fakeElectron } as never
  req(join(root, 'out/main/index.js'))
  // Ready once the bootstrap has wired the node and opened its window (the window comes last).
  await vi.waitFor(() => expect(windows).toHaveLength(1))
})
afterAll(() => {
  app.emit('will-quit', { preventDefault: () => {} })
  delete process.env.NODEDESK_DATA_DIR
  cleanup()
})

const rendererUrl = () => windows[0]!.loadedUrl
const ipc = (sender: FakeContents, frameUrl: string, payload: unknown) =>
  ipcHandlers.get(IPC_REQUEST_CHANNEL)!({ sender, senderFrame: { url: frameUrl } }, payload) as Promise<{
    status: number
    body: Uint8Array
  }>
const json = (r: { body: Uint8Array }) => JSON.parse(new TextDecoder().decode(r.body))

describe('Electron bootstrap (built main process, stand-in electron module)', () => {
  it('opens one window: context isolation, sandbox, no Node, web security, our preload, our renderer file', () => {
    expect(windows).toHaveLength(1)
    const prefs = windows[0]!.options.webPreferences
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false
    })
    expect(String(prefs.preload)).toMatch(/out[\\/]preload[\\/]index\.js$/)
    expect(rendererUrl()).toMatch(/^file:\/\/.*\/out\/renderer\/index\.html$/)
  })

  it('denies new windows, opening only http(s) links in the browser', () => {
    const handler = windows[0]!.webContents.windowOpenHandler!
    expect(handler({ url: 'https://example.org/docs' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(openedExternally).toEqual(['https://example.org/docs'])
  })

  it('blocks navigation away from the renderer', () => {
    let prevented = 0
    const event = { preventDefault: () => prevented++ }
    windows[0]!.webContents.emit('will-navigate', event, 'https://evil.example/')
    windows[0]!.webContents.emit('will-navigate', event, 'file:///tmp/other.html')
    expect(prevented).toBe(2)
    windows[0]!.webContents.emit('will-navigate', event, `${rendererUrl()}#/providers`)
    expect(prevented).toBe(2)
  })

  it('denies every permission request and sends a strict CSP with every response', () => {
    let granted: boolean | undefined
    permissionHandler!({}, 'media', (g: boolean) => (granted = g))
    expect(granted).toBe(false)
    let headers: Record<string, string[]> = {}
    headersHandler!(
      { responseHeaders: { 'X-Other': ['1'] } },
      (r: { responseHeaders: Record<string, string[]> }) => (headers = r.responseHeaders)
    )
    expect(headers['X-Other']).toEqual(['1'])
    expect(headers['Content-Security-Policy']![0]).toMatch(/default-src 'none'; script-src 'self'/)
  })

  it('answers its own renderer over IPC with the real router, refuses anyone else, and forwards events to the window', async () => {
    const own = windows[0]!.webContents
    const health = await ipc(own, rendererUrl(), { method: 'GET', path: '/v2/health_check' })
    expect(health.status).toBe(200)
    expect(json(health)).toMatchObject({ status: 'ok', node_name: '@@localhost.sep-shinkai' })

    const stranger = new FakeContents()
    const refused = await ipc(stranger, rendererUrl(), { method: 'POST', path: '/v2/add_llm_provider', body: provider('evil') })
    expect(refused.status).toBe(403)
    const foreignFrame = await ipc(own, 'https://evil.example/', { method: 'POST', path: '/v2/add_llm_provider', body: provider('evil') })
    expect(foreignFrame.status).toBe(403)

    const added = await ipc(own, rendererUrl(), {
      method: 'POST',
      path: '/v2/add_llm_provider',
      body: provider('gpt', { api_key: 'sk-desktop' })
    })
    expect(json(added)).toBe('Successfully added LLM provider')
    expect(own.sent).toContainEqual([IPC_EVENT_CHANNEL, { type: 'provider_changed', data: { id: 'gpt' } }])
    const listed = json(await ipc(own, rendererUrl(), { method: 'GET', path: '/v2/available_llm_providers' }))
    expect(listed.map((p: { id: string }) => p.id)).toEqual(['gpt'])
    expect(JSON.stringify(listed)).not.toContain('sk-desktop')
  })

  it('keeps its data in NODEDESK_DATA_DIR (else userData), sealing keys with the AES box when safeStorage would not really encrypt', async () => {
    const { readFileSync, readdirSync } = await import('node:fs')
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['nodedesk.sqlite', 'secret.key']))
    const bytes = readdirSync(dir)
      .map((f) => readFileSync(join(dir, f)).toString('latin1'))
      .join('')
    expect(bytes).not.toContain('sk-desktop')
  })
})
