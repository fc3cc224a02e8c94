import { readFileSync, statSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tempDir } from '../support/node'
import { killAll, startServe, type ServeProcess } from '../support/serve-process'

let root: string
let dir: string
let cleanup: () => void
const running: ServeProcess[] = []
beforeEach(() => {
  ;({ dir: root, cleanup } = tempDir('nodedesk-session-'))
  dir = join(root, 'data')
})
afterEach(async () => {
  await killAll(running)
  cleanup()
})

const serve = async (extra: string[] = [], env: NodeJS.ProcessEnv = {}) => {
  const p = await startServe(['--port', '0', '--data-dir', dir, ...extra], env)
  running.push(p)
  return p
}
const codeOf = (uiUrl: string) => /#code=([A-Za-z0-9_-]+)$/.exec(uiUrl)![1]!
const exchange = (p: ServeProcess, code: string, headers: Record<string, string> = {}) =>
  fetch(`${p.url}/v2/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ code })
  })
const inboxes = (p: ServeProcess, headers: Record<string, string>) => fetch(`${p.url}/v2/all_inboxes`, { headers }).then((r) => r.status)

describe('UI sessions: a one-time code in the UI address, traded for an HttpOnly cookie (child process)', () => {
  it('the printed address holds a code, not the token; the code works once; the cookie grants API access from our own origin only', async () => {
    const p = await serve()
    expect(p.uiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#code=[A-Za-z0-9_-]{43}$/)
    expect(p.output()).not.toContain(p.token)

    const first = await exchange(p, codeOf(p.uiUrl), { Origin: p.url })
    expect(first.status).toBe(200)
    const [setCookie] = first.headers.getSetCookie()
    const port = new URL(p.url).port
    expect(setCookie).toMatch(new RegExp(`^nodedesk_session_${port}=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=/$`))
    const cookie = setCookie!.split(';')[0]!

    const again = await exchange(p, codeOf(p.uiUrl), { Origin: p.url })
    expect(again.status).toBe(401)
    expect(await again.json()).toMatchObject({ code: 401, error: 'Unauthorized', message: expect.stringMatching(/^code: /) })
    expect(again.headers.getSetCookie()).toEqual([])

    expect(await inboxes(p, { Cookie: cookie })).toBe(200)
    expect(await inboxes(p, { Cookie: cookie, Origin: p.url, 'Sec-Fetch-Site': 'same-origin' })).toBe(200)
    // The DNS-rebinding guard holds for cookies: a foreign origin or a cross-site fetch is refused.
    expect(await inboxes(p, { Cookie: cookie, Origin: 'http://evil.example' })).toBe(401)
    expect(await inboxes(p, { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' })).toBe(401)
    expect(await inboxes(p, { Cookie: `nodedesk_session_${port}=made-up` })).toBe(401)
    expect(await inboxes(p, {})).toBe(401)
    expect(await inboxes(p, { Authorization: `Bearer ${p.token}` })).toBe(200)
    const events = await fetch(`${p.url}/v2/events`, { headers: { Cookie: cookie } })
    expect(events.status).toBe(200)
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/)
    await events.body!.cancel()
  })

  it('a made-up code, a code from a foreign origin, or a malformed exchange grants nothing', async () => {
    const p = await serve()
    expect((await exchange(p, 'A'.repeat(43))).status).toBe(401)
    const foreign = await exchange(p, codeOf(p.uiUrl), { Origin: 'http://evil.example' })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.getSetCookie()).toEqual([])
    const bad = await fetch(`${p.url}/v2/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"code":5}' })
    expect(await bad.json()).toEqual({ code: 400, error: 'Bad Request', message: 'code: expected a string' })
    expect((await fetch(`${p.url}/v2/session`, { method: 'POST', body: JSON.stringify({ code: 'x' }) })).status).toBe(415)
    // The refused foreign attempt did not spend the code.
    expect((await exchange(p, codeOf(p.uiUrl))).status).toBe(200)
  })

  it('scripts holding the token get a new UI address; without the token (or with only a cookie) they do not', async () => {
    const p = await serve()
    const fresh = await p.newUiUrl()
    expect(fresh.startsWith(`${p.url}/#code=`)).toBe(true)
    const res = await exchange(p, codeOf(fresh))
    expect(res.status).toBe(200)
    const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!
    expect((await fetch(`${p.url}/v2/session/ui_code`, { method: 'POST' })).status).toBe(401)
    expect((await fetch(`${p.url}/v2/session/ui_code`, { method: 'POST', headers: { Cookie: cookie } })).status).toBe(401)
  })

  it('--rotate-token makes a new token (0600); the old one is refused; with NODEDESK_API_TOKEN it says to change that instead', async () => {
    const first = await serve()
    const oldToken = first.token
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    const rotated = await serve(['--rotate-token'])
    expect(rotated.token).not.toBe(oldToken)
    expect(rotated.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(rotated.output()).toContain('API token replaced')
    expect(rotated.output()).not.toContain(rotated.token)
    expect(statSync(join(dir, 'api-token')).mode & 0o777).toBe(0o600)
    expect(await inboxes(rotated, { Authorization: `Bearer ${oldToken}` })).toBe(401)
    expect(await inboxes(rotated, { Authorization: `Bearer ${rotated.token}` })).toBe(200)
    rotated.child.kill('SIGTERM')
    expect(await rotated.exited).toBe(0)
    expect(readFileSync(join(dir, 'api-token'), 'utf8')).toBe(rotated.token)

    await expect(serve(['--rotate-token'], { NODEDESK_API_TOKEN: 'from-env' })).rejects.toThrow(
      /serve exited \(1\)[\s\S]*--rotate-token: the token comes from NODEDESK_API_TOKEN/
    )
  })

  it('an api-token that is a symlink is refused (never read through it), and the node does not start', async () => {
    mkdirSync(dir, { recursive: true })
    const elsewhere = join(root, 'someone-elses-token')
    writeFileSync(elsewhere, 'planted-token', { mode: 0o644 })
    symlinkSync(elsewhere, join(dir, 'api-token'))
    await expect(serve()).rejects.toThrow(/serve exited \(1\)[\s\S]*api-token is a symbolic link/)
    expect(statSync(elsewhere).mode & 0o777).toBe(0o644)
    expect(readFileSync(elsewhere, 'utf8')).toBe('planted-token')
  })
})
