// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { useSearchText } from '../../src/renderer/src/api/search-text'

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }))
afterEach(() => vi.useRealTimers())

const typing = () => renderHook(({ text }) => useSearchText(text, 200), { initialProps: { text: '' } })

it('asks for the text once typing has paused, not at each key', () => {
  const { result, rerender } = typing()
  rerender({ text: 'Bra' })
  act(() => {
    vi.advanceTimersByTime(100)
  })
  rerender({ text: 'Bravo' })
  act(() => {
    vi.advanceTimersByTime(150)
  })
  expect(result.current).toBe('')
  act(() => {
    vi.advanceTimersByTime(60)
  })
  expect(result.current).toBe('Bravo')
})

it('an emptied box asks for nothing at once, and the next search typed within the pause is never answered with the one cleared', () => {
  const { result, rerender } = typing()
  rerender({ text: 'Bravo' })
  act(() => {
    vi.advanceTimersByTime(250)
  })
  expect(result.current).toBe('Bravo')
  rerender({ text: '' })
  expect(result.current).toBe('')
  // The next words at once (Escape, then typing): nothing until they settle, not "Bravo".
  rerender({ text: 'Delta' })
  expect(result.current).toBe('')
  act(() => {
    vi.advanceTimersByTime(100)
  })
  expect(result.current).toBe('')
  act(() => {
    vi.advanceTimersByTime(150)
  })
  expect(result.current).toBe('Delta')
  // The same words typed again after a clear are the new search's own: asked for at once.
  rerender({ text: '' })
  expect(result.current).toBe('')
  rerender({ text: 'Delta' })
  expect(result.current).toBe('Delta')
  // The cleared search's words are not asked for while the next search is only on its way to them.
  rerender({ text: '' })
  rerender({ text: 'Del' })
  expect(result.current).toBe('')
  act(() => {
    vi.advanceTimersByTime(250)
  })
  expect(result.current).toBe('Del')
})
