import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RECOVERY_MIN_INTERVAL_MS, recoveringListener } from '../../src/renderer/src/api/event-recovery'
import type { NodeEvent } from '../../src/shared/contract/events'

const delta = (text: string): NodeEvent => ({ type: 'message_delta', data: { inbox: 'job_inbox::a::false', text, parent: 'h1' } })

describe('a handler that throws on node events (recoveringListener)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('a burst of failures costs one re-read and one console line; failures a second later cost another', () => {
    const log: unknown[][] = []
    let resumed = 0
    const handled: string[] = []
    const { listener } = recoveringListener(
      (e) => {
        if (e.type === 'message_delta' && e.data.text.startsWith('bad')) throw new Error(`broken on ${e.data.text}`)
        if (e.type === 'message_delta') handled.push(e.data.text)
      },
      () => resumed++,
      (...args) => log.push(args)
    )
    // 200 deltas of an answer, each failing.
    for (let i = 0; i < 200; i++) listener(delta(`bad ${i}`))
    vi.advanceTimersByTime(0)
    expect(resumed).toBe(1)
    expect(log).toHaveLength(1)
    expect(log[0]![1]).toEqual(new Error('broken on bad 0'))
    // Events that do not fail are handled as ever, between and after failures.
    listener(delta('good'))
    expect(handled).toEqual(['good'])
    // A failure soon after the recovery waits for the interval's end, then reads again once.
    listener(delta('bad again'))
    listener(delta('bad once more'))
    vi.advanceTimersByTime(RECOVERY_MIN_INTERVAL_MS - 1)
    expect(resumed).toBe(1)
    vi.advanceTimersByTime(1)
    expect(resumed).toBe(2)
    expect(log).toHaveLength(2)
  })

  it('no recovery runs once the subscription has ended', () => {
    let resumed = 0
    const sub = recoveringListener(
      () => {
        throw new Error('x')
      },
      () => resumed++,
      () => {}
    )
    sub.listener(delta('a'))
    sub.stop()
    vi.advanceTimersByTime(RECOVERY_MIN_INTERVAL_MS)
    expect(resumed).toBe(0)
  })
})
