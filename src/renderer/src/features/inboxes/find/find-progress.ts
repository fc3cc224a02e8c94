import type { LastMessage } from '../../../../../shared/contract/message'
import { findable, foundAmong, holdsWords } from './find-matches'
import { holdsOffThread } from './find-text-soon'

/*
 * The find in a conversation (Ctrl+F) matched a few milliseconds at a time, the window free between:
 * matching 5,000 messages at once (each answer's Markdown parsed for its shown text) froze the window
 * for over a second at the first letter typed, and a long answer for seconds.
 */

/** The longest the matching holds the window's thread at a time, in ms (a frame is 16). */
export const SLICE_MS = 8
/** How often the matches found so far are shown while the matching goes on, in ms. */
export const REPORT_MS = 100

export interface FindProgress {
  /** The messages found so far, oldest first (foundMessages). */
  readonly found: string[]
  /** Every message is matched: `found` is the find's answer. */
  readonly done: boolean
}

/** Gives the window its turn: input, rendering and the rest of what is waiting. */
const yieldToWindow = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Matches `messages` against `words` as foundMessages does, newest first (the find starts at the newest
 * match), in slices of SLICE_MS, a long answer's shown text worked out in a worker. `report` is told the
 * matches found so far every REPORT_MS, and once at the end with `done`. Stops at its next slice once
 * `signal` is aborted (another word typed): nothing more is reported. `seen` keeps each answer, as for foundMessages.
 */
export async function matchInSlices(
  messages: readonly LastMessage[],
  words: readonly string[],
  seen: WeakMap<LastMessage, boolean>,
  report: (progress: FindProgress) => void,
  signal: AbortSignal
): Promise<void> {
  if (signal.aborted) return
  if (words.length === 0) return report({ found: [], done: true })
  const shown = findable(messages)
  let sliceStart = performance.now()
  let reported = sliceStart
  for (const m of shown) {
    if (seen.has(m)) continue
    let holds: boolean | undefined
    const offThread = holdsOffThread(m, words, signal)
    if (offThread) {
      // A long message: matched in the worker meanwhile, the matches so far shown.
      report({ found: foundAmong(shown, seen), done: false })
      holds = await offThread
      if (signal.aborted) return
      sliceStart = performance.now()
    }
    holds ??= holdsWords(m, words)
    seen.set(m, holds)
    const now = performance.now()
    if (now - sliceStart < SLICE_MS) continue
    if (now - reported >= REPORT_MS) {
      report({ found: foundAmong(shown, seen), done: false })
      reported = now
    }
    await yieldToWindow()
    if (signal.aborted) return
    sliceStart = performance.now()
  }
  report({ found: foundAmong(shown, seen), done: true })
}
