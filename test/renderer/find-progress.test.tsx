// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useFind, type FindPages } from '../../src/renderer/src/features/inboxes/find/use-find'
import { answerMessage } from './conversation-message'

/*
 * The find in a conversation (Ctrl+F) keeps the window responsive: 5,000 answers in Markdown, each parsed
 * for its shown text, are matched a few milliseconds at a time, the count growing as it goes, and another
 * word typed stops the matching of the one before. Before, the first search of "t" matched them all in one
 * go (well over a second of the window frozen in Chromium), with no count until the end.
 */
const MESSAGES = 5000

const answer = (i: number, content: string) => answerMessage(content, { hash: `m${i}` })

/**
 * A conversation of its own for each test: each message's shown text is worked out once per message object (kept
 * in a WeakMap), so a second test over the same objects matched all 5,000 at once, done before it could be seen
 * under way.
 */
const conversationOf = () =>
  Array.from({ length: MESSAGES }, (_, i) =>
    answer(
      i,
      i === 0
        ? 'The oldest **answer** names a quokka.'
        : `## Answer ${i}\n\nThe **tide** tables, see [the chart](https://example.com/${i}) and \`table()\`.`
    )
  )
const pages: FindPages = { hasNextPage: false, isFetching: false, isFetchNextPageError: false, fetchNextPage: async () => {} }

/** The longest the event loop was held between two turns while `until` was false, in ms. */
async function longestHold(until: () => boolean): Promise<number> {
  let longest = 0
  let last = performance.now()
  while (!until()) {
    await new Promise((r) => setTimeout(r, 0))
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }
  return longest
}

describe('the find in a long conversation', () => {
  it('matches a letter nearly every message holds without holding the window, the count growing as it goes', async () => {
    const conversation = conversationOf()
    const { result } = renderHook(() => useFind('job_inbox::jobid_a::false', conversation, pages))
    act(() => result.current.show())
    const counts: number[] = []
    act(() => result.current.setQuery('t'))
    const held = await longestHold(() => {
      counts.push(result.current.found.length)
      return result.current.words.length > 0 && !result.current.matching
    })
    expect(result.current.found).toHaveLength(MESSAGES)
    // Never the whole matching at once (over 1.5 s before): the window answers input between slices (generous: a
    // loaded machine, 2 cores shared, holds a slice of 8 ms up to a few hundred).
    expect(held).toBeLessThan(750)
    // The count grows as the matching goes on, the newest match first.
    const between = new Set(counts.filter((n) => n > 0 && n < MESSAGES))
    expect(between.size).toBeGreaterThan(1)
  }, 60_000)

  it('stops matching a word when another is typed: the newer word wins', async () => {
    const conversation = conversationOf()
    const { result } = renderHook(() => useFind('job_inbox::jobid_a::false', conversation, pages))
    act(() => result.current.show())
    act(() => result.current.setQuery('tide'))
    // "tide" is still being matched: some found, not all.
    await waitFor(() => expect(result.current.matching && result.current.found.length > 0).toBe(true), { timeout: 10_000 })
    expect(result.current.found.length).toBeLessThan(MESSAGES)
    act(() => result.current.setQuery('quokka'))
    await waitFor(
      () => {
        expect(result.current.words).toEqual(['quokka'])
        expect(result.current.matching).toBe(false)
      },
      { timeout: 20_000 }
    )
    expect(result.current.found).toEqual(['m0'])
    // Nothing of "tide" came back once "quokka" was matched, nor after.
    await new Promise((r) => setTimeout(r, 500))
    expect(result.current.found).toEqual(['m0'])
    expect(result.current.current).toBe('m0')
  }, 60_000)
})
