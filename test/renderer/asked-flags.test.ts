import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SETTLE_MS, shownFlags, useAskedFlags } from '../../src/renderer/src/stores/asked-flags'
import type { Inbox } from '../../src/shared/contract/inbox'

const ID = 'job_inbox::jobid_1::false'
/** The inbox as an inbox_changed event tells it (only its marks matter here). */
const told = (marks: { is_hidden: boolean; is_pinned?: boolean }) =>
  useAskedFlags.getState().told(new Map([[ID, { is_pinned: false, ...marks } as unknown as Inbox]]))
/** What the row shows when the rows (patched by the events) hold `row`. */
const shown = (row: { isHidden: boolean; isPinned: boolean }) => shownFlags({ inboxId: ID, ...row }, useAskedFlags.getState().asked)

/*
 * Unhide asked here; meanwhile another client hid the conversation again, and both changes were told in
 * one batch of events before this window's call was answered: the batch said "hidden". The mark asked
 * for was kept for good once the call was answered, and the row (and the open conversation's header)
 * said "not hidden" over a conversation the node holds hidden.
 */
describe('a Hide or Pin asked here, and changes told by the node', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    useAskedFlags.getState().clear()
    vi.useRealTimers()
  })

  it('a later change told with the other value before the call was answered wins once the call is answered and no change of ours follows', () => {
    useAskedFlags.getState().ask([ID], 'isHidden', false)
    told({ is_hidden: true })
    expect(shown({ isHidden: true, isPinned: false }).isHidden).toBe(false)
    useAskedFlags.getState().done(ID, 'isHidden', false)
    vi.advanceTimersByTime(SETTLE_MS - 1)
    expect(shown({ isHidden: true, isPinned: false }).isHidden).toBe(false)
    vi.advanceTimersByTime(1)
    expect(shown({ isHidden: true, isPinned: false }).isHidden).toBe(true)
  })

  it('an earlier change told with the other value, then ours: the row shows ours throughout, with no flicker', () => {
    useAskedFlags.getState().ask([ID], 'isPinned', true)
    told({ is_hidden: false, is_pinned: false })
    useAskedFlags.getState().done(ID, 'isPinned', true)
    expect(shown({ isHidden: false, isPinned: false }).isPinned).toBe(true)
    told({ is_hidden: false, is_pinned: true })
    vi.advanceTimersByTime(SETTLE_MS)
    expect(shown({ isHidden: false, isPinned: true }).isPinned).toBe(true)
    expect(useAskedFlags.getState().asked).toEqual({})
  })

  it('with no change told, the mark asked for stays once the call is answered (its event may come late)', () => {
    useAskedFlags.getState().ask([ID], 'isHidden', true)
    useAskedFlags.getState().done(ID, 'isHidden', true)
    vi.advanceTimersByTime(10 * SETTLE_MS)
    expect(shown({ isHidden: false, isPinned: false }).isHidden).toBe(true)
  })

  it('asked again meanwhile: the settling of the first call does not drop the second', () => {
    useAskedFlags.getState().ask([ID], 'isHidden', false)
    told({ is_hidden: true })
    useAskedFlags.getState().done(ID, 'isHidden', false)
    useAskedFlags.getState().ask([ID], 'isHidden', false)
    vi.advanceTimersByTime(SETTLE_MS)
    expect(shown({ isHidden: true, isPinned: false }).isHidden).toBe(false)
  })
})
