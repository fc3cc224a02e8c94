// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { NodeEvent } from '../../src/shared/contract/events'

/*
 * Unsent drafts live in the tab's sessionStorage as well as in the window. A conversation removed
 * (from any of its menus, the bulk delete, another window or a script) left its draft there for as
 * long as the tab lived, and nothing bounded how many were kept. Each test loads the modules afresh,
 * as a reload does; the storage is the tab's, kept across them.
 */

type Drafts = typeof import('../../src/renderer/src/stores/drafts')
const load = async (): Promise<Drafts> => {
  vi.resetModules()
  return import('../../src/renderer/src/stores/drafts')
}
const storedDrafts = () => Object.keys(sessionStorage).filter((k) => k.startsWith('nodedesk.draft:'))
const inbox = (i: number) => `job_inbox::jobid_${i}::false`

beforeEach(() => sessionStorage.clear())

let disconnect = () => {}
afterEach(() => disconnect())

it("an inbox removed elsewhere takes its draft with it, from the window and the tab's storage; the others stay", async () => {
  vi.resetModules()
  const { connectEvents } = await import('../../src/renderer/src/api/events')
  const { objectBridgeTransport } = await import('./object-bridge')
  const { draftOf, keepDraft } = await import('../../src/renderer/src/stores/drafts')
  let emit: (e: NodeEvent) => void = () => {}
  disconnect = connectEvents(
    objectBridgeTransport({
      request: () => Promise.reject(new Error('no requests in this test')),
      onEvent: (listener) => {
        emit = listener
        return () => {}
      }
    }),
    new QueryClient()
  )
  keepDraft(inbox(1), 'When does the lease')
  keepDraft(inbox(2), 'Is the budget')

  emit({ type: 'inbox_changed', data: { inbox_id: inbox(1), inbox: null } })
  expect(draftOf(inbox(1))).toBe('')
  expect(draftOf(inbox(2))).toBe('Is the budget')
  expect(storedDrafts()).toEqual([`nodedesk.draft:${inbox(2)}`])
  // After a reload too.
  const reloaded = await load()
  expect(reloaded.draftOf(inbox(1))).toBe('')
  expect(reloaded.draftOf(inbox(2))).toBe('Is the budget')
})

it('past 200 drafts the one written to longest ago goes; writing to one makes it the newest, across a reload', async () => {
  const drafts = await load()
  expect(drafts.MAX_DRAFTS).toBe(200)
  for (let i = 0; i < 200; i++) drafts.keepDraft(inbox(i), `draft ${i}`)
  expect(storedDrafts()).toHaveLength(200)
  drafts.keepDraft(inbox(0), 'draft 0, longer now')
  drafts.keepDraft(inbox(200), 'draft 200')
  expect(storedDrafts()).toHaveLength(200)
  expect(drafts.draftOf(inbox(1)), 'the oldest').toBe('')
  expect(drafts.draftOf(inbox(0))).toBe('draft 0, longer now')
  expect(drafts.draftOf(inbox(200))).toBe('draft 200')

  // The order is the tab's too: after a reload the next new draft drops the next oldest.
  const reloaded = await load()
  reloaded.keepDraft(inbox(201), 'draft 201')
  expect(storedDrafts()).toHaveLength(200)
  expect(reloaded.draftOf(inbox(2))).toBe('')
  expect(reloaded.draftOf(inbox(3))).toBe('draft 3')
})

it('a draft sent (emptied) leaves the order as well as the storage', async () => {
  const drafts = await load()
  drafts.keepDraft(inbox(1), 'Sent soon')
  drafts.keepDraft(inbox(1), '')
  expect(storedDrafts()).toEqual([])
  expect(JSON.parse(sessionStorage.getItem('nodedesk.draftOrder')!)).toEqual([])
})

it('drafts stored before the order was kept (an earlier version, same tab) count as the oldest', async () => {
  sessionStorage.setItem(`nodedesk.draft:${inbox(0)}`, 'from before')
  const drafts = await load()
  for (let i = 1; i <= 200; i++) drafts.keepDraft(inbox(i), `draft ${i}`)
  expect(drafts.draftOf(inbox(0))).toBe('')
  expect(drafts.draftOf(inbox(1))).toBe('draft 1')
})
