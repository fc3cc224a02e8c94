import type { IpcMainInvokeEvent } from 'electron'
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { IPC_SAVE_EXPORT_CHANNEL, IPC_SAVE_EXPORT_WRITING_CHANNEL } from '../../src/shared/bridge'
import { bindSaveExport, type IpcMainLike, type ShowSaveDialog } from '../../src/main/transports/ipc'
import { saveExport, type SaveExportReply } from '../../src/main/transports/save-export'
import { addProvider, createJob, expectError, tempDir, useTestNode } from '../support/node'

/*
 * The desktop app's "Save as…" for an export: the main process reads the export through the real
 * router, asks where with the save dialog (a stand-in here: the Electron binary cannot exist on these
 * machines) and writes the file itself. Real node, real files in a temp dir.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })

async function inboxWithHistory(name: string) {
  const jobId = await createJob(node, 'gpt')
  const inbox = `job_inbox::${jobId}::false`
  await node.post('/v2/update_smart_inbox_name', { inbox_name: inbox, custom_name: name })
  await node.post('/v2/job_message', { job_id: jobId, content: 'When is the lease renewal? "quoted" ünïcode 🚀' })
  return inbox
}

/** Runs `use` with a fresh temp folder, removed afterwards whatever happens. */
async function inTempDir(use: (dir: string) => Promise<void>) {
  const out = tempDir()
  try {
    await use(out.dir)
  } finally {
    out.cleanup()
  }
}

/** Saves `inbox` as Markdown to `path` (the operator's choice in the dialog); the save must succeed there. */
async function expectSavedAsMarkdown(inbox: string, path: string) {
  expect(await saveExport(node, { inbox_name: inbox, format: 'markdown' }, () => Promise.resolve(path))).toEqual({
    status: 200,
    body: { saved: true, path }
  })
}

function fakeIpcMain() {
  const handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>()
  const ipc: IpcMainLike = { handle: (c, l) => void handlers.set(c, l), removeHandler: (c) => void handlers.delete(c) }
  return { ipc, handlers }
}

/** A save dialog that records what it was asked and answers `answer` (a path, or undefined for Cancel). */
function recordingDialog(answer: string | undefined) {
  const asked: { event: IpcMainInvokeEvent; options: Parameters<ShowSaveDialog>[1] }[] = []
  const show: ShowSaveDialog = (event, options) => {
    asked.push({ event, options })
    return Promise.resolve(answer === undefined ? { canceled: true } : { canceled: false, filePath: answer })
  }
  return { asked, show }
}

/** A window's invoke event: what is sent to that window is recorded, with whatever `onSend` says at the moment. */
function windowEvent(id: number, onSend: () => unknown = () => undefined) {
  const sent: { channel: string; message: unknown; then: unknown }[] = []
  const state = { destroyed: false }
  const sender = {
    id,
    isDestroyed: () => state.destroyed,
    send: (channel: string, message: unknown) => void sent.push({ channel, message, then: onSend() })
  }
  return { event: { sender } as unknown as IpcMainInvokeEvent, sent, state }
}
const OURS = windowEvent(1).event
const trusted = (e: IpcMainInvokeEvent) => (e.sender as unknown as { id: number }).id === 1

