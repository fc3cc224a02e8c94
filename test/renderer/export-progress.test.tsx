// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { notificationsStore } from '@mantine/notifications'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { useInboxActions, type InboxActions } from '../../src/renderer/src/features/inboxes/inbox-actions'
import { toRow } from '../../src/renderer/src/features/inboxes/inbox-rows'
import type { BridgeRequest } from '../../src/shared/bridge'
import type { Inbox } from '../../src/shared/contract/inbox'
import { addProvider, createJob, useTestNode } from '../support/node'
import { objectBridgeTransport } from './object-bridge'
import { renderWithApp } from './render'

/*
 * Exporting a long conversation takes seconds (the node's export read), and nothing was shown until the
 * download: the operator clicked Export again and got two files. While an export is prepared a notice
 * says so; it goes as the download starts, or becomes the reason it failed; a second Export of the same
 * conversation meanwhile starts nothing; another conversation's export is not held up.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let actions: InboxActions
let budget: string
let travel: string
/** The export requests the window made, each held until its `release`. */
let asked: { inbox: string; release: () => void }[]
let downloads: string[]

async function conversation(name: string) {
  const jobId = await createJob(node, 'gpt')
  const inboxId = `job_inbox::${jobId}::false`
  await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxId, custom_name: name })
  return inboxId
}

beforeEach(async () => {
  budget = await conversation('Budget review')
  travel = await conversation('Travel plans')
  asked = []
  downloads = []
  // The browser's download: the file's link is clicked, its name recorded, nothing saved.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/export')
  document.addEventListener('click', recordDownload)
  const transport = objectBridgeTransport({
    request: async (req: BridgeRequest) => {
      if (req.path === '/v2/export_messages_from_inbox') {
        await new Promise<void>((release) => asked.push({ inbox: (req.body as { inbox_name: string }).inbox_name, release }))
      }
      return node.router.handle(req)
    },
    onEvent: () => () => {}
  })
  renderWithApp(<Actions />, transport)
})
afterEach(() => {
  for (const a of asked) a.release()
  document.removeEventListener('click', recordDownload)
  vi.restoreAllMocks()
  cleanup()
  notificationsStore.setState((s) => ({ ...s, notifications: [], queue: [] }))
})
const recordDownload = (e: Event) => {
  const a = e.target as HTMLAnchorElement
  if (!a.download) return
  e.preventDefault()
  downloads.push(a.download)
}

function Actions() {
  actions = useInboxActions()
  return null
}

const rowOf = async (inboxId: string) => toRow((await node.get('/v2/get_inbox', { inbox_name: inboxId })).body as Inbox)
const exportOf = async (inboxId: string) => actions.exportAs(await rowOf(inboxId), 'markdown')

/** The notices asked to be shown (shown or queued): one is drawn a moment after it is asked. */
const notices = () => {
  const { notifications, queue } = notificationsStore.getState()
  return [...notifications, ...queue].map((n) => ({ title: n.title, message: n.message, loading: n.loading }))
}
/** Whether `call` ends within a second (an export held by the test does not). */
const endsSoon = (call: Promise<void>) =>
  Promise.race([call.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 1000))])
const PREPARING = 'Preparing export of “Budget review”…'

it('says the export is being prepared while it is, and the notice goes as the download starts', async () => {
  const done = exportOf(budget)
  await waitFor(() => expect(asked).toHaveLength(1))
  expect(await screen.findByText(PREPARING)).toBeTruthy()
  expect(notices()).toEqual([{ title: undefined, message: PREPARING, loading: true }])
  // It can be closed while it waits (a node that never answers would leave it for good); Export again shows it again.
  expect(notificationsStore.getState().notifications[0]?.withCloseButton).toBe(true)
  asked[0]!.release()
  await done
  expect(downloads).toEqual(['Budget review.md'])
  expect(notices()).toEqual([])
})

it('a second Export of the same conversation while one is prepared starts nothing: one request, one download', async () => {
  const first = exportOf(budget)
  await waitFor(() => expect(asked).toHaveLength(1))
  // Clicked again, then as JSON: both end at once, asking nothing of the node; the notice is shown.
  expect(await endsSoon(exportOf(budget))).toBe(true)
  expect(await endsSoon(actions.exportAs(await rowOf(budget), 'json'))).toBe(true)
  expect(notices().map((n) => n.message)).toEqual([PREPARING])
  expect(asked).toHaveLength(1)
  asked[0]!.release()
  await first
  expect(downloads).toEqual(['Budget review.md'])
  // Done: the next Export of it is a new one.
  const again = exportOf(budget)
  await waitFor(() => expect(asked).toHaveLength(2))
  asked[1]!.release()
  await again
  expect(downloads).toEqual(['Budget review.md', 'Budget review.md'])
})

it('another conversation’s export goes on while one is prepared, each with its notice', async () => {
  const first = exportOf(budget)
  await waitFor(() => expect(asked).toHaveLength(1))
  const second = exportOf(travel)
  await waitFor(() => expect(asked.map((a) => a.inbox)).toEqual([budget, travel]))
  expect(await screen.findByText('Preparing export of “Travel plans”…')).toBeTruthy()
  expect(screen.getByText(PREPARING)).toBeTruthy()
  asked[1]!.release()
  await second
  expect(downloads).toEqual(['Travel plans.md'])
  expect(notices().map((n) => n.message)).toEqual([PREPARING])
  asked[0]!.release()
  await first
  expect(downloads).toEqual(['Travel plans.md', 'Budget review.md'])
})

it('an export that fails turns its notice into the reason, in the node’s words', async () => {
  const row = await rowOf(budget)
  const done = actions.exportAs(row, 'markdown')
  await waitFor(() => expect(asked).toHaveLength(1))
  await screen.findByText(PREPARING)
  // The conversation deleted while its export is prepared.
  expect((await node.post('/v2/remove_job', { job_id: budget.split('::')[1] })).status).toBe(200)
  asked[0]!.release()
  await done
  expect(downloads).toEqual([])
  expect(notices()).toEqual([{ title: 'Not exported', message: expect.stringContaining('no inbox'), loading: false }])
  // Not left under way: a new Export of it is asked of the node.
  const again = actions.exportAs(row, 'txt')
  await waitFor(() => expect(asked).toHaveLength(2))
  asked[1]!.release()
  await again
})
