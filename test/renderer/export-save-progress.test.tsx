// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { notificationsStore } from '@mantine/notifications'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { saveExport } from '../../src/main/transports/save-export'
import { useInboxActions, type InboxActions } from '../../src/renderer/src/features/inboxes/inbox-actions'
import { toRow } from '../../src/renderer/src/features/inboxes/inbox-rows'
import type { NodedeskBridge, SaveExportRequest } from '../../src/shared/bridge'
import type { Inbox } from '../../src/shared/contract/inbox'
import { addProvider, createJob, tempDir, useTestNode } from '../support/node'
import { objectBridgeTransport } from './object-bridge'
import { renderWithApp } from './render'

/*
 * In the desktop app an export goes through the save dialog. "Preparing export of …" came up 300 ms after
 * the click and stayed the whole time the operator was choosing a place in the dialog, when nothing was
 * under way. Now nothing is shown while the dialog is open (nor after a Cancel); once a place is chosen
 * and the file is written, "Saving “name”…" is shown if that takes a while; errors are shown as before.
 *
 * The bridge stand-in runs the main process's real save (real node, real files in a temp dir) with the
 * dialog answered by the test; the preload's "writing" message is its `onWriting` call, and the save's
 * answer is held by the test as a long file's writing would hold it.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let actions: InboxActions
let budget: string
let out: ReturnType<typeof tempDir>
/** The save dialogs open, each answered with a path or Cancel (undefined) by the test. */
let dialogs: ((path: string | undefined) => void)[]
/** Saves whose place is chosen and whose file is being written, each held until the test releases it. */
let writing: (() => void)[]

beforeEach(async () => {
  const jobId = await createJob(node, 'gpt')
  budget = `job_inbox::${jobId}::false`
  await node.post('/v2/update_smart_inbox_name', { inbox_name: budget, custom_name: 'Budget review' })
  out = tempDir()
  dialogs = []
  writing = []
  const bridge: Pick<NodedeskBridge, 'saveExport'> = {
    saveExport: async (req: SaveExportRequest, onWriting?: () => void) => {
      let written: Promise<void> | undefined
      const reply = await saveExport(
        node,
        req,
        () => new Promise<string | undefined>((answer) => dialogs.push(answer)),
        () => {
          written = new Promise<void>((release) => writing.push(release))
          onWriting?.()
        }
      )
      await written
      return reply
    }
  }
  Object.defineProperty(window, 'nodedesk', { value: bridge, configurable: true })
  const transport = objectBridgeTransport({ request: (req) => node.router.handle(req), onEvent: () => () => {} })
  renderWithApp(<Actions />, transport)
})
afterEach(() => {
  for (const answer of dialogs) answer(undefined)
  for (const release of writing) release()
  Reflect.deleteProperty(window, 'nodedesk')
  cleanup()
  notificationsStore.setState((s) => ({ ...s, notifications: [], queue: [] }))
  out.cleanup()
})

function Actions() {
  actions = useInboxActions()
  return null
}

const exportBudget = async () =>
  actions.exportAs(toRow((await node.get('/v2/get_inbox', { inbox_name: budget })).body as Inbox), 'markdown')
/** The notices asked to be shown (shown or queued): one is drawn a moment after it is asked. */
const notices = () => {
  const { notifications, queue } = notificationsStore.getState()
  return [...notifications, ...queue].map((n) => ({ title: n.title, message: n.message, loading: n.loading }))
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const SAVING = 'Saving “Budget review”…'

it('shows nothing while the save dialog is open; "Saving…" once a place is chosen and the file takes a while; then where it went', async () => {
  const done = exportBudget()
  await waitFor(() => expect(dialogs).toHaveLength(1))
  // The operator takes their time choosing: well past the notice's 300 ms, nothing is shown.
  await sleep(800)
  expect(notices()).toEqual([])
  const target = join(out.dir, 'budget.md')
  dialogs[0]!(target)
  await waitFor(() => expect(writing).toHaveLength(1))
  expect(await screen.findByText(SAVING)).toBeTruthy()
  expect(notices()).toEqual([{ title: undefined, message: SAVING, loading: true }])
  expect(notificationsStore.getState().notifications[0]?.withCloseButton).toBe(true)
  writing[0]!()
  await done
  expect(notices()).toEqual([{ title: undefined, message: `Saved to ${target}`, loading: undefined }])
  expect(readFileSync(target, 'utf8')).toContain('# Budget review')
})

it('a save written at once shows only where it went; a cancelled dialog shows nothing at all', async () => {
  const quick = exportBudget()
  await waitFor(() => expect(dialogs).toHaveLength(1))
  await sleep(500)
  expect(notices()).toEqual([]) // the dialog is open: nothing is under way
  const target = join(out.dir, 'quick.md')
  dialogs[0]!(target)
  await waitFor(() => expect(writing).toHaveLength(1))
  writing[0]!()
  await quick
  expect(notices()).toEqual([{ title: undefined, message: `Saved to ${target}`, loading: undefined }])
  notificationsStore.setState((s) => ({ ...s, notifications: [], queue: [] }))

  const cancelled = exportBudget()
  await waitFor(() => expect(dialogs).toHaveLength(2))
  await sleep(500)
  expect(notices()).toEqual([]) // the dialog is open: nothing is under way
  dialogs[1]!(undefined)
  await cancelled
  await sleep(400)
  expect(notices()).toEqual([])
  expect(writing).toHaveLength(1)
})

it('a place that cannot be written to says so, in the main process’s words, and leaves nothing', async () => {
  const done = exportBudget()
  await waitFor(() => expect(dialogs).toHaveLength(1))
  await sleep(500)
  expect(notices()).toEqual([]) // the dialog is open: nothing is under way
  const target = join(out.dir, 'missing-folder', 'budget.md')
  dialogs[0]!(target)
  await waitFor(() => expect(writing).toHaveLength(1))
  await screen.findByText(SAVING)
  writing[0]!()
  await done
  expect(notices()).toEqual([
    { title: 'Not exported', message: expect.stringContaining(`could not be written to ${target}`), loading: false }
  ])
  expect(existsSync(target)).toBe(false)
})
