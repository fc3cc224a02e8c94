/** Electron bootstrap: one secure window, the embedded node, the IPC binding. Nothing else. */
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  protocol,
  safeStorage,
  session,
  shell,
  type IpcMainInvokeEvent,
  type WebContents
} from 'electron'
import { join } from 'node:path'
import { IPC_EVENT_ACK_CHANNEL } from '../shared/bridge'
import { RENDERER_CSP } from '../shared/csp'
import { APP_NAME, APP_VERSION } from './app-info'
import { APP_INDEX_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, rendererProtocolHandler } from './app-protocol'
import { desktopSecretBox } from './electron-secret-box'
import { DataDirInUseError } from './data-dir-lock'
import { startEmbeddedNode, type EmbeddedNode } from './embedded-node'
import { APP_WARM_UP_MS, bundledProviderWorker } from './runtime/answer-callers'
import { utilityExtractWorker } from './electron-reader-process'
import { bundledCheckpointWorker } from './store/checkpointer'
import { debugEvent, debugWanted, enableDebugLog } from './platform/debug-log'
import { consoleLogger } from './platform/logger'
import { redactEachSecret } from './runtime/key-redactor'
import { installProcessGuard } from './process-guard'
import { bindIpc, bindSaveExport, isRendererUrl } from './transports/ipc'
import { ipcEventFeed } from './transports/ipc-events'

app.setName(APP_NAME)
// The dev server's address only in development: in a packaged app an environment variable must
// not decide which origin the IPC channel trusts.
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined
const rendererUrl = devServerUrl || APP_INDEX_URL
const windows = new Set<WebContents>()
let node: EmbeddedNode | undefined

protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])

/**
 * A link from an answer (text a provider wrote) opens in the browser only after the operator has
 * seen the whole address and said yes: a link's text can claim any destination.
 */
async function confirmAndOpenExternal(url: string, parent: BrowserWindow | null): Promise<void> {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return
  const options = {
    type: 'question' as const,
    buttons: ['Open in browser', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
    title: 'Open link',
    message: 'Open this address in your browser?',
    detail: u.href
  }
  const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options)
  if (response === 0) await shell.openExternal(u.href)
}

function createWindow(): void {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: APP_NAME,
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: true
    }
  })
  const contents = win.webContents
  windows.add(contents)
  win.on('closed', () => windows.delete(contents))
  win.once('ready-to-show', () => win.show())
  contents.setWindowOpenHandler(({ url }) => {
    void confirmAndOpenExternal(url, win).catch((err) => consoleLogger.error('opening a link failed', err))
    return { action: 'deny' }
  })
  contents.on('will-navigate', (event, url) => {
    if (!isRendererUrl(url, rendererUrl)) {
      event.preventDefault()
      void confirmAndOpenExternal(url, win).catch((err) => consoleLogger.error('opening a link failed', err))
    }
  })
  // A page with changes not saved (a provider's Edit) refuses to unload (beforeunload): Electron then
  // neither closes nor reloads, and shows nothing. The operator is asked, as a browser would.
  contents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(win, {
      type: 'question',
      buttons: ['Leave', 'Stay'],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
      title: 'Leave without saving?',
      message: 'Leave without saving?',
      detail: 'Changes on the page shown are not saved, or files are still uploading. If you leave, they are lost.'
    })
    if (choice === 0) event.preventDefault()
  })
  // Rejects when the page does not load: logged, never left to the process guard as an unhandled rejection.
  win.loadURL(rendererUrl).catch((err: unknown) => consoleLogger.error('the window could not load its page', err))
}

app.on('web-contents-created', (_e, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault())
})

// A second desktop start hands over to the first (which focuses its window) and ends; it must
// not open the database. Headless nodes and other user-data folders are caught by the data-dir lock.
const gotLock = app.requestSingleInstanceLock()
if (!gotLock) app.quit()
app.on('second-instance', () => {
  const win = BrowserWindow.getAllWindows()[0]
  if (win) {
    if (win.isMinimized()) win.restore()
    win.focus()
  }
})

const ready = gotLock ? app.whenReady() : new Promise<never>(() => {})
ready
  .then(() => {
    // NODEDESK_DATA_DIR: the same override headless mode honours (tests, portable setups).
    const dataDir = process.env.NODEDESK_DATA_DIR || app.getPath('userData')
    const log = consoleLogger
    // NODEDESK_DEBUG=1: the debug log on stderr, as headless mode's --debug (the provider thread reads the same env).
    if (debugWanted()) {
      enableDebugLog({ redact: redactEachSecret })
      debugEvent(`debug log on (Nodedesk ${APP_VERSION}, data folder ${dataDir})`)
    }
    node = startEmbeddedNode({
      dataDir,
      secrets: desktopSecretBox(safeStorage, dataDir, log),
      version: APP_VERSION,
      log,
      mode: 'desktop',
      runtime: { providerWorker: bundledProviderWorker(__dirname), warmUpAfterMs: APP_WARM_UP_MS },
      extractWorker: utilityExtractWorker(__dirname),
      checkpointWorker: bundledCheckpointWorker(__dirname)
    })
    protocol.handle(APP_SCHEME, rendererProtocolHandler(join(__dirname, '../renderer')))
    // Every permission is refused but one, to our own window: writing text to the clipboard (an answer's
    // Copy, from a click; Chromium asks for it before each navigator.clipboard.writeText). Reading it stays refused.
    const ownClipboardWrite = (permission: string, url: string | undefined) =>
      permission === 'clipboard-sanitized-write' && isRendererUrl(url, rendererUrl)
    session.defaultSession.setPermissionRequestHandler((_wc, permission, grant, details) =>
      grant(ownClipboardWrite(permission, details.requestingUrl))
    )
    // Without a check handler Electron answers most permission checks with yes; devices (HID, serial, USB) likewise refused.
    session.defaultSession.setPermissionCheckHandler((_wc, permission, origin, details) =>
      ownClipboardWrite(permission, details.requestingUrl || origin)
    )
    session.defaultSession.setDevicePermissionHandler(() => false)
    session.defaultSession.webRequest.onHeadersReceived((details, done) => {
      done({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [RENDERER_CSP] } })
    })
    const isOurWindow = (event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>) =>
      windows.has(event.sender) && isRendererUrl(event.senderFrame?.url, rendererUrl)
    bindIpc(ipcMain, node.router, isOurWindow)
    bindSaveExport(ipcMain, node, isOurWindow, (event, options) => {
      const win = BrowserWindow.fromWebContents(event.sender)
      return win ? dialog.showSaveDialog(win, options) : dialog.showSaveDialog(options)
    })
    const events = ipcEventFeed({ log })
    ipcMain.on(IPC_EVENT_ACK_CHANNEL, (event, payload) => {
      if (isOurWindow(event)) events.acknowledge(event.sender, payload)
    })
    node.ctx.bus.subscribe((event) => {
      for (const contents of windows) events.send(contents, event)
    })
    createWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow()
    })
  })
  .catch((err) => {
    if (err instanceof DataDirInUseError) {
      // One line on stderr for a terminal start, the same line in a box for a start from the desktop.
      console.error(err.message)
      dialog.showErrorBox(APP_NAME, err.message)
    } else consoleLogger.error('Nodedesk could not start', err)
    app.exit(1)
  })

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
let quitting = false
app.on('will-quit', (event) => {
  if (!node || quitting) return
  // Let the runtime stop cleanly and the database close before the process ends.
  event.preventDefault()
  quitting = true
  void node.close().finally(() => app.quit())
})
installProcessGuard({ log: consoleLogger })
