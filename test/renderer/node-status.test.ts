import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watchNodeStatus, type NodeStatus } from '../../src/renderer/src/api/node-status'

/** A node stand-in the test switches: answering, refusing (connection refused), or hanging. */
function fakeNode() {
  const node = { mode: 'answer' as 'answer' | 'refuse' | 'hang', pings: 0 }
  const ping = () => {
    node.pings++
    if (node.mode === 'answer') return Promise.resolve({ status: 'ok' })
    if (node.mode === 'refuse') return Promise.reject(new Error('ECONNREFUSED'))
    return new Promise(() => {})
  }
  return { node, ping }
}

let changes: [number, NodeStatus][]
let start: number
beforeEach(() => {
  vi.useFakeTimers()
  start = Date.now()
  changes = []
})
afterEach(() => vi.useRealTimers())
const onChange = (s: NodeStatus) => changes.push([Date.now() - start, s])

describe('node status', () => {
  it('up at the first answer; down within 3 s of the node refusing; up again when it answers', async () => {
    const { node, ping } = fakeNode()
    const watch = watchNodeStatus({ ping, onChange })
    await vi.advanceTimersByTimeAsync(0)
    expect(changes).toEqual([[0, 'up']])

    await vi.advanceTimersByTimeAsync(5000)
    expect(changes).toHaveLength(1) // steady: no repeated notices
    node.mode = 'refuse'
    const stoppedAt = Date.now() - start
    await vi.advanceTimersByTimeAsync(3000)
    const down = changes.find(([, s]) => s === 'down')!
    expect(down[0] - stoppedAt).toBeLessThanOrEqual(3000)

    node.mode = 'answer'
    const backAt = Date.now() - start
    await vi.advanceTimersByTimeAsync(3000)
    expect(changes.map(([, s]) => s)).toEqual(['up', 'down', 'up'])
    expect(changes[2]![0] - backAt).toBeLessThanOrEqual(1000)
    watch.stop()
  })

  it('a node that accepts the call but never answers is down after the time-out, and calls do not pile up', async () => {
    const { node, ping } = fakeNode()
    const watch = watchNodeStatus({ ping, onChange, intervalMs: 1000, timeoutMs: 1500 })
    await vi.advanceTimersByTimeAsync(0)
    node.mode = 'hang'
    const hungAt = Date.now() - start
    const pingsBefore = node.pings
    await vi.advanceTimersByTimeAsync(10_000)
    expect(changes.map(([, s]) => s)).toEqual(['up', 'down'])
    expect(changes[1]![0] - hungAt).toBeLessThanOrEqual(3000)
    expect(node.pings - pingsBefore).toBe(1) // the hung call is waited for, not repeated ten times
    watch.stop()
  })

  it('checkNow asks at once (the event stream closed); stop ends the polling', async () => {
    const { node, ping } = fakeNode()
    const watch = watchNodeStatus({ ping, onChange, intervalMs: 2000 })
    await vi.advanceTimersByTimeAsync(0)
    node.mode = 'refuse'
    watch.checkNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(changes.map(([t, s]) => [t, s])).toEqual([
      [0, 'up'],
      [0, 'down']
    ])
    watch.stop()
    const pings = node.pings
    node.mode = 'answer'
    await vi.advanceTimersByTimeAsync(10_000)
    expect(node.pings).toBe(pings)
    expect(changes).toHaveLength(2)
  })

  it('a node that stays down is asked less and less often (once a second at first, then at most every 5 s), and seen back within 5 s', async () => {
    const { node, ping } = fakeNode()
    const watch = watchNodeStatus({ ping, onChange })
    await vi.advanceTimersByTimeAsync(0)
    node.mode = 'refuse'
    // A quick restart is seen at once: the first seconds are still asked every second.
    let pings = node.pings
    await vi.advanceTimersByTimeAsync(5_000)
    expect(node.pings - pings).toBe(5)
    await vi.advanceTimersByTimeAsync(25_000)
    pings = node.pings
    // Stopped for the night, the window asked once a second (30 calls in 30 s): now every 5 s.
    await vi.advanceTimersByTimeAsync(30_000)
    expect(node.pings - pings).toBeLessThanOrEqual(6)
    expect(changes.map(([, s]) => s)).toEqual(['up', 'down'])

    node.mode = 'answer'
    const backAt = Date.now() - start
    await vi.advanceTimersByTimeAsync(5_000)
    expect(changes.map(([, s]) => s)).toEqual(['up', 'down', 'up'])
    expect(changes[2]![0] - backAt).toBeLessThanOrEqual(5_000)
    // Answered again: asked every second once more, so that the next stop is seen as quickly.
    pings = node.pings
    await vi.advanceTimersByTimeAsync(5_000)
    expect(node.pings - pings).toBe(5)
    watch.stop()
  })
})
