import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mergeMessagePages } from '../../src/renderer/src/api/queries'
import {
  awaitedSince,
  conversationRows,
  questionAwaited,
  tailIndex,
  tailKey
} from '../../src/renderer/src/features/inboxes/conversation-rows'
import type { LastMessage } from '../../src/shared/contract/message'
import { answerMessage, questionMessage } from './conversation-message'

let clock = 0
function message(hash: string, opts: { reply?: boolean; parent?: string; error?: string } = {}): LastMessage {
  const place = {
    hash,
    parent: opts.parent,
    timestamp: new Date(Date.UTC(2026, 0, 1) + clock++).toISOString(),
    job: opts.error ? { error: opts.error } : {}
  }
  return (opts.reply ? answerMessage : questionMessage)(`text of ${hash}`, place)
}
const hashes = (ms: readonly LastMessage[]) => ms.map((m) => m.node_api_data.node_message_hash)

describe('mergeMessagePages', () => {
  const history = Array.from({ length: 230 }, (_, i) => message(`m${i}`))

  it('pages in any order and overlap give each message once, oldest first', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(229), fc.integer({ min: 1, max: 60 })), { minLength: 1, maxLength: 12 }), (slices) => {
        const pages = slices.map(([end, len]) => history.slice(Math.max(0, end + 1 - len), end + 1))
        const covered = new Set(pages.flat().map((m) => m.node_api_data.node_message_hash))
        const merged = mergeMessagePages(pages)
        expect(hashes(merged)).toEqual(hashes(history).filter((h) => covered.has(h)))
      })
    )
  })

  it('the newest page fetched again after new messages, beside older pages, repeats nothing', () => {
    const newest = history.slice(180, 230)
    const older = history.slice(130, 180)
    const refetched = [...history.slice(182, 230), message('new1'), message('new2')]
    expect(hashes(mergeMessagePages([refetched, newest, older]))).toEqual([...hashes(history.slice(130)), 'new1', 'new2'])
  })
})

describe('conversationRows', () => {
  it('groups each question with its answers in order, placed at the first answer; a reply without parent stands alone', () => {
    const q1 = message('q1')
    const a1 = message('a1', { reply: true, parent: 'q1' })
    const q2 = message('q2')
    const e2 = message('e2', { reply: true, parent: 'q2', error: 'refused' })
    const a1b = message('a1b', { reply: true, parent: 'q1' })
    const a2 = message('a2', { reply: true, parent: 'q2' })
    const orphan = message('x', { reply: true })
    const rows = conversationRows([q1, a1, q2, e2, a1b, a2, orphan])
    expect(rows.map((r) => (r.kind === 'question' ? r.key : `${r.key}:${hashes(r.answers).join(',')}`))).toEqual([
      'q1',
      'answers:q1:2:a1,a1b',
      'q2',
      'answers:q2:2:e2,a2',
      'x:x'
    ])
  })
})

