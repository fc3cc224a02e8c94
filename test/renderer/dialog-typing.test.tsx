// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { askToConfirm, holdDialogs, openDialog, releaseDialogs } from '../../src/renderer/src/app/confirm'
import { useInboxActions } from '../../src/renderer/src/features/inboxes/inbox-actions'
import { toRow } from '../../src/renderer/src/features/inboxes/inbox-rows'
import { InboxRow } from '../../src/renderer/src/features/inboxes/InboxRow'
import type { Inbox } from '../../src/shared/contract/inbox'
import { addProvider, createJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

/*
 * Rename chosen in a row's menu before the dialogs' code has loaded (it loads after the window's first
 * paint), and the new name typed at once: the dialog waits for its provider, and the keys went to the
 * row's link meanwhile, and were lost. They are held and typed into the dialog's field as it opens.
 * Real in-process node; the provider's wait is confirm.ts's own (holdDialogs, then releaseDialogs as
 * the dialogs' code arrives).
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let inbox: Inbox

beforeEach(async () => {
  const id = `job_inbox::${await createJob(node, 'gpt')}::false`
  await node.post('/v2/update_smart_inbox_name', { inbox_name: id, custom_name: 'Lease talk' })
  inbox = (await node.get('/v2/get_inbox', { inbox_name: id })).body as Inbox
})
afterEach(() => {
  releaseDialogs()
  cleanup()
})

function Row() {
  const actions = useInboxActions()
  return <InboxRow row={toRow(inbox)} now={Date.now()} actions={actions} />
}

/**
 * A key as the browser takes it, a task of its own: to the element with the focus, writing in a text
 * field unless its keydown was cancelled; Enter on a button or a link clicks it. Then the microtasks it queued.
 */
async function key(k: string, init: { shiftKey?: boolean } = {}) {
  const target = document.activeElement ?? document.body
  const typed = fireEvent.keyDown(target, { key: k, ...init })
  if (typed && k === 'Enter' && (target.tagName === 'BUTTON' || target.tagName === 'A')) fireEvent.click(target)
  if (typed && [...k].length === 1 && target instanceof HTMLInputElement) {
    const at = target.selectionEnd ?? target.value.length
    fireEvent.change(target, { target: { value: target.value.slice(0, target.selectionStart ?? at) + k + target.value.slice(at) } })
  }
  await Promise.resolve()
}

async function chooseRename() {
  renderWithApp(<Row />, routerTransport(node.router))
  // The menu's own code is loaded once the list is shown.
  await import('../../src/renderer/src/features/inboxes/InboxRowMenu')
  await new Promise((r) => setTimeout(r, 20))
  const row = screen.getByTestId('inbox-row')
  act(() => row.focus())
  // The dialogs' provider does not listen yet (its code still loading).
  holdDialogs()
  await act(async () => {
    await key('F10', { shiftKey: true })
    expect(document.activeElement?.textContent).toBe('Rename')
    await key('Enter')
  })
  expect(screen.queryByRole('dialog')).toBeNull()
}

it('a name typed at once after choosing Rename goes into the dialog’s field once it opens', async () => {
  await chooseRename()
  await act(async () => {
    await key('x')
    await key('Backspace')
    for (const k of ' 2026') await key(k)
  })
  act(() => releaseDialogs())
  const dialog = await screen.findByRole('dialog', { name: 'Rename “Lease talk”' })
  const field = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' })
  await waitFor(() => expect(document.activeElement).toBe(field))
  expect(field.value).toBe('Lease talk 2026')
  // Typing goes on there as usual.
  await act(() => key('!'))
  expect(field.value).toBe('Lease talk 2026!')
})

it('Enter typed after the name renames once the dialog opens, and does not open the conversation from the row', async () => {
  await chooseRename()
  const row = screen.getByTestId('inbox-row')
  let followed = 0
  row.addEventListener('click', (e) => {
    followed++
    e.preventDefault()
  })
  await act(async () => {
    for (const k of ' 2026') await key(k)
    await key('Enter')
  })
  act(() => releaseDialogs())
  await waitFor(async () =>
    expect(((await node.get('/v2/get_inbox', { inbox_name: inbox.inbox_id })).body as Inbox).custom_name).toBe('Lease talk 2026')
  )
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(followed).toBe(0)
})

it('Escape pressed while the dialog waits: it does not open, and the keys after it go where the focus is', async () => {
  await chooseRename()
  await act(() => key('Escape'))
  act(() => releaseDialogs())
  await new Promise((r) => setTimeout(r, 20))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(document.activeElement).toBe(screen.getByTestId('inbox-row'))
  expect(fireEvent.keyDown(document.activeElement!, { key: 'a' })).toBe(true)
})

it('Escape pressed while a confirmation waits: the one who asked is told it was cancelled (a drag’s move is not left waiting)', async () => {
  const told: string[] = []
  holdDialogs()
  askToConfirm({
    title: 'Move it?',
    labels: { confirm: 'Move', cancel: 'Cancel' },
    onConfirm: () => told.push('confirm'),
    onCancel: () => told.push('cancel'),
    onClose: () => told.push('close')
  })
  openDialog({ title: 'Rename', children: null, onClose: () => told.push('dialog closed') })
  await act(() => key('Escape'))
  act(() => releaseDialogs())
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(told).toEqual(['cancel', 'close', 'dialog closed'])
})
