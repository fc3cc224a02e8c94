import type { NodeEvent } from '../../src/shared/contract/events'
import { isAnswer, type MessageRole } from '../../src/shared/message-role'
import { expect } from 'vitest'
import { addProvider, createJob, type TestNode } from './node'

export interface Msg {
  inbox: string
  job_message: {
    content: string
    parent: string
    job_id: string
    error?: { kind: string; status?: number }
    stopped?: boolean
    [k: string]: unknown
  }
  node_api_data: { node_message_hash: string; node_timestamp: string; parent_hash: string }
  sender: string
  sender_subidentity: string
  receiver: string
  receiver_subidentity: string
}

export async function messages(node: TestNode, inboxId: string): Promise<Msg[]> {
  return (await node.post('/v2/last_messages', { inbox_name: inboxId, limit: 500 })).body as Msg[]
}

/** Waits until `done(messages)` holds (5 s at most), checking after every change to the inbox. */
export async function waitForMessages(node: TestNode, inboxId: string, done: (ms: Msg[]) => boolean, timeoutMs = 5000): Promise<Msg[]> {
  let wake = () => {}
  const unsubscribe = node.ctx.bus.subscribe((e) => {
    if (e.type !== 'inbox_changed' || (e.data as { inbox_id: string }).inbox_id === inboxId) wake()
  })
  const until = Date.now() + timeoutMs
  try {
    for (;;) {
      const changed = new Promise<void>((r) => (wake = r))
      const ms = await messages(node, inboxId)
      if (done(ms)) return ms
      const left = until - Date.now()
      if (left <= 0)
        throw new Error(`timed out waiting; messages now: ${JSON.stringify(ms.map((m) => [m.sender_subidentity, m.job_message.content]))}`)
      let timer: NodeJS.Timeout | undefined
      await Promise.race([changed, new Promise<void>((r) => (timer = setTimeout(r, left)))])
      clearTimeout(timer)
    }
  } finally {
    unsubscribe()
  }
}

/** Waits for `n` answers (replies from the provider's agent, error notes included) in the inbox. */
export const waitForAnswers = (node: TestNode, inboxId: string, n: number, timeoutMs?: number) =>
  waitForMessages(node, inboxId, (ms) => ms.filter(isAnswer).length >= n, timeoutMs)

/**
 * Provider `p` of `kind` (model-a, key k-123456) at `url`, a job on it, and 'Hello' asked there:
 * answers the one message that came back (the answer or the error note), waited for `timeoutMs` at most.
 */
export async function askOnce(node: TestNode, kind: string, url: string, timeoutMs = 10_000): Promise<Msg['job_message']> {
  await addProvider(node, 'p', { model: { [kind]: { model_type: 'model-a' } }, external_url: url, api_key: 'k-123456' })
  const jobId = await createJob(node, 'p')
  expect((await node.post('/v2/job_message', { job_id: jobId, content: 'Hello' })).status).toBe(200)
  const [, answer] = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1, timeoutMs)
  return answer!.job_message
}

/** The role column of the inbox's stored messages, oldest first. */
export const storedRoles = (node: TestNode, inboxId: string) =>
  node.store.db.prepare<[string], MessageRole>(`SELECT role FROM messages WHERE inbox_id = ? ORDER BY seq`).pluck().all(inboxId)

export function recordEvents(node: TestNode): NodeEvent[] {
  const events: NodeEvent[] = []
  node.ctx.bus.subscribe((e) => events.push(e))
  return events
}

/** A job on provider `p1` of `kind` at `url` with `apiKey`, its answers streamed or not. */
export async function jobWithKey(node: TestNode, kind: string, url: string, apiKey: string, stream = true) {
  await addProvider(node, 'p1', { model: { [kind]: { model_type: 'model-a' } }, external_url: url, api_key: apiKey })
  const jobId = await createJob(node, 'p1')
  const config = { custom_prompt: '', temperature: 0.7, seed: 0, top_k: 40, top_p: 0.9, stream, other_model_params: null }
  expect((await node.post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
  return { jobId, inboxId: `job_inbox::${jobId}::false` }
}

/** The text the window was streamed: every message_delta of `events`, joined. */
export const streamedText = (events: readonly NodeEvent[]) =>
  events
    .filter((e) => e.type === 'message_delta')
    .map((e) => (e.data as { text: string }).text)
    .join('')

/** Every row of every table of the node's database, as text. */
export function storedText(n: TestNode): string {
  const tables = n.store.db.prepare<[], string>(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all()
  const hex = (_k: string, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : v)
  return tables.map((name) => JSON.stringify(n.store.db.prepare(`SELECT * FROM "${name}"`).raw(true).all(), hex)).join('\n')
}
