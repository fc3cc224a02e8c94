import { request } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { topLevelFieldSizes } from '../../src/main/transports/oversized-body'
import { addProvider, createJob, dbFingerprint, useTestNode } from '../support/node'
import { postHead, rawRequest, until } from '../support/raw-http'
import { expectSentence } from '../support/sentences'

/*
 * A job_message body over its 8 MiB limit, over real HTTP. The 413 blamed `content` whatever made
 * the body large (a 9 MiB `parent` was said to be content over 1 MiB). It now names the field that
 * is too large, read from the body's first 8 MiB, or says the body is too large when no field can
 * be blamed; with and without a declared length, and nothing is stored.
 */

const MIB = 1024 * 1024
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
let server: HttpServer
beforeEach(async () => {
  server = await startHttpServer({ router: node.router, token: 't', port: 0, log: node.log })
})
afterEach(() => server.close())

/** POSTs `body` to job_message, with a Content-Length or chunked. */
const post = (body: string, declareLength: boolean) =>
  new Promise<{ status: number; body: { code: number; error: string; message: string } }>((done, fail) => {
    const headers: Record<string, string | number> = { Authorization: 'Bearer t', 'Content-Type': 'application/json' }
    if (declareLength) headers['Content-Length'] = Buffer.byteLength(body)
    const req = request(`${server.url}/v2/job_message`, { method: 'POST', headers, agent: false }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => done({ status: res.statusCode!, body: JSON.parse(text) as { code: number; error: string; message: string } }))
    })
    req.on('error', fail)
    // In pieces, as a client streaming its body sends it.
    for (let i = 0; i < body.length; i += MIB) req.write(body.slice(i, i + MIB))
    req.end()
  })

describe('job_message bodies over 8 MiB', () => {
  let jobId: string
  beforeEach(async () => {
    jobId = await createJob(node, 'gpt')
  })

  const cases: [string, () => string, string][] = [
    [
      'content of 9 MiB',
      () => JSON.stringify({ job_id: jobId, content: 'x'.repeat(9 * MIB) }),
      'content: larger than the 1 MiB limit (1,048,576 bytes of UTF-8)'
    ],
    [
      'parent of 9 MiB',
      () => JSON.stringify({ job_id: jobId, content: 'hello', parent: 'p'.repeat(9 * MIB) }),
      'parent: too large (the whole request may take at most 8 MiB)'
    ],
    [
      'job_id of 5 MiB before 4 MiB of content',
      () => JSON.stringify({ job_id: 'j'.repeat(5 * MIB), content: 'c'.repeat(4 * MIB) }),
      'job_id: too large (the whole request may take at most 8 MiB)'
    ],
    [
      'many small fields',
      () =>
        JSON.stringify({
          job_id: jobId,
          content: 'hi',
          ...Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`extra_${i}`, 'v'.repeat(40)]))
        }),
      "body: larger than the 8 MiB a message's request may take (its content may be at most 1 MiB of UTF-8)"
    ],
    [
      'not JSON at all',
      () => 'z'.repeat(9 * MIB),
      "body: larger than the 8 MiB a message's request may take (its content may be at most 1 MiB of UTF-8)"
    ]
  ]
  for (const [name, body, message] of cases) {
    it(`${name}: 413 naming it, with a declared length or chunked; nothing stored`, async () => {
      const before = dbFingerprint(node.store)
      const text = body()
      expect(Buffer.byteLength(text)).toBeGreaterThan(8 * MIB)
      for (const declareLength of [true, false]) {
        const res = await post(text, declareLength)
        expect(res).toEqual({ status: 413, body: { code: 413, error: 'Payload Too Large', message } })
        expectSentence(`${res.body.message.split(': ').slice(1).join(': ')}.`.replace(/^./, (c) => c.toUpperCase()))
      }
      expect(dbFingerprint(node.store)).toBe(before)
    }, 30_000)
  }
})

describe('job_message bodies past 8 MiB from a client still sending', () => {
  it('are answered once the limit is passed, not after the whole body, and the connection is closed', async () => {
    const jobId = await createJob(node, 'gpt')
    const before = dbFingerprint(node.store)
    const port = Number(new URL(server.url).port)
    const head = postHead(port, '/v2/job_message', 't', { 'Content-Type': 'application/json', 'Content-Length': 40 * MIB })
    const req = await rawRequest(port, head)
    // 9 of the 40 MiB declared, then nothing more: the node read all 40 before it answered.
    await req.write(`{"job_id": "${jobId}", "content": "${'x'.repeat(9 * MIB)}`)
    const answer = await Promise.race([req.answer, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), 3000))])
    expect(answer, 'answered while the client still had 31 MiB to send').not.toBe('no answer')
    expect(answer).toMatchObject({ status: 413, headers: { connection: 'close' } })
    expect(JSON.parse((answer as { body: string }).body)).toEqual({
      code: 413,
      error: 'Payload Too Large',
      message: 'content: larger than the 1 MiB limit (1,048,576 bytes of UTF-8)'
    })
    expect(await until(() => req.ended(), 2000), 'connection closed').toBe(true)
    req.socket.destroy()
    expect(dbFingerprint(node.store)).toBe(before)
  })
})

describe('topLevelFieldSizes', () => {
  it('measures each top-level value as written, the cut one as far as it goes, through strings holding brackets, quotes and commas', () => {
    const body = Buffer.from('{ "a" : "x,}\\"]" , "b":{"c":[1,{"d":"}"}]}, "é\\n":12,"cut":"abcdef')
    expect([...topLevelFieldSizes(body)]).toEqual([
      ['a', 8],
      ['b', 19],
      ['é\n', 2],
      ['cut', 7]
    ])
    expect([...topLevelFieldSizes(Buffer.from('[1,2'))]).toEqual([])
    expect([...topLevelFieldSizes(Buffer.from('{"open'))]).toEqual([])
  })
})
