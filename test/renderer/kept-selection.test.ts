import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, it } from 'vitest'
import { applyInboxChanges, listsReadAfterBreak } from '../../src/renderer/src/api/inbox-pages'
import { toRow } from '../../src/renderer/src/features/inboxes/inbox-rows'
import {
  forgetKeptSelection,
  keepSelection,
  keptSelection,
  takeKeptSelection
} from '../../src/renderer/src/features/inboxes/kept-selection'
import { listedInbox } from './listed-inbox'

afterEach(forgetKeptSelection)

const a = listedInbox(1, '2026-01-01T00:00:00Z', { custom_name: 'Alpha plans' })
const b = listedInbox(2, '2026-01-02T00:00:00Z', { custom_name: 'Bravo budget' })
const selection = () => new Map([a, b].map((i) => [i.inbox_id, toRow(i)]))

/*
 * The list takes its kept selection in two steps: keptSelection in its first render, takeKeptSelection in
 * its effect once its own listeners are on. A change or a break in the events told between the two (the
 * render and the effects can be tasks apart) was lost: the selection had stopped following them at the
 * render, and the list's listeners were not on yet.
 */
it('a change told between the list’s render and its effect reaches the selection it takes', () => {
  const qc = new QueryClient()
  keepSelection(qc, '', false, selection())
  const atRender = keptSelection(qc, '', false)
  expect([...atRender.rows.keys()]).toEqual([a.inbox_id, b.inbox_id])
  applyInboxChanges(qc, new Map([[b.inbox_id, null]]))
  listsReadAfterBreak(qc, 1234)
  const taken = takeKeptSelection(qc, '', false)
  expect([...taken.rows.keys()]).toEqual([a.inbox_id])
  expect(taken.brokeSince).toBe(1234)
  // Taken once: it is no longer kept, nor followed.
  expect(takeKeptSelection(qc, '', false).rows.size).toBe(0)
})

it('is not handed to another search, another choice of hidden ones, or another window’s cache', () => {
  const qc = new QueryClient()
  for (const [other, search, hidden] of [
    [qc, 'budget', false],
    [qc, '', true],
    [new QueryClient(), '', false]
  ] as const) {
    keepSelection(qc, '', false, selection())
    expect(keptSelection(other, search, hidden).rows.size).toBe(0)
    expect(takeKeptSelection(other, search, hidden).rows.size).toBe(0)
  }
})
