import { afterAll, describe, expect, it, vi } from 'vitest'
import { holdsOffThread, OFF_THREAD_CHARS } from '../../src/renderer/src/features/inboxes/find/find-text-soon'
import { answerHolds, type HoldsAsked } from '../../src/renderer/src/features/inboxes/find/shown-text-holds'
import { answerMessage } from './conversation-message'

/*
 * The find in a conversation (Ctrl+F) asks a worker whether a long answer holds the words. Typing fast over
 * a huge answer asked it once per word typed, and the worker worked out every question in turn, the one for
 * the word on screen last. Now a question whose find was superseded before its turn is never sent.
 */

/** The platform's Worker as the window sees it, answering each question (as shown-text.worker.ts does) after `ms`. */
class SlowWorker extends EventTarget {
  static readonly asked: HoldsAsked[] = []
  postMessage(asked: HoldsAsked): void {
    SlowWorker.asked.push(asked)
    setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: answerHolds(asked) })), 40)
  }
  terminate(): void {}
}
vi.stubGlobal('Worker', SlowWorker)
afterAll(() => vi.unstubAllGlobals())

describe('the find in a long answer, worked out in a worker', () => {
  const long = answerMessage(`It is foo**bar** here.\n\n${'Another **paragraph** of the answer. '.repeat(OFF_THREAD_CHARS / 30)}`)

  it('sends only the question still wanted: those superseded while another is worked out are skipped', async () => {
    const typed = ['f', 'fo', 'foo', 'foob', 'fooba', 'foobar']
    const answers: Promise<boolean | undefined>[] = []
    let find = new AbortController()
    for (const word of typed) {
      find.abort()
      find = new AbortController()
      answers.push(holdsOffThread(long, [word], find.signal)!)
    }
    // The last word's answer: the shown text "foobar" holds it (the stored text alone does not).
    expect(await answers[answers.length - 1]).toBe(true)
    // The first question was with the worker already; the four typed meanwhile were dropped unsent.
    expect(SlowWorker.asked.map((a) => a.words)).toEqual([['f'], ['foobar']])
    expect(await Promise.all(answers.slice(1, -1))).toEqual([undefined, undefined, undefined, undefined])
  })

  it('answers every question of a find that goes on, in turn', async () => {
    SlowWorker.asked.length = 0
    const find = new AbortController()
    const answers = await Promise.all([holdsOffThread(long, ['paragraph'], find.signal), holdsOffThread(long, ['bar'], find.signal)])
    expect(answers).toEqual([true, false])
    expect(SlowWorker.asked.map((a) => a.words)).toEqual([['paragraph'], ['bar']])
  })
})
