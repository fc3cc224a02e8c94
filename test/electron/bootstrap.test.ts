import type { NodeEvent } from '../../src/shared/contract/events'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  IPC_EVENT_ACK_CHANNEL,
  IPC_EVENT_CHANNEL,
  IPC_EVENTS_RESUMED_CHANNEL,
  IPC_REQUEST_CHANNEL,
  IPC_SAVE_EXPORT_CHANNEL,
  NEW_PAGE_SEQ,
  type IpcEventEnvelope
} from '../../src/shared/bridge'
import { fakeElectron, FakeContents, ROOT, type FakeElectron } from '../support/fake-electron'
import { startFakeLlm } from '../support/fake-llm'
import { createJobBody, provider } from '../support/fixtures'
import { DEFAULT_JOB_CONFIG } from '../../src/shared/contract/job'
import { tempDir } from '../support/node'

/*
 * The Electron binary cannot exist on these machines, so the built main process
 * (out/main/index.js) runs here against a stand-in `electron` module (test/support/fake-electron.ts)
 * that records what the bootstrap asks of Electron. Everything behind it (store, router, IPC
 * binding, the app:// protocol handler) is real.
 */

let dir: string
let cleanup: () => void
let desktop: FakeElectron

beforeAll(async () => {
  ;({ dir, cleanup } = tempDir('nodedesk-electron-'))
  process.env.NODEDESK_DATA_DIR = dir
  process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173/' // honoured only when not packaged
  desktop = fakeElectron({ userData: dir, isPackaged: true })
  await desktop.load()
  // Ready once the bootstrap has wired the node and opened its window (the window comes last).
  await vi.waitFor(() => expect(desktop.record.windows).toHaveLength(1), { timeout: 5000 })
})
afterAll(async () => {
  await desktop.quit()
  delete process.env.NODEDESK_DATA_DIR
  delete process.env.ELECTRON_RENDERER_URL
  cleanup()
})

const rendererUrl = () => desktop.record.windows[0]!.loadedUrl
const ipc = (sender: FakeContents, frameUrl: string, payload: unknown) =>
  desktop.record.ipcHandlers.get(IPC_REQUEST_CHANNEL)!({ sender, senderFrame: { url: frameUrl } }, payload) as Promise<{
    status: number
    body: Uint8Array
  }>
const json = <T = unknown>(r: { body: Uint8Array }) => JSON.parse(new TextDecoder().decode(r.body)) as T
const appGet = (url: string, method = 'GET') => desktop.record.protocolHandlers.get('app')!(new Request(url, { method }))