describe('a question sent while the one before it was being answered', () => {
  // Stored in the order they happened: both questions, then both answers.
  const q1 = message('s-q1')
  const q2 = message('s-q2')
  const a1 = message('s-a1', { reply: true, parent: 's-q1' })
  const a2 = message('s-a2', { reply: true, parent: 's-q2' })
  const shown = (rows: ReturnType<typeof conversationRows>) =>
    rows.map((r) => (r.kind === 'question' ? r.key : hashes(r.answers).join(',')))

  it('each answer is shown under its own question, not both under the second', () => {
    expect(shown(conversationRows([q1, q2, a1, a2]))).toEqual(['s-q1', 's-a1', 's-q2', 's-a2'])
  })

  it('the first answer, while it is being written, is shown under its question too', () => {
    const rows = conversationRows([q1, q2])
    expect(tailIndex(rows, 's-q1')).toBe(1)
    expect(tailIndex(rows, 's-q2')).toBe(2)
  })

  it('an answer whose question is not loaded (an older page) is shown on its own, after the loaded question and its answer', () => {
    expect(shown(conversationRows([q2, a1, a2]))).toEqual(['s-q2', 's-a2', 's-a1'])
    // The older page read: it goes under its question.
    expect(shown(conversationRows([q1, q2, a1, a2]))).toEqual(['s-q1', 's-a1', 's-q2', 's-a2'])
  })

  it('the second question still waits once the first answer is stored, although the newest message is an answer', () => {
    expect(questionAwaited([q1, q2])).toBe(true)
    expect(questionAwaited([q1, q2, a1])).toBe(true)
    expect(questionAwaited([q1, q2, a1, a2])).toBe(false)
    // An error note or a stopped answer ends the wait as an answer does; a retry's new answer does not start one.
    expect(questionAwaited([q1, q2, a1, message('s-e2', { reply: true, parent: 's-q2', error: 'refused' })])).toBe(false)
    expect(questionAwaited([q1, q2, a1, a2, message('s-a1b', { reply: true, parent: 's-q1' })])).toBe(false)
    expect(questionAwaited([])).toBe(false)
    // Replies written before they named their question count for the question before them.
    expect(questionAwaited([q1, message('old', { reply: true })])).toBe(false)
    expect(questionAwaited([message('old', { reply: true }), q1])).toBe(true)
  })

  it('its wait for the provider began when the answer before it was stored, not when it was sent', () => {
    const at = (m: LastMessage) => m.node_api_data.node_timestamp
    expect(awaitedSince([q1])).toBe(at(q1))
    // Both unanswered: the provider has been silent since the first (the second does not restart the wait).
    expect(awaitedSince([q1, q2])).toBe(at(q1))
    expect(awaitedSince([q1, q2, a1])).toBe(at(a1))
    expect(awaitedSince([q1, q2, a1, a2])).toBeUndefined()
    expect(awaitedSince([])).toBeUndefined()
    // After an answer, the next question: from when it was sent. A reply naming no question counts for the one before it.
    const old = message('old', { reply: true })
    const q3 = message('s-q3')
    expect(awaitedSince([q1, a1, q3])).toBe(at(q3))
    expect(awaitedSince([old, q3])).toBe(at(q3))
  })
})

describe('tailIndex: where the answer being written is shown', () => {
  const q1 = message('t-q1')
  const a1 = message('t-a1', { reply: true, parent: 't-q1' })
  const q2 = message('t-q2')
  const a2 = message('t-a2', { reply: true, parent: 't-q2' })
  const q3 = message('t-q3')
  const rows = conversationRows([q1, a1, q2, a2, q3])

  it('a regenerated answer streams under its own question’s answers, not under the newest question', () => {
    expect(tailIndex(rows, 't-q1')).toBe(2)
    expect(tailIndex(rows, 't-q2')).toBe(4)
  })

  it('a first answer (or an unknown question) streams at the end', () => {
    expect(tailIndex(rows, 't-q3')).toBe(5)
    expect(tailIndex(rows, 'unknown')).toBe(5)
    expect(tailIndex(rows, undefined)).toBe(5)
  })

  it('the answer being written has the key its question’s answers row gets once it is stored (the list keeps the reader’s place in it)', () => {
    const keyOf = (list: ReturnType<typeof conversationRows>, parent: string) =>
      list.find((r) => r.kind === 'answers' && r.answers[0]!.job_message.parent === parent)!.key
    // A first answer, then a regenerated one.
    expect(tailKey(rows, 't-q3')).toBe(
      keyOf(conversationRows([q1, a1, q2, a2, q3, message('t-a3', { reply: true, parent: 't-q3' })]), 't-q3')
    )
    const again = conversationRows([q1, a1, q2, a2, q3, message('t-a1b', { reply: true, parent: 't-q1' })])
    expect(tailKey(rows, 't-q1')).toBe(keyOf(again, 't-q1'))
    // Unique beside the rows still shown while it is written.
    expect(rows.map((r) => r.key)).not.toContain(tailKey(rows, 't-q1'))
    expect(tailKey(rows, undefined)).toBe('tail')
  })
})
