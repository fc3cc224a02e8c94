import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createJobBody, provider } from '../support/fixtures'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { tempDir } from '../support/node'
import { killAll, serveOn, type ServeProcess } from '../support/serve-process'

/*
 * Issue 10, item 6: a deleted secret.key was silently replaced; stored keys became unreadable
 * while has_api_key still said true and test_llm_provider answered 500. Against `npm run serve`
 * as a child process, stopped and started again on the same data folder.
 */

const KEY = 'sk-live-UNREADABLE-7d1e'
let root: string
let dir: string
let cleanup: () => void
let fake: FakeLlm
const running: ServeProcess[] = []

beforeEach(async () => {
  ;({ dir: root, cleanup } = tempDir('nodedesk-secret-'))
  dir = join(root, 'data')
  fake = await startFakeLlm()
})
afterEach(async () => {
  await killAll(running)
  await fake.close()
  cleanup()
})

async function serve() {
  const node = await serveOn(dir, running)
  const stop = async () => {
    node.p.child.kill('SIGTERM')
    await node.p.exited
  }
  return { ...node, stop }
}

describe('secret.key missing while encrypted keys exist', () => {
  it('warns at start, lists key_unreadable, answers 400 (not 500) and an error note saying to enter the key again', async () => {
    const first = await serve()
    expect((await first.call('POST', '/v2/add_llm_provider', provider('gpt', { external_url: fake.url, api_key: KEY }))).status).toBe(200)
    expect((await first.call('POST', '/v2/add_llm_provider', provider('keyless', { external_url: fake.url }))).status).toBe(200)
    const { job_id } = (await first.call<{ job_id: string }>('POST', '/v2/create_job', createJobBody('gpt'))).body
    await first.stop()

    rmSync(join(dir, 'secret.key'))
    const { p, call } = await serve()
    const newKey = readFileSync(join(dir, 'secret.key'))
    const out = p.output()
    expect(out).toContain(
      "Warning: the stored API key of 1 provider ('gpt') cannot be decrypted: the secret key file (secret.key) was missing, so a new one was made."
    )
    expect(out).toContain('Enter that key again')
    for (const secret of [KEY, newKey.toString('hex'), newKey.toString('base64'), newKey.toString('base64url')])
      expect(out).not.toContain(secret)

    const listed = (await call<{ id: string; has_api_key: boolean; key_unreadable?: boolean }[]>('GET', '/v2/available_llm_providers')).body
    expect(listed.map((e) => [e.id, e.has_api_key, e.key_unreadable])).toEqual([
      ['gpt', false, true],
      ['keyless', false, undefined]
    ])
    expect(listed[1]).not.toHaveProperty('key_unreadable')

    const sentence = "The stored API key of provider 'gpt' cannot be decrypted on this machine"
    const tested = await call<{ message: string }>('POST', '/v2/test_llm_provider', provider('gpt', { external_url: fake.url }))
    expect(tested.status).toBe(400)
    expect(tested.body).toMatchObject({ code: 400, error: 'Bad Request' })
    expect(tested.body.message).toMatch(new RegExp(`^api_key: ${sentence}.*Enter the API key again`))
    const checked = await call<{ message: string }>('POST', '/v2/check_llm_provider', { llm_provider_id: 'gpt' })
    expect(checked.status).toBe(400)
    expect(checked.body.message).toContain(sentence)
    expect(fake.requests).toHaveLength(0)

    expect((await call('POST', '/v2/job_message', { job_id, content: 'Still there?' })).status).toBe(200)
    const inbox = `job_inbox::${job_id}::false`
    let answer: { job_message: { content: string; error?: { kind: string } } } | undefined
    for (let i = 0; i < 200 && !answer; i++) {
      answer = (await call<(typeof answer)[]>('POST', '/v2/last_messages', { inbox_name: inbox })).body[1]
      if (!answer) await new Promise((r) => setTimeout(r, 25))
    }
    expect(answer!.job_message.error).toMatchObject({ kind: 'no_key' })
    expect(answer!.job_message.content).toContain(sentence)
    expect(answer!.job_message.content).toContain('Enter the API key again')
    expect(fake.requests).toHaveLength(0)

    // Entering the key again heals it.
    expect((await call('POST', '/v2/modify_llm_provider', provider('gpt', { external_url: fake.url, api_key: KEY }))).status).toBe(200)
    const healed = (await call<{ id: string; has_api_key: boolean }[]>('GET', '/v2/available_llm_providers')).body
    expect(healed[0]).toMatchObject({ id: 'gpt', has_api_key: true })
    expect(healed[0]).not.toHaveProperty('key_unreadable')
    expect((await call('POST', '/v2/test_llm_provider', provider('gpt', { external_url: fake.url }))).status).toBe(200)
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`)
  })

  it('a start with every key readable logs no warning', async () => {
    const first = await serve()
    expect((await first.call('POST', '/v2/add_llm_provider', provider('gpt', { external_url: fake.url, api_key: KEY }))).status).toBe(200)
    await first.stop()
    const { p } = await serve()
    expect(p.output()).not.toMatch(/cannot be decrypted/)
  })

  it('a symlinked secret.key is never read: the node refuses to start and says why', async () => {
    const first = await serve()
    await first.stop()
    const elsewhere = join(root, 'not-the-key')
    writeFileSync(elsewhere, Buffer.alloc(32, 7))
    rmSync(join(dir, 'secret.key'))
    symlinkSync(elsewhere, join(dir, 'secret.key'))
    await expect(serve()).rejects.toThrow(/secret\.key is a symbolic link/)
    expect(readFileSync(elsewhere)).toEqual(Buffer.alloc(32, 7))
  })
})
