import { describe, expect, it } from 'vitest'
import type { ProviderKind } from '../../src/shared/contract/identity'
import { ProviderFailure } from '../../src/main/runtime/provider-errors'
import { listModels, testProvider } from '../../src/main/runtime/provider-gateway'
import { streamedCall } from '../support/answer-calls'
import { useLoopbackServer } from '../support/loopback-server'

/*
 * A server (or something else at the provider's address) that answers with a status outside
 * 200-599: Node's fetch hands on any three digits, but every reader that rebuilds a Response threw
 * a RangeError, and the note read 'Calling … failed: init["status"] must be in the range of 200 to
 * 599, inclusive. Try again.' It now says in a sentence that the server sent an invalid status.
 */

let status = 600
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    const body = '{"error": {"message": "odd"}}'
    res.socket!.end(
      `HTTP/1.1 ${status} Strange\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`
    )
  })
})

const BASES: Record<string, string> = { OpenAI: '/v1', Ollama: '', Claude: '/v1', Gemini: '/v1beta' }
const target = (kind: ProviderKind) => ({ kind, model: 'm', baseUrl: local.url + BASES[kind], apiKey: 'sk-test-key-123456' })
const timeouts = { firstChunkMs: 2000, idleMs: 2000 }

describe.each(['OpenAI', 'Claude', 'Gemini', 'Ollama'] as ProviderKind[])('%s', (kind) => {
  it.each([600, 999])('an answer whose reply has HTTP status %i fails with a sentence quoting that status', async (sent) => {
    status = sent
    const result = await streamedCall(kind, local.url + BASES[kind])
    expect(result.kind).toBe('failed')
    if (result.kind !== 'failed') return
    expect(result.failure.message).toContain(`sent an invalid HTTP status, ${sent} (valid ones run from 100 to 599)`)
    expect(result.failure.message).not.toMatch(/RangeError|init\[|inclusive/)
  })

  it('a provider check and a model list say the same of status 600', async () => {
    status = 600
    const check = await testProvider(target(kind), timeouts).catch((e: unknown) => e)
    expect(check).toBeInstanceOf(ProviderFailure)
    expect((check as ProviderFailure).message).toContain('sent an invalid HTTP status, 600')
    const list = await listModels(target(kind), 2000).catch((e: unknown) => e)
    expect(list).toBeInstanceOf(ProviderFailure)
    expect((list as ProviderFailure).message).toContain('sent an invalid HTTP status, 600')
    expect((list as ProviderFailure).message).not.toMatch(/init\[|inclusive/)
  })
})
