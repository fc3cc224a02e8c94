import { expect, it } from 'vitest'
import { createServerLanes } from '../../src/main/runtime/server-lanes'
import { capturingLogger } from '../support/node'

it('a read that fails after a turn (the next question, on a failing disk) is logged, not left as an unhandled rejection', async () => {
  const log = capturingLogger()
  const unhandled: unknown[] = []
  const onUnhandled = (err: unknown) => unhandled.push(err)
  process.on('unhandledRejection', onUnhandled)
  try {
    let reads = 0
    const lanes = createServerLanes({
      log,
      nextQuestion: (inboxId) => {
        // The first read finds the question; the one after its turn meets the failing disk.
        if (reads++ === 0) return { seq: 1, inbox_id: inboxId, hash: 'h', message_json: '{}', place: 1 }
        throw new Error('disk I/O error')
      },
      providerOf: () => 'p1',
      serverOf: () => ({ model: { OpenAI: { model_type: 'm' } }, external_url: 'http://127.0.0.1:9' }),
      turn: (_inboxId, _question, callEnded) => {
        callEnded()
        return Promise.resolve({ kind: 'done' })
      }
    })
    lanes.add('inbox-1')
    await expect.poll(() => reads).toBe(2)
    await lanes.idle()
    await new Promise((r) => setTimeout(r, 50)) // an unhandled rejection is reported after a turn of the loop
    expect(unhandled).toEqual([])
    expect(log.lines.some((l) => l.includes('the next question could not be read') && l.includes('disk I/O error'))).toBe(true)
    lanes.stop()
  } finally {
    process.off('unhandledRejection', onUnhandled)
  }
})
