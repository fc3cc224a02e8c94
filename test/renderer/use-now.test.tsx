// @vitest-environment happy-dom
import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

/*
 * useNow (src/renderer/src/app/use-now.ts): the shared clock behind "5 min. ago". A screen mounting it
 * must render once, not twice: the inbox list re-rendered before its first paint (100,000 rows'
 * virtualiser and all) because the clock was read again when the list subscribed.
 */

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-30T08:00:00Z') })
  vi.resetModules() // the clock's module state (its time, its timer) starts afresh in each test
})
afterEach(() => vi.useRealTimers())

async function clock() {
  const { useNow, NOW_TICK_MS } = await import('../../src/renderer/src/app/use-now')
  const seen: number[] = []
  function Shows() {
    const now = useNow()
    seen.push(now)
    return <span>{new Date(now).toISOString()}</span>
  }
  return { Shows, seen, NOW_TICK_MS }
}

it('a screen mounting the clock renders once, with the time at which the clock was read', async () => {
  const { Shows, seen } = await clock()
  vi.advanceTimersByTime(1_000) // the module loaded a second before the screen rendered
  const { unmount } = render(<Shows />)
  expect(seen).toEqual([Date.parse('2026-11-30T08:00:00Z')])
  unmount()
})

it('a tick later, every screen on it shows the new time', async () => {
  const { Shows, seen, NOW_TICK_MS } = await clock()
  const { container, unmount } = render(<Shows />)
  act(() => {
    vi.advanceTimersByTime(NOW_TICK_MS)
  })
  expect(seen.at(-1)).toBe(Date.parse('2026-11-30T08:00:30Z'))
  expect(container.textContent).toBe('2026-11-30T08:00:30.000Z')
  unmount()
})

it('a screen mounted after none was on the clock for longer than a tick starts with the time now', async () => {
  const { Shows, seen } = await clock()
  render(<Shows />).unmount()
  vi.advanceTimersByTime(5 * 60_000) // no timer ran meanwhile: nothing was on the clock
  const { container } = render(<Shows />)
  expect(seen.at(-1)).toBe(Date.parse('2026-11-30T08:05:00Z'))
  expect(container.textContent).toBe('2026-11-30T08:05:00.000Z')
})

it('the time shown is never more than a tick old: a screen mounted on an old reading gets the next one a tick after that reading', async () => {
  const { Shows, seen, NOW_TICK_MS } = await clock()
  render(<Shows />).unmount() // read at 08:00:00, and nothing on the clock since
  vi.advanceTimersByTime(25_000)
  render(<Shows />) // at 08:00:25 it shows the reading of 08:00:00, younger than a tick
  expect(seen.at(-1)).toBe(Date.parse('2026-11-30T08:00:00Z'))
  act(() => {
    vi.advanceTimersByTime(NOW_TICK_MS - 25_000) // 08:00:30: the reading is a tick old, so it is read again
  })
  expect(seen.at(-1)).toBe(Date.parse('2026-11-30T08:00:30Z'))
  act(() => {
    vi.advanceTimersByTime(NOW_TICK_MS) // and every tick after
  })
  expect(seen.at(-1)).toBe(Date.parse('2026-11-30T08:01:00Z'))
})
