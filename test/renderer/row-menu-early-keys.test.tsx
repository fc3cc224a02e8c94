// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { InboxActions } from '../../src/renderer/src/features/inboxes/inbox-actions'
import { toRow } from '../../src/renderer/src/features/inboxes/inbox-rows'
import { InboxRow } from '../../src/renderer/src/features/inboxes/InboxRow'
import type { Inbox } from '../../src/shared/contract/inbox'
import { addProvider, createJob, useTestNode } from '../support/node'
import { renderWithApp } from './render'

/*
 * Shift+F10 on a row before its menu's code has loaded (it loads once the list is shown, a task
 * later; on a slow first load, later still), and the menu's keys pressed at once: they went to the
 * row (Enter followed its link) and the menu then opened on its first item. They wait for the menu
 * and act in it. The menu's code is loaded once per test file (fresh modules each): this file holds one
 * test, which presses the keys before it has come. Escape pressed then is e2e/row-menu-early-keys.spec.ts's.
 */

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let inbox: Inbox

beforeEach(async () => {
  const id = `job_inbox::${await createJob(node, 'gpt')}::false`
  await node.post('/v2/update_smart_inbox_name', { inbox_name: id, custom_name: 'Lease talk' })
  inbox = (await node.get('/v2/get_inbox', { inbox_name: id })).body as Inbox
  window.location.hash = ''
})
afterEach(cleanup)

/** A key as the browser takes it: to the element with the focus; Enter on a button or a link clicks it. */
function key(k: string, init: { shiftKey?: boolean } = {}) {
  const target = document.activeElement ?? document.body
  if (fireEvent.keyDown(target, { key: k, ...init }) && k === 'Enter' && (target.tagName === 'BUTTON' || target.tagName === 'A'))
    fireEvent.click(target)
}

it('Shift+F10, ArrowDown and Enter pressed before the row menu’s code has loaded choose its second item (Pin), as if pressed after', async () => {
  const calls: string[] = []
  const none = () => Promise.resolve()
  const actions: InboxActions = {
    rename: (r) => void calls.push(`rename ${r.name}`),
    setPinned: (rows, pinned) => Promise.resolve(void calls.push(`pin ${rows.map((r) => r.name).join()} ${pinned}`)),
    setHidden: () => Promise.resolve(new Set()),
    exportAs: none,
    remove: () => {}
  }
  renderWithApp(<InboxRow row={toRow(inbox)} now={Date.now()} actions={actions} />)
  const row = screen.getByTestId('inbox-row')
  let followed = 0
  row.addEventListener('click', (e) => {
    followed++
    e.preventDefault()
  })
  // All three in the task the row was drawn in: the menu's code is not there yet.
  act(() => {
    row.focus()
    key('F10', { shiftKey: true })
    key('ArrowDown')
    key('Enter')
  })
  expect(screen.queryByRole('menu')).toBeNull()
  await waitFor(() => expect(calls).toEqual(['pin Lease talk true']))
  expect(followed).toBe(0)
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  // Closed, the focus goes back to the row.
  await waitFor(() => expect(document.activeElement).toBe(row))
})
