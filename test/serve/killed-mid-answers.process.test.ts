import { afterEach, beforeEach, expect, it } from 'vitest'
import { isAnswer } from '../../src/shared/message-role'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { createJobBody, provider } from '../support/fixtures'
import { tempDir } from '../support/node'
import { killAll, serveOn, type ServeProcess } from '../support/serve-process'

/*
 * `npm run serve` stopped (SIGKILL, or SIGTERM) while answers stream in many inboxes and questions
 * are still arriving, then started again on the same folder: every question it acknowledged is
 * there and is answered exactly once; no answer is stored twice; none is left half-written.
 */

interface Msg {
  job_message: { content: string; parent: string; error?: unknown; stopped?: boolean }
  node_api_data: { node_message_hash: string }
  sender_subidentity: string
}

const JOBS = 8
const ROUNDS = 5
let fake: FakeLlm
let dir: string
let cleanup: () => void
const running: ServeProcess[] = []

beforeEach(async () => {
  fake = await startFakeLlm()
  // Each answer streams for about 0.4 s, so a stop always finds some mid-answer.
  fake.behaviour = { type: 'reply', chunks: Array.from({ length: 10 }, (_, i) => `word${i} `), delayMs: 40 }
  ;({ dir, cleanup } = tempDir('nodedesk-killed-'))
})
afterEach(async () => {
  await killAll(running)
  await fake.close()
  cleanup()
})

const serve = () => serveOn(dir, running)

it.each(['SIGKILL', 'SIGTERM'] as const)(
  '%s mid-answers: every acknowledged question is answered exactly once after a restart',
  async (signal) => {
    const first = await serve()
    await first.post('/v2/add_llm_provider', provider('gpt', { external_url: fake.url, api_key: 'k-123456' }))
    const jobs: string[] = []
    for (let i = 0; i < JOBS; i++) jobs.push(((await first.post('/v2/create_job', createJobBody('gpt'))).body as { job_id: string }).job_id)

    const acked = new Map<string, string>() // question hash -> inbox
    let stopped = false
    const asking = (async () => {
      for (let round = 0; round < ROUNDS && !stopped; round++) {
        await Promise.all(
          jobs.map(async (job_id) => {
            const res = await first.post('/v2/job_message', { job_id, content: `question ${round}` }).catch(() => undefined)
            if (res?.status === 200) {
              const { node_message_hash, inbox } = res.body as { node_message_hash: string; inbox: string }
              acked.set(node_message_hash, inbox)
            }
          })
        )
      }
    })()
    // Stop once answers are streaming and some have been stored.
    await expect.poll(() => fake.requests.filter((r) => r.method === 'POST').length, { timeout: 10_000 }).toBeGreaterThan(6)
    first.p.child.kill(signal)
    stopped = true
    expect(await first.p.exited).toBe(signal === 'SIGKILL' ? 'SIGKILL' : 0)
    await asking
    expect(acked.size).toBeGreaterThan(0)

    const second = await serve()
    const read = async (job: string) =>
      (await second.post('/v2/last_messages', { inbox_name: `job_inbox::${job}::false`, limit: 500 })).body as Msg[]
    const unanswered = async () => {
      let n = 0
      for (const job of jobs) {
        const ms = await read(job)
        const answered = new Set(ms.filter(isAnswer).map((m) => m.job_message.parent))
        n += ms.filter((m) => !isAnswer(m) && !answered.has(m.node_api_data.node_message_hash)).length
      }
      return n
    }
    await expect.poll(unanswered, { timeout: 30_000, interval: 200 }).toBe(0)

    for (const job of jobs) {
      const ms = await read(job)
      const questions = ms.filter((m) => !isAnswer(m))
      const answers = ms.filter(isAnswer)
      // Every acknowledged question of this inbox is there, once.
      const hashes = questions.map((q) => q.node_api_data.node_message_hash)
      expect(new Set(hashes).size).toBe(hashes.length)
      for (const [hash, inbox] of acked) if (inbox === `job_inbox::${job}::false`) expect(hashes).toContain(hash)
      // One answer per question, whole: none twice, none cut off or marked stopped by the stop.
      expect(answers.map((a) => a.job_message.parent).sort()).toEqual([...hashes].sort())
      for (const a of answers) {
        expect(a.job_message.content).toBe(Array.from({ length: 10 }, (_, i) => `word${i} `).join(''))
        expect(a.job_message.error).toBeUndefined()
        expect(a.job_message.stopped).toBeUndefined()
      }
    }
    second.p.child.kill('SIGTERM')
    expect(await second.p.exited).toBe(0)
  }
)
