import { describe, expect, it } from 'vitest'
import type { LastMessage } from '../../src/shared/contract/message'
import { DEFAULT_JOB_CONFIG } from '../../src/shared/contract/job'
import { buildPrompt } from '../../src/main/runtime/prompt'
import { rankPassages } from '../../src/main/runtime/scope-passages'

let n = 0
function msg(content: string, opts: { agent?: boolean; parent?: string; error?: boolean; stopped?: boolean } = {}): LastMessage {
  const hash = `h${++n}`
  return {
    inbox: 'i',
    job_message: {
      content,
      files_inbox: '',
      job_id: 'j',
      parent: opts.parent ?? '',
      sheet_job_data: '',
      workflow_code: '',
      workflow_name: '',
      ...(opts.error ? { error: { kind: 'auth' } } : {}),
      ...(opts.stopped ? { stopped: true } : {})
    },
    node_api_data: { node_message_hash: hash, node_timestamp: '', parent_hash: '' },
    receiver: 'n',
    receiver_subidentity: 'main',
    sender: 'n',
    sender_subidentity: opts.agent ? 'main/agent/p' : 'main'
  }
}
const texts = (p: ReturnType<typeof buildPrompt>) =>
  p.map((m) => `${m.role}:${typeof m.content === 'string' ? m.content : m.content.map((c) => ('text' in c ? c.text : '')).join('')}`)

describe('buildPrompt', () => {
  it('keeps the newest turns within the budget, always the question, leaving out error notes', () => {
    const q1 = msg('old question '.repeat(10))
    const a1 = msg('old answer '.repeat(10), { agent: true, parent: q1.node_api_data.node_message_hash })
    const q2 = msg('second')
    const e2 = msg('⚠ OpenAI rejected the API key (401)', { agent: true, parent: q2.node_api_data.node_message_hash, error: true })
    const q3 = msg('x'.repeat(50))
    const history = [q3, e2, q2, a1, q1] // newest first
    const small = buildPrompt(DEFAULT_JOB_CONFIG, [], history, q3.node_api_data.node_message_hash, {
      historyChars: 60,
      scopeChars: 0
    })
    expect(texts(small)).toEqual(['user:second', `user:${'x'.repeat(50)}`])
    const all = buildPrompt({ ...DEFAULT_JOB_CONFIG, custom_prompt: ' Be brief. ' }, [], history, q3.node_api_data.node_message_hash)
    expect(texts(all)).toEqual([
      'system:Be brief.',
      `user:${q1.job_message.content}`,
      `assistant:${a1.job_message.content}`,
      'user:second',
      `user:${'x'.repeat(50)}`
    ])
  })

  it('a regenerated question comes with the answer the window shows as current: the latest, never an error note', () => {
    const q1 = msg('Name a colour')
    const parent = q1.node_api_data.node_message_hash
    const a1 = msg('Blue.', { agent: true, parent })
    const failed = msg('⚠ The provider failed (HTTP 500).', { agent: true, parent, error: true })
    const q2 = msg('And another?')
    const ask = (...replies: LastMessage[]) =>
      texts(buildPrompt(DEFAULT_JOB_CONFIG, [], [q2, ...replies.reverse(), q1], q2.node_api_data.node_message_hash))
    // A Regenerate that failed leaves the answer before it current.
    expect(ask(a1, failed)).toEqual(['user:Name a colour', 'assistant:Blue.', 'user:And another?'])
    // One stopped part-way is the current answer, as written.
    expect(ask(a1, failed, msg('Gre', { agent: true, parent, stopped: true }))).toEqual([
      'user:Name a colour',
      'assistant:Gre',
      'user:And another?'
    ])
    // One stopped before its first word is current too (the window shows "Stopped before the provider
    // wrote anything" as the latest answer): the question goes without an answer, not with the one it replaced.
    expect(ask(a1, msg('', { agent: true, parent, stopped: true }))).toEqual(['user:Name a colour', 'user:And another?'])
  })

  it('a question longer than the budget is still sent', () => {
    const q = msg('y'.repeat(500))
    expect(texts(buildPrompt(DEFAULT_JOB_CONFIG, [], [q], q.node_api_data.node_message_hash, { historyChars: 10, scopeChars: 0 }))).toEqual(
      [`user:${'y'.repeat(500)}`]
    )
  })

  it('a retried question is sent even when answers regenerated since it fill the budget', () => {
    // Q1 answered, Q2 answered, then Q1's answer regenerated at length, then Q2 retried: the
    // conversation read for Q2 starts with that regenerated answer (stored after Q2).
    const q1 = msg('first question')
    const a1 = msg('short first answer', { agent: true, parent: q1.node_api_data.node_message_hash })
    const q2 = msg('second question')
    const a2 = msg('second answer', { agent: true, parent: q2.node_api_data.node_message_hash })
    const a1Again = msg('z'.repeat(100), { agent: true, parent: q1.node_api_data.node_message_hash })
    const history = [a1Again, a2, q2, a1, q1] // newest first
    const prompt = texts(
      buildPrompt(DEFAULT_JOB_CONFIG, [], history, q2.node_api_data.node_message_hash, { historyChars: 60, scopeChars: 0 })
    )
    // The long answer is left out (and the version it replaced with it), not the question and all before it.
    expect(prompt).toEqual(['user:first question', 'user:second question'])
  })
})

describe('rankPassages', () => {
  const passages = [
    { source: 'a', text: 'Shipping takes five days within the EU.' },
    { source: 'b', text: 'The warranty covers water damage and screen cracks.' },
    { source: 'c', text: 'Returns are free within thirty days.' }
  ]
  it('puts the passages sharing rare words with the query first', () => {
    expect(rankPassages(passages, 'Does the warranty cover water damage?', 1000).map((p) => p.source)).toEqual(['b', 'a', 'c'])
    expect(rankPassages(passages, 'how long do returns take', 1000)[0]!.source).toBe('c')
  })
  it('stays within the budget and keeps document order when nothing matches', () => {
    expect(rankPassages(passages, 'zzz', 90).map((p) => p.source)).toEqual(['a', 'b'])
    expect(rankPassages(passages, 'zzz', 10)).toEqual([{ source: 'a', text: 'Shipping t' }])
  })
})
