import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { jobIdOfInbox, jobInboxId } from '../../src/shared/contract/inbox'
import { groupedNumber, sizeText } from '../../src/shared/byte-size'
import { httpUrl } from '../../src/shared/contract/provider'
import { RENDERER_CSP, RENDERER_CSP_META } from '../../src/shared/csp'
import { httpUrlProblem, isOpenAiHost, NOT_HTTP_URL, URL_WITH_SPACES, URL_WITH_USER_INFO } from '../../src/shared/http-url'
import { isAnswer, messageRole, replyingAgent } from '../../src/shared/message-role'

describe('rules written once in src/shared', () => {
  it('the built page carries the same policy the server sends, minus the header-only frame-ancestors', () => {
    // The test run's global setup builds the app (scripts/ensure-build.mjs).
    const html = readFileSync(join(__dirname, '../../out/renderer/index.html'), 'utf8')
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1]?.replaceAll('&#39;', "'")
    expect(meta).toBe(RENDERER_CSP_META)
    expect(RENDERER_CSP).toBe(`${RENDERER_CSP_META}; frame-ancestors 'none'`)
  })

  it('numbers in messages are grouped as en-US writes them, without loading ICU', () => {
    for (const n of [
      0,
      7,
      -1234,
      999,
      1000,
      10_000,
      65_535,
      1_048_576,
      123_456_789,
      1_000_000_000_000,
      Number.MAX_SAFE_INTEGER,
      1234.5678,
      1e21
    ])
      expect(groupedNumber(n)).toBe(n.toLocaleString('en-US'))
    expect(sizeText(1000)).toBe('1,000 bytes')
    expect(sizeText(256 * 1024 * 1024)).toBe('256 MiB')
  })

  it('inbox ids: job_inbox::<job_id>::false, read back to the job id', () => {
    expect(jobInboxId('jobid_a')).toBe('job_inbox::jobid_a::false')
    for (const id of ['jobid_a', 'with::colons', 'x']) expect(jobIdOfInbox(jobInboxId(id))).toBe(id)
    expect(jobIdOfInbox('job_inbox::::false')).toBe('job_inbox::::false')
    expect(jobIdOfInbox('inbox::other')).toBe('inbox::other')
  })

  it('provider URLs: absolute http(s) with a host and no user info, the same rule in the contract and the window', () => {
    for (const ok of ['http://127.0.0.1:8080/v1', 'https://api.openai.com', 'http://[::1]:11434']) {
      expect(httpUrlProblem(ok)).toBeUndefined()
      expect(httpUrl.safeParse(ok).success).toBe(true)
    }
    for (const [bad, problem] of [
      ['ftp://host/x', NOT_HTTP_URL],
      ['127.0.0.1:8080', NOT_HTTP_URL],
      ['not a url', NOT_HTTP_URL],
      [' not a url ', NOT_HTTP_URL],
      ['http://127.0.0.1:8080/v1 ', URL_WITH_SPACES],
      ['\thttps://api.example.com/v1\n', URL_WITH_SPACES],
      ['http://127.0.0.1:8080@evil.example/v1', URL_WITH_USER_INFO],
      ['https://user:pw@host/', URL_WITH_USER_INFO]
    ] as const) {
      expect(httpUrlProblem(bad)).toBe(problem)
      expect(httpUrl.safeParse(bad).error?.issues.map((i) => i.message)).toEqual([problem])
    }
    expect(isOpenAiHost('https://api.openai.com/v1')).toBe(true)
    expect(isOpenAiHost('http://127.0.0.1:8080/v1')).toBe(false)
  })

  it('message roles are read from the message: the operator, or the provider agent answering, stopped or failing', () => {
    const m = (sender: string, extra: Record<string, unknown> = {}) => ({
      sender_subidentity: sender,
      job_message: { content: 'x', ...extra }
    })
    expect(messageRole(m('main'))).toBe('operator')
    expect(messageRole(m('main/agent/gpt'))).toBe('answer')
    expect(messageRole(m('main/agent/gpt', { stopped: true }))).toBe('stopped')
    expect(messageRole(m('main/agent/gpt', { error: { kind: 'auth' } }))).toBe('error')
    expect(messageRole(m('main/agent/gpt', { error: null }))).toBe('answer')
    expect([isAnswer(m('main')), isAnswer(m('main/agent/gpt', { error: { kind: 'auth' } }))]).toEqual([false, true])
    expect(replyingAgent(m('main/agent/local-llama'))).toBe('local-llama')
    expect(replyingAgent(m('main'))).toBeUndefined()
  })
})
