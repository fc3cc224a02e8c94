import { EventEmitter } from 'node:events'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { expect, vi } from 'vitest'

/*
 * The Electron binary cannot exist on these machines, so tests run the built main process
 * (out/main/index.js) against this stand-in `electron` module, which records what the bootstrap
 * asks of Electron. Everything behind it (store, router, IPC binding, lock) is real.
 */

type Handler = (...args: unknown[]) => unknown
export const ROOT = join(__dirname, '..', '..')
const req = createRequire(join(ROOT, 'package.json'))

export class FakeContents extends EventEmitter {
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

export interface FakeElectronOptions {
  readonly singleInstanceLock?: boolean
  readonly isPackaged?: boolean
  readonly userData: string
  /** The button index `dialog.showMessageBox` answers with (0 = the first button). */
  messageBoxResponse?: number
  /** The path `dialog.showSaveDialog` answers with (undefined = the operator cancels). */
  savePath?: string
  /** What a window's loadURL rejects with (Electron rejects when the page does not load: ERR_FAILED, ERR_ABORTED). */
  readonly loadError?: Error
}

export function fakeElectron(options: FakeElectronOptions) {
  const record = {
    windows: [] as FakeWindow[],
    ipcHandlers: new Map<string, Handler>(),
    /** ipcMain.on listeners (one-way messages from a window), by channel. */
    ipcListeners: new Map<string, Handler>(),
    openedExternally: [] as string[],
    errorBoxes: [] as [string, string][],
    messageBoxes: [] as Record<string, unknown>[],
    saveDialogs: [] as { parent: unknown; options: Record<string, unknown> }[],
    exits: [] as number[],
    quits: 0,
    privilegedSchemes: [] as unknown[],
    protocolHandlers: new Map<string, (request: Request) => Response | Promise<Response>>(),
    permissionHandler: undefined as Handler | undefined,
    permissionCheckHandler: undefined as Handler | undefined,
    devicePermissionHandler: undefined as Handler | undefined,
    headersHandler: undefined as Handler | undefined
  }
  let readyResolve: () => void = () => {}
  const ready = new Promise<void>((r) => (readyResolve = r))
  let readyAskedFor = false
  const quitWaiters: (() => void)[] = []

  class FakeWindow extends EventEmitter {
    readonly webContents = new FakeContents()
    loadedUrl = ''
    minimized = false
    focused = 0
    restored = 0
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      super()
      record.windows.push(this)
    }
    loadURL(url: string) {
      this.loadedUrl = url
      return options.loadError ? Promise.reject(options.loadError) : Promise.resolve()
    }
    show() {}
    isMinimized() {
      return this.minimized
    }
    restore() {
      this.restored++
      this.minimized = false
    }
    focus() {
      this.focused++
    }
    static getAllWindows = () => record.windows
    static fromWebContents = (wc: FakeContents) => record.windows.find((w) => w.webContents === wc) ?? null
  }

  const app = Object.assign(new EventEmitter(), {
    isPackaged: options.isPackaged ?? false,
    setName: () => {},
    requestSingleInstanceLock: () => options.singleInstanceLock ?? true,
    whenReady: () => {
      readyAskedFor = true
      setTimeout(readyResolve, 20)
      return ready
    },
    getPath: () => options.userData,
    quit: () => {
      record.quits++
      for (const done of quitWaiters.splice(0)) done()
    },
    exit: (code = 0) => void record.exits.push(code)
  })

  const electron = {
    app,
    BrowserWindow: FakeWindow,
    ipcMain: {
      handle: (c: string, h: Handler) => record.ipcHandlers.set(c, h),
      removeHandler: (c: string) => record.ipcHandlers.delete(c),
      on: (c: string, h: Handler) => record.ipcListeners.set(c, h)
    },
    safeStorage: { isEncryptionAvailable: () => false, getSelectedStorageBackend: () => 'basic_text' },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: Handler) => (record.permissionHandler = h),
        setPermissionCheckHandler: (h: Handler) => (record.permissionCheckHandler = h),
        setDevicePermissionHandler: (h: Handler) => (record.devicePermissionHandler = h),
        webRequest: { onHeadersReceived: (h: Handler) => (record.headersHandler = h) }
      }
    },
    shell: { openExternal: (url: string) => Promise.resolve(void record.openedExternally.push(url)) },
    dialog: {
      showErrorBox: (title: string, content: string) => void record.errorBoxes.push([title, content]),
      showMessageBox: (...args: unknown[]) => {
        const opts = (args.length > 1 ? args[1] : args[0]) as Record<string, unknown>
        record.messageBoxes.push(opts)
        return Promise.resolve({ response: options.messageBoxResponse ?? 0, checkboxChecked: false })
      },
      showSaveDialog: (...args: unknown[]) => {
        record.saveDialogs.push({
          parent: args.length > 1 ? args[0] : null,
          options: (args.length > 1 ? args[1] : args[0]) as Record<string, unknown>
        })
        const path = options.savePath
        return Promise.resolve(path === undefined ? { canceled: true } : { canceled: false, filePath: path })
      }
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => void record.privilegedSchemes.push(...schemes),
      handle: (scheme: string, h: (request: Request) => Response | Promise<Response>) => void record.protocolHandlers.set(scheme, h)
    }
  }

  /**
   * Requires a fresh copy of the built main process against this stand-in; resolves once its start
   * has come to an end: a window opened or the app exited, or, for a start that never waits for
   * `ready` (a second instance quits at once), as soon as it has been required.
   */
  const load = async () => {
    const electronPath = req.resolve('electron')
    for (const key of Object.keys(req.cache)) if (key.startsWith(join(ROOT, 'out', 'main'))) delete req.cache[key]
    req.cache[electronPath] = { id: electronPath, filename: electronPath, loaded: true, exports: electron } as never
    req(join(ROOT, 'out/main/index.js'))
    // As long as a loaded machine needs: a fixed wait was either too short there or wasted elsewhere.
    // (vi.waitFor, not expect.poll: a beforeAll loads it too.)
    if (readyAskedFor) await vi.waitFor(() => expect(record.windows.length + record.exits.length).toBeGreaterThan(0), { timeout: 10_000 })
  }
  /**
   * Quits as Electron would: resolves once the app has let the quit go on, which the bootstrap does
   * only after the node has closed. A hook that removes the data folder waits for it: removed while
   * the node still closes, SQLite and the lock were written in a folder being deleted.
   */
  const quit = () =>
    new Promise<void>((done) => {
      let held = false
      app.emit('will-quit', { preventDefault: () => (held = true) })
      if (held) quitWaiters.push(done)
      else done()
    })

  return { electron, app, record, load, quit, options }
}

export type FakeElectron = ReturnType<typeof fakeElectron>
