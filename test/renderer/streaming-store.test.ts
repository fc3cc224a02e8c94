import { beforeEach, describe, expect, it } from 'vitest'
import { useStreaming, WATCHED_KEPT } from '../../src/renderer/src/stores/streaming'

const A = 'job_inbox::jobid_a::false'
const B = 'job_inbox::jobid_b::false'
const store = () => useStreaming.getState()

beforeEach(() => useStreaming.setState({ partial: {}, watched: {} }))

describe('streaming answer store', () => {
  it('appends deltas in arrival order, keeping multi-byte text and whitespace as sent', () => {
    for (const text of ['Bon', 'jour', ' ✓', '\n\n', '日本', '']) store().append(A, 'q1', text)
    expect(store().partial[A]).toEqual({ parent: 'q1', text: 'Bonjour ✓\n\n日本' })
  })

  it('keeps each inbox apart: deltas of two answers written at once do not mix', () => {
    store().append(A, 'qa', 'one ')
    store().append(B, 'qb', 'uno ')
    store().append(A, 'qa', 'two')
    store().append(B, 'qb', 'dos')
    expect(store().partial).toEqual({ [A]: { parent: 'qa', text: 'one two' }, [B]: { parent: 'qb', text: 'uno dos' } })
  })

  it('starts over when deltas for another question arrive in the same inbox (the next answer)', () => {
    store().append(A, 'q1', 'first answer')
    store().append(A, 'q2', 'second')
    store().append(A, 'q2', ' answer')
    expect(store().partial[A]).toEqual({ parent: 'q2', text: 'second answer' })
  })

  it('clearing with the answered question removes only that inbox', () => {
    store().append(A, 'qa', 'text a')
    store().append(B, 'qb', 'text b')
    store().clear(A, 'qa')
    expect(store().partial).toEqual({ [B]: { parent: 'qb', text: 'text b' } })
  })

  it('clearing for an older question leaves the answer being written now', () => {
    store().append(A, 'q2', 'being written')
    const before = store().partial
    store().clear(A, 'q1')
    expect(store().partial[A]).toEqual({ parent: 'q2', text: 'being written' })
    // No change means no new state object: subscribers do not re-render.
    expect(store().partial).toBe(before)
  })

  it('clearing without a question removes whatever the inbox has; clearing an empty inbox is a no-op', () => {
    store().append(A, 'q1', 'partial')
    store().clear(A)
    expect(store().partial[A]).toBeUndefined()
    expect(() => store().clear(B)).not.toThrow()
    expect(store().partial).toEqual({})
  })

  it('remembers a stored answer whose words were shown as watched; one awaited with no word shown is not; the oldest are forgotten', () => {
    store().append(A, 'q1', 'words')
    store().clear(A, 'q1', 'answer1')
    expect(store().watched).toEqual({ answer1: true })
    // A regenerated answer awaited from the click, stored before any word streamed (a provider that does not stream).
    store().append(A, 'q2', '')
    store().clear(A, 'q2', 'answer2')
    expect(store().watched.answer2).toBeUndefined()
    for (let i = 0; i < WATCHED_KEPT + 10; i++) {
      store().append(B, `q${i}`, 'text')
      store().clear(B, `q${i}`, `b${i}`)
    }
    expect(Object.keys(store().watched)).toHaveLength(WATCHED_KEPT)
    expect(store().watched.answer1).toBeUndefined()
    expect(store().watched[`b${WATCHED_KEPT + 9}`]).toBe(true)
  })
})