describe('Electron bootstrap (built main process, stand-in electron module)', () => {
  it('opens one window: context isolation, sandbox, no Node, web security, our preload, our renderer from app://', () => {
    expect(desktop.record.windows).toHaveLength(1)
    const prefs = desktop.record.windows[0]!.options.webPreferences
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false
    })
    expect(String(prefs.preload)).toMatch(/out[\\/]preload[\\/]index\.js$/)
    // Packaged: ELECTRON_RENDERER_URL is ignored, and nothing is loaded from file://.
    expect(rendererUrl()).toBe('app://nodedesk/index.html')
    expect(desktop.record.privilegedSchemes).toEqual([
      // codeCache: the window's compiled scripts are kept between starts (only on a standard scheme).
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }) }
    ])
  })

  it('the app:// protocol serves the built renderer with the CSP header, and nothing outside it', async () => {
    const index = await appGet('app://nodedesk/index.html')
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(index.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'self'/)
    expect(await index.text()).toContain('<div id="root">')
    const asset = readdirSync(join(ROOT, 'out/renderer/assets')).find((f) => f.endsWith('.js'))!
    const js = await appGet(`app://nodedesk/assets/${asset}`)
    expect(js.status).toBe(200)
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    for (const escape of [
      'app://nodedesk/..%2F..%2Fpackage.json',
      'app://nodedesk/%2e%2e/%2e%2e/package.json',
      'app://nodedesk/assets/..%2F..%2F..%2Fpackage.json',
      'app://nodedesk/..%5C..%5Cpackage.json',
      'app://nodedesk/index.html%00.js',
      'app://nodedesk/assets',
      'app://other-host/index.html'
    ]) {
      const res = await appGet(escape)
      expect(`${escape} ${res.status}`).toBe(`${escape} 404`)
    }
    expect((await appGet('app://nodedesk/index.html', 'POST')).status).toBe(404)
  })

  it('denies new windows; an http(s) link opens in the browser only after the user confirms the full address', async () => {
    const handler = desktop.record.windows[0]!.webContents.windowOpenHandler!
    const link = 'https://example.org/docs?q=1#part'
    desktop.options.messageBoxResponse = 1 // Cancel
    expect(handler({ url: link })).toEqual({ action: 'deny' })
    await vi.waitFor(() => expect(desktop.record.messageBoxes).toHaveLength(1), { timeout: 5000 })
    expect(desktop.record.messageBoxes[0]).toMatchObject({
      detail: link,
      buttons: ['Open in browser', 'Cancel'],
      cancelId: 1,
      defaultId: 1
    })
    expect(desktop.record.openedExternally).toEqual([])

    desktop.options.messageBoxResponse = 0 // Open in browser
    expect(handler({ url: link })).toEqual({ action: 'deny' })
    await vi.waitFor(() => expect(desktop.record.openedExternally).toEqual([link]), { timeout: 5000 })

    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'app://nodedesk/index.html', 'not a url']) {
      expect(handler({ url })).toEqual({ action: 'deny' })
    }
    await new Promise((r) => setTimeout(r, 20))
    expect(desktop.record.messageBoxes).toHaveLength(2) // no dialog for what is never opened
    expect(desktop.record.openedExternally).toEqual([link])
  })

  it('blocks navigation away from the renderer (an http(s) target goes through the same confirmation)', async () => {
    let prevented = 0
    const event = { preventDefault: () => prevented++ }
    const contents = desktop.record.windows[0]!.webContents
    desktop.options.messageBoxResponse = 1
    contents.emit('will-navigate', event, 'https://evil.example/')
    contents.emit('will-navigate', event, 'file:///tmp/other.html')
    contents.emit('will-navigate', event, 'app://other/index.html')
    expect(prevented).toBe(3)
    await vi.waitFor(() => expect(desktop.record.messageBoxes.at(-1)).toMatchObject({ detail: 'https://evil.example/' }), {
      timeout: 5000
    })
    contents.emit('will-navigate', event, `${rendererUrl()}#/providers`)
    expect(prevented).toBe(3)
  })

  it("denies every permission request, check and device but our own window's clipboard writes, and sends a strict CSP with every response", () => {
    let granted: boolean | undefined
    desktop.record.permissionHandler!({}, 'media', (g: boolean) => (granted = g), { requestingUrl: rendererUrl() })
    expect(granted).toBe(false)
    // Checks too (asked without a prompt, e.g. navigator.permissions.query or before reading the
    // clipboard), and devices (HID, serial, USB): Electron grants those when no handler is set.
    for (const permission of ['clipboard-read', 'media', 'notifications', 'hid', 'serial', 'usb']) {
      expect([permission, desktop.record.permissionCheckHandler?.({}, permission, 'app://nodedesk', {})]).toEqual([permission, false])
    }
    expect(desktop.record.devicePermissionHandler?.({ deviceType: 'hid', origin: 'app://nodedesk', device: {} })).toBe(false)
    // But one: our own window writes to the clipboard (an answer's Copy); no other page does.
    const write = (url: string) => {
      let grantedHere: boolean | undefined
      desktop.record.permissionHandler!({}, 'clipboard-sanitized-write', (g: boolean) => (grantedHere = g), { requestingUrl: url })
      return [
        grantedHere,
        desktop.record.permissionCheckHandler?.({}, 'clipboard-sanitized-write', new URL(url).origin, { requestingUrl: url })
      ]
    }
    expect(write(`${rendererUrl()}#/inboxes`)).toEqual([true, true])
    expect(write('https://evil.example/')).toEqual([false, false])
    expect(write('app://other/index.html')).toEqual([false, false])
    let headers: Record<string, string[]> = {}
    desktop.record.headersHandler!(
      { responseHeaders: { 'X-Other': ['1'] } },
      (r: { responseHeaders: Record<string, string[]> }) => (headers = r.responseHeaders)
    )
    expect(headers['X-Other']).toEqual(['1'])
    expect(headers['Content-Security-Policy']![0]).toMatch(/default-src 'none'; script-src 'self'/)
  })

  it('answers its own renderer over IPC with the real router, refuses anyone else, and forwards events to the window', async () => {
    const own = desktop.record.windows[0]!.webContents
    const health = await ipc(own, rendererUrl(), { method: 'GET', path: '/v2/health_check' })
    expect(health.status).toBe(200)
    expect(json(health)).toMatchObject({ status: 'ok', node_name: '@@localhost.sep-shinkai' })

    const stranger = new FakeContents()
    const refused = await ipc(stranger, rendererUrl(), { method: 'POST', path: '/v2/add_llm_provider', body: provider('evil') })
    expect(refused.status).toBe(403)
    for (const frame of ['https://evil.example/', 'app://evil/index.html', 'other://nodedesk/index.html', 'http://localhost:5173/']) {
      const foreignFrame = await ipc(own, frame, { method: 'POST', path: '/v2/add_llm_provider', body: provider('evil') })
      expect(`${frame} ${foreignFrame.status}`).toBe(`${frame} 403`)
    }

    const added = await ipc(own, 'app://nodedesk/index.html#/providers', {
      method: 'POST',
      path: '/v2/add_llm_provider',
      body: provider('gpt', { api_key: 'sk-desktop' })
    })
    expect(json(added)).toBe('Successfully added LLM provider')
    expect(own.sent).toContainEqual([
      IPC_EVENT_CHANNEL,
      { seq: expect.any(Number), json: JSON.stringify({ type: 'provider_changed', data: { id: 'gpt' } }) }
    ])
    const listed = json<{ id: string }[]>(await ipc(own, rendererUrl(), { method: 'GET', path: '/v2/available_llm_providers' }))
    expect(listed.map((p) => p.id)).toEqual(['gpt'])
    expect(JSON.stringify(listed)).not.toContain('sk-desktop')
  })

  it('reads a body sent as JSON text as HTTP does: a whole number past 2^53 kept digit for digit, bad text refused', async () => {
    const own = desktop.record.windows[0]!.webContents
    const BIG = '12345678901234567890'
    await ipc(own, rendererUrl(), { method: 'POST', path: '/v2/add_llm_provider', body: provider('exact') })
    const created = await ipc(own, rendererUrl(), {
      method: 'POST',
      path: '/v2/create_job',
      bodyJson: JSON.stringify(createJobBody('exact'))
    })
    expect(created.status, new TextDecoder().decode(created.body)).toBe(200)
    const jobId = json<{ job_id: string }>(created).job_id
    const config = { ...DEFAULT_JOB_CONFIG, other_model_params: { seed_of_record: 'BIG' } }
    const bodyJson = JSON.stringify({ job_id: jobId, config }).replace('"BIG"', BIG)
    expect((await ipc(own, rendererUrl(), { method: 'POST', path: '/v2/update_job_config', bodyJson })).status).toBe(200)
    const inbox = await ipc(own, rendererUrl(), {
      method: 'GET',
      path: '/v2/get_inbox',
      query: { inbox_name: `job_inbox::${jobId}::false` }
    })
    expect(new TextDecoder().decode(inbox.body)).toContain(`"other_model_params":{"seed_of_record":${BIG}}`)
    const bad = await ipc(own, rendererUrl(), { method: 'POST', path: '/v2/update_job_config', bodyJson: '{"job_id":' })
    expect(bad.status).toBe(400)
  })

  it('stops sending events to a window that handles none (past 8 MiB), and tells it to read again once it catches up; acknowledgements count from its own page only', async () => {
    const own = desktop.record.windows[0]!.webContents
    const ack = (sender: FakeContents, frameUrl: string, seq: number) =>
      desktop.record.ipcListeners.get(IPC_EVENT_ACK_CHANNEL)!({ sender, senderFrame: { url: frameUrl } }, { seq })
    ack(own, rendererUrl(), NEW_PAGE_SEQ) // the page subscribes
    const events = () =>
      own.sent
        .filter(([c]) => c === IPC_EVENT_CHANNEL)
        .map(([, p]) => p as IpcEventEnvelope)
        .map((e) => ({ seq: e.seq, event: JSON.parse(e.json) as NodeEvent }))
    const before = events().length
    // Answers of 1 MiB streamed while the window is frozen: over 8 MiB of deltas in all.
    const llm = await startFakeLlm()
    llm.behaviour = { type: 'reply', chunks: Array.from({ length: 10 }, (_, i) => `${i}${'a'.repeat(100_000)}`) }
    await ipc(own, rendererUrl(), {
      method: 'POST',
      path: '/v2/add_llm_provider',
      body: provider('streamer', { external_url: llm.url, api_key: 'k' })
    })
    const job = json<{ job_id: string }>(
      await ipc(own, rendererUrl(), { method: 'POST', path: '/v2/create_job', body: createJobBody('streamer') })
    )
    const questions = 12
    for (let i = 0; i < questions; i++) {
      const r = await ipc(own, rendererUrl(), {
        method: 'POST',
        path: '/v2/job_message',
        body: { job_id: job.job_id, content: `question ${i}` }
      })
      expect(r.status).toBe(200)
    }
    const inbox = `job_inbox::${job.job_id}::false`
    await vi.waitFor(
      async () => {
        const last = json<{ job_message: { content: string } }[]>(
          await ipc(own, rendererUrl(), { method: 'POST', path: '/v2/last_messages', body: { inbox_name: inbox, limit: 2 * questions } })
        )
        expect(last).toHaveLength(2 * questions)
      },
      { timeout: 30_000, interval: 100 }
    )
    await llm.close()
    const sent = events().slice(before)
    expect(sent.length).toBeGreaterThan(0)
    expect(sent.reduce((n, e) => n + JSON.stringify(e.event).length, 0)).toBeLessThanOrEqual(8 * 1024 * 1024)
    expect(sent.filter((e) => e.event.type === 'message_delta').length).toBeLessThan(10 * questions)
    // Another page's acknowledgement does not count for this window.
    ack(own, 'https://evil.example/', sent.at(-1)!.seq)
    expect(own.sent.filter(([c]) => c === IPC_EVENTS_RESUMED_CHANNEL)).toHaveLength(0)
    ack(own, rendererUrl(), sent.at(-1)!.seq)
    expect(own.sent.filter(([c]) => c === IPC_EVENTS_RESUMED_CHANNEL)).toHaveLength(1)
    await ipc(own, rendererUrl(), { method: 'POST', path: '/v2/add_llm_provider', body: provider('after') })
    expect(events().at(-1)!.event).toEqual({ type: 'provider_changed', data: { id: 'after' } })
  })

  it('saves an inbox export where its window’s save dialog says, for its own window only', async () => {
    const own = desktop.record.windows[0]!.webContents
    const call = async (path: string, body: unknown) => json(await ipc(own, rendererUrl(), { method: 'POST', path, body }))
    await call('/v2/add_llm_provider', provider('saver'))
    const { job_id } = (await call('/v2/create_job', {
      llm_provider: 'saver',
      job_creation_info: { scope: { vector_fs_items: [], vector_fs_folders: [], local_vrkai: [], local_vrpack: [], network_folders: [] } }
    })) as { job_id: string }
    const inbox = `job_inbox::${job_id}::false`
    await call('/v2/update_smart_inbox_name', { inbox_name: inbox, custom_name: 'Desk notes' })
    const save = (sender: FakeContents, frameUrl: string) =>
      desktop.record.ipcHandlers.get(IPC_SAVE_EXPORT_CHANNEL)!(
        { sender, senderFrame: { url: frameUrl } },
        { inbox_name: inbox, format: 'markdown' }
      ) as Promise<{
        status: number
        body: unknown
      }>

    const target = join(dir, 'exported.md')
    desktop.options.savePath = target
    expect(await save(own, rendererUrl())).toEqual({ status: 200, body: { saved: true, path: target } })
    expect(desktop.record.saveDialogs).toHaveLength(1)
    expect(desktop.record.saveDialogs[0]!.parent).toBe(desktop.record.windows[0]) // a sheet of the window that asked
    expect(desktop.record.saveDialogs[0]!.options).toEqual({
      defaultPath: 'Desk notes.md',
      filters: [{ name: 'Markdown', extensions: ['md'] }]
    })
    expect(readFileSync(target, 'utf8')).toContain('Desk notes')

    const elsewhere = join(dir, 'stranger.md')
    desktop.options.savePath = elsewhere
    expect((await save(new FakeContents(), rendererUrl())).status).toBe(403)
    expect((await save(own, 'https://evil.example/')).status).toBe(403)
    expect(desktop.record.saveDialogs).toHaveLength(1)
    expect(existsSync(elsewhere)).toBe(false)
  })

  it('keeps its data in NODEDESK_DATA_DIR (else userData), sealing keys with the AES box when safeStorage would not really encrypt', () => {
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['nodedesk.sqlite', 'secret.key']))
    const bytes = readdirSync(dir)
      .map((f) => readFileSync(join(dir, f)).toString('latin1'))
      .join('')
    expect(bytes).not.toContain('sk-desktop')
  })
})

describe('the built renderer page', () => {
  it('has the CSP meta tag first in <head>, before any script or stylesheet', () => {
    const html = readFileSync(join(ROOT, 'out/renderer/index.html'), 'utf8')
    const head = /<head>([\s\S]*?)<\/head>/.exec(html)![1]!
    const firstTag = /<[a-z][^>]*>/i.exec(head)![0]
    expect(firstTag).toMatch(/^<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;/)
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'))
  })
})