describe('saving an export through the save dialog (main process)', () => {
  it('suggests the inbox name with the format’s extension and filter, and writes exactly the node’s export there', async () => {
    const inbox = await inboxWithHistory('Lease: talk')
    await inTempDir(async (dir) => {
      for (const [format, ext, filterName] of [
        ['json', 'json', 'JSON'],
        ['markdown', 'md', 'Markdown'],
        ['txt', 'txt', 'Text']
      ] as const) {
        const { ipc, handlers } = fakeIpcMain()
        const target = join(dir, `chosen.${ext}`)
        const dialog = recordingDialog(target)
        bindSaveExport(ipc, node, trusted, dialog.show)
        const reply = (await handlers.get(IPC_SAVE_EXPORT_CHANNEL)!(OURS, { inbox_name: inbox, format })) as SaveExportReply
        expect(reply).toEqual({ status: 200, body: { saved: true, path: target } })
        expect(dialog.asked).toHaveLength(1)
        expect(dialog.asked[0]!.event).toBe(OURS) // shown for the window that asked
        expect(dialog.asked[0]!.options).toEqual({ defaultPath: `Lease_ talk.${ext}`, filters: [{ name: filterName, extensions: [ext] }] })
        const expected = (await node.post('/v2/export_messages_from_inbox', { inbox_name: inbox, format })).body as { content: string }
        expect(readFileSync(target, 'utf8')).toBe(expected.content)
      }
      const history = (await node.post('/v2/last_messages', { inbox_name: inbox, limit: 500 })).body
      expect(JSON.parse(readFileSync(join(dir, 'chosen.json'), 'utf8'))).toEqual(history)
    })
  })

  it('a long history is streamed to the file whole and in order, exactly as the API exports it', async () => {
    const jobId = await createJob(node, 'gpt')
    const inbox = `job_inbox::${jobId}::false`
    for (let i = 0; i < 300; i++) await node.post('/v2/job_message', { job_id: jobId, content: `message ${i} ${'é"\\\n'.repeat(50)}` })
    await inTempDir(async (dir) => {
      for (const format of ['json', 'markdown'] as const) {
        const target = join(dir, `long.${format}`)
        const reply = await saveExport(node, { inbox_name: inbox, format }, () => Promise.resolve(target))
        expect(reply).toEqual({ status: 200, body: { saved: true, path: target } })
        const expected = (await node.post('/v2/export_messages_from_inbox', { inbox_name: inbox, format })).body as { content: string }
        expect(readFileSync(target, 'utf8')).toBe(expected.content)
      }
      const all = JSON.parse(readFileSync(join(dir, 'long.json'), 'utf8')) as { job_message: { content: string } }[]
      expect(all.map((m) => m.job_message.content.split(' ')[1])).toEqual(Array.from({ length: 300 }, (_, i) => String(i)))
    })
  })

  it('replaces a file that was there; an inbox removed while the dialog was open answers 404 and leaves that file as it was', async () => {
    const inbox = await inboxWithHistory('Replace me')
    await inTempDir(async (dir) => {
      const target = join(dir, 'existing.md')
      writeFileSync(target, 'precious')
      await expectSavedAsMarkdown(inbox, target)
      expect(readFileSync(target, 'utf8')).toContain('# Replace me')

      writeFileSync(target, 'precious')
      const jobId = inbox.split('::')[1]!
      const reply = await saveExport(node, { inbox_name: inbox, format: 'markdown' }, async () => {
        expect((await node.post('/v2/remove_job', { job_id: jobId })).status).toBe(200)
        return target
      })
      expectError(reply, 404, 'inbox_name')
      expect(readFileSync(target, 'utf8')).toBe('precious')
      expect(readdirSync(dir)).toEqual(['existing.md']) // no partial file left beside it
    })
  })

  it('through a link the operator chose, the file it points to is replaced and the link stays; a replaced file keeps its permissions', async () => {
    const inbox = await inboxWithHistory('Linked')
    await inTempDir(async (dir) => {
      mkdirSync(join(dir, 'real'))
      const real = join(dir, 'real', 'notes.md')
      writeFileSync(real, 'old')
      chmodSync(real, 0o600)
      const link = join(dir, 'link.md')
      symlinkSync(real, link)
      await expectSavedAsMarkdown(inbox, link)
      expect(lstatSync(link).isSymbolicLink()).toBe(true)
      expect(readFileSync(real, 'utf8')).toContain('# Linked')
      expect(statSync(real).mode & 0o777).toBe(0o600)
      expect(readdirSync(join(dir, 'real'))).toEqual(['notes.md'])
    })
  })

  it('through a link to a file not there yet, that file is created and the link stays', async () => {
    const inbox = await inboxWithHistory('Dangling')
    await inTempDir(async (dir) => {
      mkdirSync(join(dir, 'real'))
      const link = join(dir, 'latest.md')
      symlinkSync(join('real', 'next.md'), link)
      await expectSavedAsMarkdown(inbox, link)
      expect(lstatSync(link).isSymbolicLink()).toBe(true)
      expect(readFileSync(join(dir, 'real', 'next.md'), 'utf8')).toContain('# Dangling')
      expect(readdirSync(join(dir, 'real'))).toEqual(['next.md'])
    })
  })

  it('writes nothing when the operator cancels', async () => {
    const inbox = await inboxWithHistory('Cancelled')
    const dialog = recordingDialog(undefined)
    const reply = await saveExport(node, { inbox_name: inbox, format: 'txt' }, (name, filter) =>
      dialog.show(OURS, { defaultPath: name, filters: [filter] }).then((r) => (r.canceled ? undefined : r.filePath))
    )
    expect(reply).toEqual({ status: 200, body: { saved: false } })
    expect(dialog.asked).toHaveLength(1)
  })

  it('an unknown inbox or format answers the node’s error and never opens the dialog', async () => {
    const inbox = await inboxWithHistory('Known')
    const dialog = recordingDialog('/never/used')
    const choose = () => {
      dialog.asked.push({ event: OURS, options: { defaultPath: '', filters: [] } })
      return Promise.resolve(undefined)
    }
    expectError(await saveExport(node, { inbox_name: 'job_inbox::nope::false', format: 'json' }, choose), 404, 'inbox_name')
    expectError(await saveExport(node, { inbox_name: inbox, format: 'pdf' }, choose), 400, 'format')
    expectError(await saveExport(node, undefined, choose), 400)
    expect(dialog.asked).toHaveLength(0)
  })

  it('the window cannot name the file: a path in the request is ignored, only the dialog’s is written', async () => {
    const inbox = await inboxWithHistory('Sneaky')
    await inTempDir(async (dir) => {
      const wanted = join(dir, 'from-window.txt')
      const chosen = join(dir, 'from-dialog.txt')
      const reply = await saveExport(node, { inbox_name: inbox, format: 'txt', path: wanted, filename: wanted }, () =>
        Promise.resolve(chosen)
      )
      expect(reply).toEqual({ status: 200, body: { saved: true, path: chosen } })
      expect(existsSync(wanted)).toBe(false)
      expect(readFileSync(chosen, 'utf8')).toContain('When is the lease renewal?')
    })
  })

  it('a place it cannot write to answers 500 naming the path, and leaves nothing', async () => {
    const inbox = await inboxWithHistory('Nowhere')
    await inTempDir(async (dir) => {
      const target = join(dir, 'missing-folder', 'x.md')
      const reply = await saveExport(node, { inbox_name: inbox, format: 'markdown' }, () => Promise.resolve(target))
      expectError(reply, 500, target)
      expect(existsSync(target)).toBe(false)
      expect(readdirSync(dir)).toEqual([])
    })
  })

  it('refuses another sender before reading anything or opening the dialog', async () => {
    const inbox = await inboxWithHistory('Private')
    const { ipc, handlers } = fakeIpcMain()
    const dialog = recordingDialog('/tmp/should-not-exist.json')
    bindSaveExport(ipc, node, trusted, dialog.show)
    const stranger = windowEvent(2)
    const reply = (await handlers.get(IPC_SAVE_EXPORT_CHANNEL)!(stranger.event, {
      inbox_name: inbox,
      format: 'json',
      request_id: 1
    })) as SaveExportReply
    expectError(reply, 403, 'sender')
    expect(dialog.asked).toHaveLength(0)
    expect(stranger.sent).toEqual([])
  })
})

