import { NO_SCOPE_PATHS } from '../../src/main/store/jobs'
import { spawn } from 'node:child_process'
import { get } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { freeSent, sentOnce } from '../../src/main/node-api/raw-json'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { addProvider, createJob, useTestNode } from '../support/node'
import { emptyScopeBody } from '../support/fixtures'

/*
 * all_inboxes sends each job's scope as the bytes SQLite hands over. Left to the garbage
 * collector, those buffers outlived their use by several scopes: 200 jobs of 13 MB scopes held
 * the server near 300 MB (a dozen scopes at once). The transport now frees a scope's memory as
 * soon as the socket is done with it. Freed too early, the client would get zeroes or nothing:
 * the list must still arrive whole and exact, however slowly it is read.
 */

const MiB = 1024 * 1024

describe('sentOnce / freeSent', () => {
  it('frees a large buffer that owns its memory once sent, and leaves every other buffer alone', () => {
    const large = sentOnce(Buffer.alloc(2 * MiB, 1))
    freeSent(large)
    expect(large.length).toBe(0)

    const small = sentOnce(Buffer.from('{"inbox_id":"x"}'))
    freeSent(small)
    expect(small.toString()).toBe('{"inbox_id":"x"}')

    // A view into memory something else holds is never freed through the view.
    const whole = Buffer.alloc(3 * MiB, 2)
    const view = sentOnce(whole.subarray(MiB))
    freeSent(view)
    expect(view.length).toBe(2 * MiB)
    expect(whole[0]).toBe(2)

    // A buffer nobody marked (a cached body, a shared constant) is never freed.
    const unmarked = Buffer.alloc(2 * MiB, 3)
    freeSent(unmarked)
    expect(unmarked.length).toBe(2 * MiB)
  })
})

describe('all_inboxes with scopes of megabytes, over HTTP', () => {
  const node = useTestNode()
  let http: HttpServer
  const scopes = new Map<string, unknown>()

  beforeEach(async () => {
    await addProvider(node, 'p1')
    scopes.clear()
    for (let i = 0; i < 6; i++) {
      // Each scope differs all along, so a piece sent after being freed (or twice) shows.
      const scope = {
        ...emptyScopeBody(),
        padding: Array.from({ length: 2 * 1024 }, (_, k) =>
          `job ${i} line ${k} `.padEnd(1024, String.fromCharCode(97 + ((i + k) % 26)))
        ).join('')
      }
      const jobId = await createJob(node, 'p1')
      node.store.jobs.updateScope(jobId, JSON.stringify(scope), NO_SCOPE_PATHS)
      scopes.set(jobId, scope)
    }
    http = await startHttpServer({ router: node.router, token: 'tok', port: 0, log: node.log })
  })
  afterEach(() => http.close())

  it('arrives whole and exact when the client reads slowly, in bursts', async () => {
    const body = await new Promise<string>((done, fail) => {
      get(`http://127.0.0.1:${http.port}/v2/all_inboxes`, { headers: { Authorization: 'Bearer tok' } }, (res) => {
        const parts: Buffer[] = []
        res.on('data', (c: Buffer) => {
          parts.push(c)
          // A slow reader: the server waits on the socket between most of its writes.
          res.pause()
          setTimeout(() => res.resume(), 1)
        })
        res.on('end', () => done(Buffer.concat(parts).toString('utf8')))
        res.on('error', fail)
      }).on('error', fail)
    })
    const inboxes = JSON.parse(body) as { job_scope: unknown; last_message: unknown; inbox_id: string }[]
    expect(inboxes).toHaveLength(6)
    const got = new Map(inboxes.map((i) => [i.inbox_id, i.job_scope]))
    for (const [jobId, scope] of scopes) expect(got.get(`job_inbox::${jobId}::false`)).toEqual(scope)
  })

  it('leaves no scope buffers behind once sent, without waiting for a garbage collection', async () => {
    const before = process.memoryUsage().arrayBuffers
    // The client is another process, so the bytes it receives are not counted here.
    const received = await new Promise<string>((done, fail) => {
      const client = spawn(
        process.execPath,
        [
          '-e',
          `require('node:http').get(process.argv[1], { headers: { Authorization: 'Bearer tok' } }, (res) => {
             let n = 0; res.on('data', (c) => (n += c.length)); res.on('end', () => console.log(res.statusCode, n))
           })`,
          `http://127.0.0.1:${http.port}/v2/all_inboxes`
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] }
      )
      let out = ''
      client.stdout.on('data', (c) => (out += c))
      client.on('exit', (code) => (code === 0 ? done(out.trim()) : fail(new Error(`client exited ${code}`))))
    })
    const [status, bytes] = received.split(' ').map(Number)
    expect(status).toBe(200)
    expect(bytes).toBeGreaterThan(6 * 2 * MiB)
    // Without freeing, the six scopes (about 12 MiB) stay until the collector runs.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(4 * MiB)
  })
})

describe('all_inboxes, pieced together from rows and scopes of every size', () => {
  const node = useTestNode()

  it('gives each inbox exactly as get_inbox does, in list order, around the size where a scope becomes a piece of its own', async () => {
    await addProvider(node, 'p1')
    const base = emptyScopeBody()
    const sizedScope = (bytes: number) => {
      const empty = JSON.stringify({ ...base, padding: '' })
      return JSON.stringify({ ...base, padding: 'x'.repeat(bytes - Buffer.byteLength(empty)) })
    }
    // Below, at and just over the 64 KiB boundary, large, and the default empty scope.
    const sizes = [0, 64 * 1024 - 1, 64 * 1024, 64 * 1024 + 1, 3 * MiB, 200]
    const names = ['plain', 'quote " and \\ backslash', 'line\nbreak\ttab', 'ünïcödé 日本語 🚀', 'control \u0001 char', 'last']
    const jobIds: string[] = []
    for (const [i, bytes] of sizes.entries()) {
      const jobId = await createJob(node, 'p1')
      if (bytes > 0) {
        const scope = sizedScope(bytes)
        expect(Buffer.byteLength(scope)).toBe(bytes)
        node.store.jobs.updateScope(jobId, scope, NO_SCOPE_PATHS)
      }
      expect(
        (await node.post('/v2/update_smart_inbox_name', { inbox_name: `job_inbox::${jobId}::false`, custom_name: names[i] })).status
      ).toBe(200)
      await node.post('/v2/job_message', { job_id: jobId, content: `question ${i} with "quotes" and ünïcödé` })
      jobIds.push(jobId)
    }
    expect((await node.post('/v2/update_job_hidden', { job_id: jobIds[2], is_hidden: true })).status).toBe(200)

    const all = (await node.get('/v2/all_inboxes')).body as { inbox_id: string; job_scope: unknown }[]
    expect(all).toHaveLength(sizes.length)
    for (const inbox of all) expect(inbox).toEqual((await node.get('/v2/get_inbox', { inbox_name: inbox.inbox_id })).body)

    const visible = (await node.get('/v2/all_inboxes', { show_hidden: 'false' })).body as { inbox_id: string }[]
    expect(visible.map((i) => i.inbox_id)).toEqual(all.map((i) => i.inbox_id).filter((id) => id !== `job_inbox::${jobIds[2]}::false`))

    const noScopes = (await node.get('/v2/all_inboxes', { include_scope: 'false' })).body as { job_scope: unknown }[]
    expect(noScopes.map((i) => i.job_scope)).toEqual(all.map(() => null))
    expect(noScopes.map((i) => ({ ...i, job_scope: undefined }))).toEqual(all.map((i) => ({ ...i, job_scope: undefined })))
  })
})
