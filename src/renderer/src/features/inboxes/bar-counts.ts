import { shownFlags, type InboxFlags } from '../../stores/asked-flags'
import type { InboxRowData } from './inbox-rows'

/*
 * The bulk bar's numbers (how many selected, to hide, unhide, pin) without going through the selection
 * on each render: at 100,000 selected the page went through it four times a render, for every batch of
 * the node's events during a delete (seconds of a frozen window). The selection's rows are counted by
 * their flags once, then kept counted as its changes come (selectionAfter); each render corrects the
 * count only for the rows the list shows (their newer data) and the marks the operator just asked for.
 */

/** By kind (see kind). */
type Tally = readonly number[]
/** By flags: 0 shown and not pinned, 1 shown and pinned, 2 hidden and not pinned, 3 hidden and pinned. */
const kind = (f: InboxFlags) => (f.isHidden ? 2 : 0) + (f.isPinned ? 1 : 0)

const tallies = new WeakMap<ReadonlyMap<string, InboxRowData>, Tally>()

function tallyOf(selection: ReadonlyMap<string, InboxRowData>): Tally {
  let tally = tallies.get(selection)
  if (!tally) {
    const t = [0, 0, 0, 0]
    for (const row of selection.values()) t[kind(row)]!++
    tallies.set(selection, (tally = t))
  }
  return tally
}

/**
 * Counts `next`, the selection `prev` became by `changes` (see selectionAfter), from `prev`'s count
 * when it has one: what the changes took out or changed, not the whole selection again.
 */
export function countAfter(
  prev: ReadonlyMap<string, InboxRowData>,
  before: ReadonlyMap<string, InboxRowData | undefined>,
  next: ReadonlyMap<string, InboxRowData>
): void {
  const known = tallies.get(prev)
  if (!known) return
  const t = [...known]
  for (const [id, was] of before) {
    if (was) t[kind(was)]!--
    const now = next.get(id)
    if (now) t[kind(now)]!++
  }
  tallies.set(next, t)
}

export interface BarCounts {
  /** Selected and acted on (see chosenRows). */
  readonly chosen: number
  readonly toHide: number
  readonly toUnhide: number
  readonly toPin: number
  readonly toUnpin: number
}

/**
 * The bar's numbers, as the lists of chosenRows and barRows would have them: the selected rows as the
 * list shows them now (`present`), those not shown unless hidden while hidden ones are not shown, with
 * the marks `asked` for just now.
 */
export function barCounts(
  selected: ReadonlyMap<string, InboxRowData>,
  present: ReadonlyMap<string, InboxRowData>,
  asked: Parameters<typeof shownFlags>[1],
  showHidden: boolean
): BarCounts {
  const base = tallyOf(selected)
  const t = showHidden ? [...base] : [base[0], base[1], 0, 0]
  const correct = (id: string) => {
    const row = selected.get(id)
    if (!row) return
    const kept = !row.isHidden || showHidden
    if (kept) t[kind(row)]!--
    const shown = present.get(id) ?? (kept ? row : undefined)
    if (shown) t[kind(shownFlags(shown, asked))]!++
  }
  for (const id of present.keys()) correct(id)
  for (const id of Object.keys(asked)) if (!present.has(id)) correct(id)
  const [open = 0, openPinned = 0, hidden = 0, hiddenPinned = 0] = t
  const chosen = open + openPinned + hidden + hiddenPinned
  const toPin = open + hidden
  return { chosen, toHide: open + openPinned, toUnhide: hidden + hiddenPinned, toPin, toUnpin: toPin > 0 ? 0 : chosen }
}

/** What the bar acts on: the selected inboxes as the list shows them now (see barCounts). */
export const chosenRows = (selected: ReadonlyMap<string, InboxRowData>, present: ReadonlyMap<string, InboxRowData>, showHidden: boolean) =>
  [...selected.values()].flatMap((row) => present.get(row.inboxId) ?? (!row.isHidden || showHidden ? [row] : []))

/** Of `chosen`, those the bar's Hide, Unhide and Pin / Unpin act on, with the marks `asked` for just now. */
export function barRows(chosen: readonly InboxRowData[], asked: Parameters<typeof shownFlags>[1]) {
  const toHide = chosen.filter((r) => !shownFlags(r, asked).isHidden)
  const toUnhide = chosen.filter((r) => shownFlags(r, asked).isHidden)
  const toPin = chosen.filter((r) => !shownFlags(r, asked).isPinned)
  return { toHide, toUnhide, toPin, toUnpin: toPin.length > 0 ? [] : chosen }
}
