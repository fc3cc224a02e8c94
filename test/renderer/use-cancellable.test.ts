// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { expect, it } from 'vitest'
import { CANCELLED, useCancellable } from '../../src/renderer/src/app/use-cancellable'

it('a second call stops waiting for the first; Cancel gives the operator’s reason; leaving stops waiting with another', () => {
  const { result, unmount } = renderHook(() => useCancellable())
  const first = result.current.start()
  const second = result.current.start()
  expect(first.aborted).toBe(true)
  expect(first.reason).not.toBe(CANCELLED)
  expect(second.aborted).toBe(false)

  result.current.cancel(CANCELLED)
  expect(second.reason).toBe(CANCELLED)
  // Cancelled, it is forgotten: leaving the page then aborts nothing more.
  const third = result.current.start()
  result.current.end(third)
  unmount()
  expect(third.aborted).toBe(false)
})

it('leaving the page while a call is under way stops waiting for it, not as the operator’s Cancel (nothing is said)', () => {
  const { result, unmount } = renderHook(() => useCancellable())
  const signal = result.current.start()
  // An earlier call ending does not forget the one under way.
  result.current.end(new AbortController().signal)
  unmount()
  expect(signal.aborted).toBe(true)
  expect(signal.reason).not.toBe(CANCELLED)
})

it('is the same object on every drawing (a callback may hold it)', () => {
  const { result, rerender } = renderHook(() => useCancellable())
  const first = result.current
  rerender()
  expect(result.current).toBe(first)
})
