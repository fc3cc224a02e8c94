import { request as httpRequest } from 'node:http'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createJobBody, fullScope, provider } from '../support/fixtures'
import { killAll, startServe, type ServeProcess } from '../support/serve-process'
import { tempDir } from '../support/node'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { STOP_GRACE_MS } from '../../src/main/serve-stop'

let dir: string
let cleanup: () => void
let fake: FakeLlm
const running: ServeProcess[] = []
beforeEach(async () => {
  ;({ dir, cleanup } = tempDir('nodedesk-serve-'))
  fake = await startFakeLlm()
})
afterEach(async () => {
  await killAll(running)
  await fake.close()
  cleanup()
})

async function serve(extra: string[] = []) {
  const p = await startServe(['--port', '0', '--data-dir', dir, ...extra])
  running.push(p)
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${p.url}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${p.token}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) }
    })
  const post = async (path: string, body: unknown) => {
    const res = await call(path, { method: 'POST', body: JSON.stringify(body) })
    return { status: res.status, body: await res.json() }
  }
  const get = async (path: string) => {
    const res = await call(path)
    return { status: res.status, body: await res.json() }
  }
  return { p, call, post, get }
}

describe('npm run serve (child process)', () => {
  it('prints its URL and the UI address, and answers plain fetch with the token; 401 without, 403 for a foreign Host', async () => {
    const { p, get } = await serve(['--node-name', '@@tester.sep-shinkai'])
    expect(p.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(p.token).toBe(readFileSync(join(dir, 'api-token'), 'utf8'))
    const health = await fetch(`${p.url}/v2/health_check`)
    expect(await health.json()).toMatchObject({ status: 'ok', node_name: '@@tester.sep-shinkai' })
    expect(await get('/v2/all_inboxes')).toEqual({ status: 200, body: [] })
    const noToken = await fetch(`${p.url}/v2/all_inboxes`)
    expect(noToken.status).toBe(401)
    expect(await noToken.json()).toMatchObject({ code: 401, error: 'Unauthorized' })
    const port = Number(new URL(p.url).port)
    const status = await new Promise<number>((done, fail) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: '/v2/all_inboxes', headers: { Host: 'attacker.example', Authorization: `Bearer ${p.token}` } },
        (res) => {
          res.resume()
          done(res.statusCode!)
        }
      )
      req.on('error', fail)
      req.end()
    })
    expect(status).toBe(403)
    const page = await fetch(`${p.url}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(await page.text()).toContain('<div id="root">')
  })

  it('SIGTERM exits 0, and everything written is there after a restart', async () => {
    const first = await serve()
    expect((await first.post('/v2/add_llm_provider', provider('gpt', { api_key: 'sk-keep', external_url: fake.url }))).status).toBe(200)
    const { job_id } = (await first.post('/v2/create_job', createJobBody('gpt', fullScope()))).body as { job_id: string }
    expect((await first.post('/v2/job_message', { job_id, content: 'persist me' })).status).toBe(200)
    const answered = (api: typeof first) =>
      vi.waitFor(
        async () => {
          const ms = (await api.post('/v2/last_messages', { inbox_name: `job_inbox::${job_id}::false` })).body as {
            job_message: { content: string }
          }[]
          expect(ms).toHaveLength(2)
          return ms.map((m) => m.job_message.content)
        },
        { timeout: 15_000, interval: 20 }
      )
    expect(await answered(first)).toEqual(['persist me', 'Hello from the fake'])
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-keep')
    first.p.child.kill('SIGTERM')
    expect(await first.p.exited).toBe(0)

    const second = await serve()
    expect(second.p.token).toBe(first.p.token)
    expect((await second.get(`/v2/get_job_scope?job_id=${job_id}`)).body).toEqual(fullScope())
    const [inbox] = (await second.get('/v2/all_inboxes')).body as { last_message: { job_message: { content: string } } }[]
    expect(inbox!.last_message.job_message.content).toBe('Hello from the fake')
    expect(await answered(second)).toEqual(['persist me', 'Hello from the fake'])
    expect(((await second.get('/v2/available_llm_providers')).body as { has_api_key: boolean }[])[0]!.has_api_key).toBe(true)
    second.p.child.kill('SIGINT')
    expect(await second.p.exited).toBe(0)
    expect(first.p.output() + second.p.output()).not.toContain('sk-keep')
  })

  it('SIGTERM during a connection test whose provider never answers ends the call after the grace: the test answers 503 (saying why), exit 0', async () => {
    const node = await serve()
    fake.behaviour = { type: 'hang' }
    expect((await node.post('/v2/add_llm_provider', provider('slow', { external_url: fake.url }))).status).toBe(200)
    const check = node.post('/v2/check_llm_provider', { llm_provider_id: 'slow' })
    const models = node.get('/v2/provider_models?llm_provider_id=slow')
    await vi.waitFor(() => expect(fake.requests.length).toBeGreaterThan(0), { timeout: 5000, interval: 20 })
    const stopped = performance.now()
    node.p.child.kill('SIGTERM')
    // The test may wait up to 120 s for a first word: it used to be cut off without an answer after 10 s.
    const answer = await check
    expect(answer.status).toBe(503)
    expect((answer.body as { message: string }).message).toMatch(/^The node is stopping/)
    expect([200, 503]).toContain((await models).status) // answered either way, never cut off
    expect(await node.p.exited).toBe(0)
    expect(performance.now() - stopped).toBeLessThan(STOP_GRACE_MS + 3000)
  })

  it('SIGTERM finishes a connection test in flight: a provider that answers soon after the signal gives the test its real result', async () => {
    const node = await serve()
    let release!: () => void
    const released = new Promise<void>((done) => (release = done))
    // The provider has not begun its answer when the signal comes.
    fake.behaviour = { type: 'reply', chunks: ['Hello'], after: released }
    expect((await node.post('/v2/add_llm_provider', provider('thinking', { external_url: fake.url }))).status).toBe(200)
    const check = node.post('/v2/check_llm_provider', { llm_provider_id: 'thinking' })
    await vi.waitFor(() => expect(fake.requests.length).toBeGreaterThan(0), { timeout: 5000, interval: 20 })
    node.p.child.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 1000))
    release()
    const answer = await check
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ status: 'success', message: expect.stringContaining('"Hello"') })
    expect(await node.p.exited).toBe(0)
  })

  it('a second SIGINT while the first waits on a provider ends its call at once: the test answers 503 and the node exits 0', async () => {
    const node = await serve()
    fake.behaviour = { type: 'hang' }
    expect((await node.post('/v2/add_llm_provider', provider('slow', { external_url: fake.url }))).status).toBe(200)
    const check = node.post('/v2/check_llm_provider', { llm_provider_id: 'slow' })
    await vi.waitFor(() => expect(fake.requests.length).toBeGreaterThan(0), { timeout: 5000, interval: 20 })
    node.p.child.kill('SIGINT')
    await vi.waitFor(() => expect(node.p.output()).toContain('SIGINT: finishing in-flight requests'), { timeout: 5000, interval: 20 })
    const again = performance.now()
    node.p.child.kill('SIGINT')
    const answer = await check
    expect(answer.status).toBe(503)
    expect(await node.p.exited).toBe(0)
    expect(performance.now() - again).toBeLessThan(2000)
  })

  it('an acknowledged write survives SIGKILL right after the answer', async () => {
    const first = await serve()
    fake.behaviour = { type: 'hang' } // answers stay pending: only the operator's writes are in play
    await first.post('/v2/add_llm_provider', provider('gpt', { external_url: fake.url, api_key: 'k' }))
    const { job_id } = (await first.post('/v2/create_job', createJobBody('gpt'))).body as { job_id: string }
    const acks: string[] = []
    for (let i = 0; i < 25; i++) {
      const res = await first.post('/v2/job_message', { job_id, content: `m${i}` })
      expect(res.status).toBe(200)
      acks.push((res.body as { node_message_hash: string }).node_message_hash)
    }
    first.p.child.kill('SIGKILL') // no chance to close anything
    expect(await first.p.exited).toBe('SIGKILL')

    const second = await serve()
    const msgs = (await second.post('/v2/last_messages', { inbox_name: `job_inbox::${job_id}::false`, limit: 500 })).body as {
      node_api_data: { node_message_hash: string }
      sender_subidentity: string
    }[]
    expect(msgs.filter((m) => m.sender_subidentity === 'main').map((m) => m.node_api_data.node_message_hash)).toEqual(acks)
  })

  it('refuses unknown flags with the usage line', async () => {
    await expect(startServe(['--prot', '1'])).rejects.toThrow(/unknown option --prot[\s\S]*usage: npm run serve/)
  })
})
