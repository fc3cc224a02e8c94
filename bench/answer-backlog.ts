/**
 * The node under an answer backlog (issue 10, failure 12): `npm run serve` restarted with
 * 100,000 questions queued (10,000 inboxes × 10) for a provider taking 1 s per answer, watched
 * for 10 s while the backlog drains at the default cap of 4 calls:
 *   health_check and one page of inboxes p95   vs  the same node with an empty queue (floor)
 *   open descriptors and resident memory (max)  vs  the idle node
 *   SIGTERM to exit                              (target < 5 s)
 * `npx tsx bench/answer-backlog.ts [--quick]` runs it alone (--quick: 20,000 questions, 5 s);
 * `npm run bench` runs it with the rest.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedBacklog, watchBacklog, type BacklogFigures } from '../test/support/answer-backlog'
import { startFakeLlm } from '../test/support/fake-llm'
import { startServe } from '../test/support/serve-process'

interface Run extends BacklogFigures {
  readonly stopMs: number
  readonly exit: number | string
  readonly calls: number
  readonly maxConcurrentCalls: number
}

async function run(questions: { inboxes: number; perInbox: number }, watchMs: number): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'nodedesk-bench-backlog-'))
  const provider = await startFakeLlm()
  provider.behaviour = { type: 'reply', chunks: ['slow', ' answer'], delayMs: 500 }
  try {
    await seedBacklog(dir, provider.url, questions.inboxes, questions.perInbox)
    const node = await startServe(['--port', '0', '--data-dir', dir])
    try {
      const figures = await watchBacklog(node, watchMs)
      const at = performance.now()
      node.child.kill('SIGTERM')
      const exit = await node.exited
      const calls = provider.requests.filter((r) => r.method === 'POST').length
      return { ...figures, stopMs: performance.now() - at, exit, calls, maxConcurrentCalls: provider.concurrency.max }
    } finally {
      if (node.child.exitCode === null) node.child.kill('SIGKILL')
    }
  } finally {
    await provider.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function benchAnswerBacklog(quick: boolean): Promise<string[][]> {
  const watchMs = quick ? 5000 : 10_000
  const backlog = quick ? { inboxes: 2000, perInbox: 10 } : { inboxes: 10_000, perInbox: 10 }
  const total = (backlog.inboxes * backlog.perInbox).toLocaleString('en-US')
  const idle = await run({ inboxes: 1, perInbox: 0 }, watchMs)
  const busy = await run(backlog, watchMs)
  const ms = (x: number) => `${x.toFixed(1)} ms`
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`
  return [
    [
      `health_check p95, ${total} questions queued`,
      ms(busy.healthP95Ms),
      'same node, empty queue',
      ms(idle.healthP95Ms),
      ratio(busy.healthP95Ms, idle.healthP95Ms),
      busy.healthP95Ms < 100 ? 'ok (target < 100 ms)' : 'OVER (target < 100 ms)'
    ],
    [
      `health_check max, ${total} questions queued`,
      ms(busy.healthMaxMs),
      'same node, empty queue',
      ms(idle.healthMaxMs),
      ratio(busy.healthMaxMs, idle.healthMaxMs),
      ''
    ],
    [
      `all_inboxes_paginated p95, ${total} queued`,
      ms(busy.listP95Ms),
      'same node, empty queue',
      ms(idle.listP95Ms),
      ratio(busy.listP95Ms, idle.listP95Ms),
      busy.listP95Ms < 100 ? 'ok (target < 100 ms)' : 'OVER (target < 100 ms)'
    ],
    [
      `open descriptors (max), ${total} queued`,
      String(busy.maxDescriptors),
      'same node, empty queue',
      String(idle.maxDescriptors),
      ratio(busy.maxDescriptors, idle.maxDescriptors),
      busy.maxDescriptors < 200 ? 'ok (target < 200)' : 'OVER (target < 200)'
    ],
    [
      `resident memory (max), ${total} queued`,
      `${busy.maxRssMiB.toFixed(0)} MiB`,
      'same node, empty queue',
      `${idle.maxRssMiB.toFixed(0)} MiB`,
      ratio(busy.maxRssMiB, idle.maxRssMiB),
      ''
    ],
    [
      `provider calls at once (max) / calls in ${watchMs / 1000} s`,
      `${busy.maxConcurrentCalls} / ${busy.calls}`,
      'cap per server',
      '4',
      '',
      busy.maxConcurrentCalls <= 4 ? 'ok' : 'OVER'
    ],
    [
      `SIGTERM -> exit, ${total} queued, calls in flight`,
      `${busy.stopMs.toFixed(0)} ms (exit ${busy.exit})`,
      'same node, empty queue',
      `${idle.stopMs.toFixed(0)} ms`,
      ratio(busy.stopMs, idle.stopMs),
      busy.exit === 0 && busy.stopMs < 5000 ? 'ok (target < 5 s)' : 'OVER (target < 5 s)'
    ]
  ]
}

if (process.argv[1]?.endsWith('answer-backlog.ts')) {
  void benchAnswerBacklog(process.argv.includes('--quick')).then((rows) => {
    const header = ['measure', 'ours', 'floor', 'floor time', 'ratio', 'verdict']
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
    const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')
    console.log(`\nNodedesk answer backlog bench (node ${process.version}, ${new Date().toISOString()})`)
    console.log(line(header))
    console.log(widths.map((w) => '-'.repeat(w)).join('  '))
    for (const r of rows) console.log(line(r))
  })
}