/*
 * The window said "Preparing export…" from the click on, the whole time the operator chose a place in the
 * dialog, when nothing was under way. The window that asked is now told, once, when the place is chosen
 * and writing begins; it shows its notice only from then.
 */
describe('telling the window that its save is being written', () => {
  const save = (event: IpcMainInvokeEvent, answer: string | undefined, payload: unknown, isTrusted = trusted) => {
    const { ipc, handlers } = fakeIpcMain()
    const dialog = recordingDialog(answer)
    bindSaveExport(ipc, node, isTrusted, dialog.show)
    return { dialog, reply: handlers.get(IPC_SAVE_EXPORT_CHANNEL)!(event, payload) as Promise<SaveExportReply> }
  }

  it('once the place is chosen, before the file is written, only to the window that asked, with its request id', async () => {
    const inbox = await inboxWithHistory('Told')
    await inTempDir(async (dir) => {
      const target = join(dir, 'told.md')
      let asked: unknown[] = []
      const ours = windowEvent(1, () => ({ dialogShown: asked.length, written: existsSync(target) }))
      const other = windowEvent(1)
      const { dialog, reply } = save(ours.event, target, { inbox_name: inbox, format: 'markdown', request_id: 7 })
      asked = dialog.asked
      expect(await reply).toEqual({ status: 200, body: { saved: true, path: target } })
      expect(ours.sent).toEqual([
        { channel: IPC_SAVE_EXPORT_WRITING_CHANNEL, message: { request_id: 7 }, then: { dialogShown: 1, written: false } }
      ])
      expect(other.sent).toEqual([])
      expect(readFileSync(target, 'utf8')).toContain('# Told')
    })
  })

  it('nothing when the dialog is cancelled, the inbox is unknown or the request is refused', async () => {
    const inbox = await inboxWithHistory('Untold')
    const cancelled = windowEvent(1)
    expect(await save(cancelled.event, undefined, { inbox_name: inbox, format: 'txt', request_id: 1 }).reply).toEqual({
      status: 200,
      body: { saved: false }
    })
    const unknown = windowEvent(1)
    expectError(await save(unknown.event, '/never/used', { inbox_name: 'job_inbox::nope::false', format: 'txt', request_id: 2 }).reply, 404)
    const invalid = windowEvent(1)
    expectError(await save(invalid.event, '/never/used', { inbox_name: inbox, format: 'pdf', request_id: 3 }).reply, 400)
    expect([...cancelled.sent, ...unknown.sent, ...invalid.sent]).toEqual([])
  })

  it('nothing to a window closed, or no longer on our page, by the time the place is chosen; nor for a request id that is not a number; the file is saved all the same', async () => {
    const inbox = await inboxWithHistory('Gone away')
    await inTempDir(async (dir) => {
      const closed = windowEvent(1)
      const closing: ShowSaveDialog = () => {
        closed.state.destroyed = true
        return Promise.resolve({ canceled: false, filePath: join(dir, 'a.txt') })
      }
      const { ipc, handlers } = fakeIpcMain()
      bindSaveExport(ipc, node, trusted, closing)
      expect(await handlers.get(IPC_SAVE_EXPORT_CHANNEL)!(closed.event, { inbox_name: inbox, format: 'txt', request_id: 1 })).toMatchObject(
        {
          status: 200
        }
      )

      let ourPage = true
      const navigated = windowEvent(1)
      const leaving = save(
        navigated.event,
        join(dir, 'b.txt'),
        { inbox_name: inbox, format: 'txt', request_id: 2 },
        (e) => ourPage && trusted(e)
      )
      ourPage = false
      expect(await leaving.reply).toMatchObject({ status: 200 })

      const odd = windowEvent(1)
      for (const request_id of [undefined, '3', 1.5, { x: 1 }]) {
        expect(await save(odd.event, join(dir, 'c.txt'), { inbox_name: inbox, format: 'txt', request_id }).reply).toMatchObject({
          status: 200
        })
      }
      expect([...closed.sent, ...navigated.sent, ...odd.sent]).toEqual([])
      expect(readdirSync(dir).sort()).toEqual(['a.txt', 'b.txt', 'c.txt'])
    })
  })
})
