import { NO_SCOPE_PATHS } from '../../src/main/store/jobs'
import { readdirSync, readFileSync } from 'node:fs'
import { createMessageChain } from '../../src/main/domain/message-chain'
import { newJobDefaults } from '../../src/main/domain/job-rules'
import { monotonicClock } from '../../src/main/platform/clock'
import { createEventBus } from '../../src/main/platform/event-bus'
import { join } from 'node:path'
import { assembleNode } from '../../src/main/embedded-node'
import { silentLogger } from '../../src/main/platform/logger'
import { openStore } from '../../src/main/store'
import { aesFileSecretBox } from '../../src/main/store/secret-box'
import { emptyScopeBody, provider } from './fixtures'
import type { ServeProcess } from './serve-process'

/**
 * Fills a data folder with `inboxes × perInbox` questions waiting for an answer from one
 * OpenAI-compatible provider at `providerUrl`, written through the store in one transaction
 * (the queue as a node stopped with that backlog leaves it). No runtime runs meanwhile.
 */
export async function seedBacklog(dir: string, providerUrl: string, inboxes: number, perInbox: number): Promise<string[]> {
  // Not vitest's test node: the bench seeds with this too.
  const store = openStore(dir, aesFileSecretBox(join(dir, 'secret.key')))
  const node = assembleNode(store, { version: 'seed', log: silentLogger })
  try {
    const added = await node.router.handle({
      method: 'POST',
      path: '/v2/add_llm_provider',
      body: provider('slow', { external_url: providerUrl, api_key: 'k' })
    })
    if (added.status !== 200) throw new Error(`add_llm_provider: ${JSON.stringify(added.body)}`)
    const clock = monotonicClock()
    // Jobs and questions as create_job and job_message write them, without an event per write
    // (nobody listens while seeding, and building each inbox's event row would triple the time).
    const quiet = { ...store, inboxes: { ...store.inboxes, json: () => undefined } }
    const chain = createMessageChain({ store: quiet, clock, bus: createEventBus(() => {}), nodeName: node.ctx.nodeName })
    const scopeJson = JSON.stringify(emptyScopeBody())
    return store.db.transaction(() => {
      const jobs = Array.from({ length: inboxes }, () => {
        const job = newJobDefaults('slow', null, false)
        store.jobs.create({ ...job, providerId: 'slow', scopeJson, scopePaths: NO_SCOPE_PATHS, associatedUiJson: null, now: clock.next() })
        return job
      })
      for (let q = 0; q < perInbox; q++) {
        for (const { jobId, inboxId } of jobs) chain.append({ inboxId, jobId, content: `question ${q}` }, { needsAnswer: true })
      }
      return jobs.map((j) => j.inboxId)
    })()
  } finally {
    await node.ctx.vectorFs.close()
    store.close()
  }
}

export const openDescriptors = (pid: number) => readdirSync(`/proc/${pid}/fd`).length
export const residentMiB = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

export interface BacklogFigures {
  readonly samples: number
  readonly healthP50Ms: number
  readonly healthP95Ms: number
  readonly healthMaxMs: number
  readonly listP95Ms: number
  readonly maxDescriptors: number
  readonly maxRssMiB: number
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!

/**
 * For `durationMs`, every `everyMs`: times GET health_check and one page of inboxes (sequentially,
 * as a window's poll would) and reads the node's descriptors and resident memory.
 */
export async function watchBacklog(node: ServeProcess, durationMs: number, everyMs = 50): Promise<BacklogFigures> {
  const pid = node.child.pid!
  const health: number[] = []
  const lists: number[] = []
  let maxDescriptors = 0
  let maxRssMiB = 0
  const auth = { Authorization: `Bearer ${node.token}` }
  const until = Date.now() + durationMs
  while (Date.now() < until) {
    let t = performance.now()
    const h = await fetch(`${node.url}/v2/health_check`, { signal: AbortSignal.timeout(30_000) })
    await h.arrayBuffer()
    health.push(performance.now() - t)
    if (!h.ok) throw new Error(`health_check answered ${h.status}`)
    t = performance.now()
    const l = await fetch(`${node.url}/v2/all_inboxes_paginated?limit=20`, { headers: auth, signal: AbortSignal.timeout(30_000) })
    await l.arrayBuffer()
    lists.push(performance.now() - t)
    if (!l.ok) throw new Error(`all_inboxes_paginated answered ${l.status}`)
    maxDescriptors = Math.max(maxDescriptors, openDescriptors(pid))
    maxRssMiB = Math.max(maxRssMiB, residentMiB(pid))
    await new Promise((r) => setTimeout(r, everyMs))
  }
  return {
    samples: health.length,
    healthP50Ms: percentile(health, 0.5),
    healthP95Ms: percentile(health, 0.95),
    healthMaxMs: Math.max(...health),
    listP95Ms: percentile(lists, 0.95),
    maxDescriptors,
    maxRssMiB
  }
}
