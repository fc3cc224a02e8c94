import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { eventAcknowledger } from '../../src/shared/event-acks'

// The preload's half of the desktop window's event flow control (the main process's half: ipc-events.test.ts).
describe("the window's event acknowledgements", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('sends the last handled seq once per 50 ms however many events came, and only when the page runs its timers', () => {
    const sent: number[] = []
    const acknowledge = eventAcknowledger((seq) => sent.push(seq))
    for (let seq = 1; seq <= 500; seq++) acknowledge(seq)
    expect(sent).toEqual([]) // a page whose timers have not run has acknowledged nothing
    vi.advanceTimersByTime(50)
    expect(sent).toEqual([500])
    acknowledge(501)
    acknowledge(502)
    vi.advanceTimersByTime(49)
    expect(sent).toEqual([500])
    vi.advanceTimersByTime(1)
    expect(sent).toEqual([500, 502])
    vi.advanceTimersByTime(1000)
    expect(sent).toEqual([500, 502]) // nothing new, nothing sent
  })

  it('never goes back: a seq lower than one already handled keeps the higher', () => {
    const sent: number[] = []
    const acknowledge = eventAcknowledger((seq) => sent.push(seq))
    acknowledge(9)
    acknowledge(4)
    vi.advanceTimersByTime(50)
    expect(sent).toEqual([9])
  })
})
