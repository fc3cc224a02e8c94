// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { notificationsStore } from '@mantine/notifications'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { useInboxActions, type InboxActions } from '../../src/renderer/src/features/inboxes/inbox-actions'
import { toRow } from '../../src/renderer/src/features/inboxes/inbox-rows'
import { useStreaming } from '../../src/renderer/src/stores/streaming'
import type { Inbox } from '../../src/shared/contract/inbox'
import { addProvider, createJob, useFakeLlm, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

/*
 * An answer being written is stored when it is done, so an export made meanwhile holds the conversation
 * without it. It left it out without a word; the operator is told, and that exporting again once the
 * answer is done has it.
 */

const fake = useFakeLlm()
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt', { external_url: fake.url }) })
let inboxId: string
let actions: InboxActions

beforeEach(async () => {
  const jobId = await createJob(node, 'gpt')
  inboxId = `job_inbox::${jobId}::false`
  await node.post('/v2/update_smart_inbox_name', { inbox_name: inboxId, custom_name: 'Budget review' })
  // The browser's download: the export's file is made and clicked, not saved anywhere in a test.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/export')
  document.addEventListener('click', preventDownload)
})
afterEach(() => {
  document.removeEventListener('click', preventDownload)
  vi.restoreAllMocks()
  useStreaming.setState({ partial: {} })
  cleanup()
})
const preventDownload = (e: Event) => e.preventDefault()
const NOTICE = 'The answer still to come is not in this export'

function Actions() {
  actions = useInboxActions()
  return null
}

async function exportNow() {
  const inbox = (await node.get('/v2/get_inbox', { inbox_name: inboxId })).body as Inbox
  await actions.exportAs(toRow(inbox), 'markdown')
}

it('an export while an answer is being written says that answer is not in it', async () => {
  renderWithApp(<Actions />, routerTransport(node.router))
  // The window follows an answer being written, as its message_delta events have it do.
  useStreaming.getState().append(inboxId, 'question-hash', 'The first half of an ans')
  await exportNow()
  expect((await screen.findByText(NOTICE)).textContent).toBeTruthy()
  expect(screen.getByText('Export again once it has arrived to include it.')).toBeTruthy()
})

it('an export while a question waits for its answer to begin (a model still loading) says so too', async () => {
  fake.behaviour = { type: 'hang' }
  renderWithApp(<Actions />, routerTransport(node.router))
  const jobId = inboxId.split('::')[1]!
  expect((await node.post('/v2/job_message', { job_id: jobId, content: 'How much was spent in May?' })).status).toBe(200)
  await exportNow()
  expect(await screen.findByText(NOTICE)).toBeTruthy()
})

it('an export with no answer being written, or one already stored, says nothing of it', async () => {
  renderWithApp(<Actions />, routerTransport(node.router))
  await exportNow()
  useStreaming.getState().append(inboxId, 'question-hash', 'A whole answer.')
  useStreaming.getState().markStored(inboxId, 'question-hash', 'answer-hash')
  await exportNow()
  // What was asked to be shown (shown or queued), not what is drawn yet: a notice is drawn a moment later.
  const { notifications: shown, queue } = notificationsStore.getState()
  expect([...shown, ...queue].map((n) => n.title)).not.toContain(NOTICE)
})
