import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startEmbeddedNode } from '../src/main/embedded-node'
import { silentLogger } from '../src/main/platform/logger'
import { aesFileSecretBox } from '../src/main/store/secret-box'
import { createJobBody, provider } from '../test/support/fixtures'
import { startFakeLlm } from '../test/support/fake-llm'

export interface RuntimeFigures {
  /** Median ms from the provider's last byte to the answer being last_message in all_inboxes. */
  lastByteToVisibleMs: number
  /** µs per chunk the runtime adds over reading the same stream with a bare fetch. */
  overheadPerChunkUs: number
  chunks: number
}

/** Answers through a loopback OpenAI-protocol server, measured from outside the runtime. */
export async function benchRuntime(rounds = 15, chunks = 2000): Promise<RuntimeFigures> {
  const fake = await startFakeLlm()
  const dir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-rt-'))
  const node = startEmbeddedNode({ dataDir: dir, secrets: aesFileSecretBox(join(dir, 'k')), version: 'bench', log: silentLogger })
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) => node.router.handle({ method, path, body })
  await call('POST', '/v2/add_llm_provider', provider('fake', { external_url: fake.url, api_key: 'k' }))
  const jobId = ((await call('POST', '/v2/create_job', createJobBody('fake'))).body as { job_id: string }).job_id

  const visibleAfter = async (content: string) => {
    for (;;) {
      const [inbox] = (await call('GET', '/v2/all_inboxes')).body as { last_message: { job_message: { content: string } } | null }[]
      if (inbox!.last_message?.job_message.content === content) return performance.now()
      await new Promise((r) => setImmediate(r))
    }
  }
  const latencies: number[] = []
  for (let i = 0; i < rounds; i++) {
    const answer = `answer ${i}`
    fake.behaviour = { type: 'reply', chunks: [answer] }
    await call('POST', '/v2/job_message', { job_id: jobId, content: `question ${i}` })
    const seen = await visibleAfter(answer)
    latencies.push(seen - fake.lastByteAt)
  }
  latencies.sort((a, b) => a - b)

  // Per-chunk overhead: the same many-chunk stream through the runtime and through a bare fetch.
  const pieces = Array.from({ length: chunks }, (_, i) => `t${i} `)
  fake.behaviour = { type: 'reply', chunks: pieces }
  const t0 = performance.now()
  await call('POST', '/v2/job_message', { job_id: jobId, content: 'long one' })
  await visibleAfter(pieces.join(''))
  const viaRuntime = performance.now() - t0
  const t1 = performance.now()
  const res = await fetch(`${fake.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ model: 'm', stream: true, messages: [] })
  })
  await res.text()
  const bare = performance.now() - t1

  await node.close()
  await fake.close()
  rmSync(dir, { recursive: true, force: true })
  return {
    lastByteToVisibleMs: latencies[Math.floor(latencies.length / 2)]!,
    overheadPerChunkUs: (Math.max(0, viaRuntime - bare) * 1000) / chunks,
    chunks
  }
}
