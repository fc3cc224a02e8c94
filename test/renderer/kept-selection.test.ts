import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, it } from 'vitest'
import { applyInboxChanges, listsReadAfterBreak } from '../../src/renderer/src/api/inbox-pages'
import { toRow } from '../../src/renderer/src/features/inboxes/inbox-rows'
import {
  forgetKeptSelection,
  keepSelection,
  keptSelection,
  selectionAfter,
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

/** `changes` applied `times` times to a selection of `size` besides `a` (as Ctrl+A at 100,000 has it); how long it took. */
function timeOfBatches(size: number, times: number): number {
  let selection: ReadonlyMap<string, ReturnType<typeof toRow>> = new Map([
    ...[...Array(size).keys()].map(
      (i) => [`job_inbox::other-${i}::false`, { ...toRow(a), inboxId: `job_inbox::other-${i}::false` }] as const
    ),
    [a.inbox_id, toRow(a)]
  ])
  // The first one may take a copy, once (a selection not made by Ctrl+A, say).
  selection = selectionAfter(selection, new Map([[a.inbox_id, { ...a, custom_name: 'Alpha first' }]]), false)
  const start = performance.now()
  for (let k = 0; k < times; k++) selection = selectionAfter(selection, new Map([[a.inbox_id, { ...a, custom_name: `Alpha ${k}` }]]), false)
  const took = performance.now() - start
  expect(selection.get(a.inbox_id)?.name).toBe(`Alpha ${times - 1}`)
  expect(selection.size).toBe(size + 1)
  return took
}

it('a batch of changes costs a selection of 100,000 about what it costs one of 100 (it copied them all each batch)', () => {
  timeOfBatches(100, 200) // warm-up
  const few = timeOfBatches(100, 200)
  const many = timeOfBatches(100_000, 200)
  console.log(`200 batches: ${few.toFixed(1)} ms at 100 selected, ${many.toFixed(1)} ms at 100,000`)
  expect(many).toBeLessThan(few * 10 + 200)
})

it('each selection reads as it was made, an older one read again after later changes included', () => {
  const start = selection()
  const without = selectionAfter(start, new Map([[b.inbox_id, null]]), false)
  const renamed = selectionAfter(without, new Map([[a.inbox_id, { ...a, custom_name: 'Alpha renamed' }]]), false)
  expect([...start.keys()]).toEqual([a.inbox_id, b.inbox_id])
  expect([...without.values()].map((r) => r.name)).toEqual(['Alpha plans'])
  expect([...renamed.values()].map((r) => r.name)).toEqual(['Alpha renamed'])
  // A change applied twice to the same selection (a state updater run twice): the same answer both times.
  const again = selectionAfter(without, new Map([[a.inbox_id, null]]), false)
  expect(again.size).toBe(0)
  expect(renamed.get(a.inbox_id)?.name).toBe('Alpha renamed')
  expect(without.get(a.inbox_id)?.name).toBe('Alpha plans')
  expect(again.has(a.inbox_id)).toBe(false)
  expect(new Map(renamed).size).toBe(1)
})
