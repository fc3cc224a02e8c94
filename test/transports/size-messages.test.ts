import { afterEach, describe, expect, it } from 'vitest'
import { startHttpServer, type HttpServer } from '../../src/main/transports/http'
import { ResponseTooLarge } from '../../src/main/runtime/response-cap'
import { provider } from '../support/fixtures'
import { dbFingerprint, useTestNode } from '../support/node'

/*
 * A 413 says its limit as people read sizes ("64 MiB", "1,000 bytes"), the field first as every
 * error does. The body limit said "body: larger than 67108864 bytes", the session exchange and a
 * form's text field a bare byte count too. Over HTTP on 127.0.0.1.
 */

const TOKEN = 'size-messages'
const node = useTestNode()
let server: HttpServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

const start = async (maxBodyBytes: number) => {
  server = await startHttpServer({ router: node.router, token: TOKEN, port: 0, log: node.log, maxBodyBytes })
  return server
}

async function errorOf(res: Response) {
  const body = (await res.json()) as Record<string, unknown>
  expect(Object.keys(body).sort()).toEqual(['code', 'error', 'message'])
  return { status: res.status, ...body }
}

/** A body of exactly `bytes` bytes (an unknown field pads it), sent to update_job_scope: a route without a tighter limit of its own. */
const bodyOf = (bytes: number) => {
  const shell = JSON.stringify({ ...provider('pad'), pad: '' })
  return shell.slice(0, -2) + 'x'.repeat(bytes - shell.length) + '"}'
}

describe('a body over the limit', () => {
  it.each([
    [64 * 1024 * 1024, 'body: larger than the limit of 64 MiB'],
    [1024 * 1024, 'body: larger than the limit of 1 MiB'],
    [1000, 'body: larger than the limit of 1,000 bytes']
  ])('of %i bytes, declared or streamed: 413 naming it in readable units, nothing stored', async (limit, message) => {
    const { url } = await start(limit)
    const before = dbFingerprint(node.store)
    const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }
    const over = bodyOf(limit + 1)
    const declared = await fetch(`${url}/v2/update_job_scope`, { method: 'POST', headers, body: over })
    expect(await errorOf(declared)).toEqual({ status: 413, code: 413, error: 'Payload Too Large', message })
    const streamed = await fetch(`${url}/v2/update_job_scope`, {
      method: 'POST',
      headers,
      // No Content-Length: the node finds the body too large while reading it.
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(over))
          c.close()
        }
      }),
      duplex: 'half'
    })
    expect(await errorOf(streamed)).toEqual({ status: 413, code: 413, error: 'Payload Too Large', message })
    expect(dbFingerprint(node.store)).toBe(before)
  })
})

describe('other limits with a byte count in their message', () => {
  it("the session exchange's body limit reads 1,024 bytes", async () => {
    const { url, port } = await start(1024 * 1024)
    const res = await fetch(`${url}/v2/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ code: 'x'.repeat(2000) })
    })
    expect(await errorOf(res)).toMatchObject({ status: 413, message: 'body: larger than the limit of 1,024 bytes' })
  })

  it("an upload form's text field over its limit reads 65,536 bytes", async () => {
    const { url } = await start(1024 * 1024)
    const form = new FormData()
    form.set('path', '/')
    form.set('filename', 'x'.repeat(70_000))
    const res = await fetch(`${url}/v2/upload_file_to_folder`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}` },
      body: form
    })
    expect(await errorOf(res)).toMatchObject({ status: 400, message: 'filename: longer than 65,536 bytes' })
  })

  it("a provider's response over the wire limit says it in MiB", () => {
    expect(new ResponseTooLarge(16 * 1024 * 1024).message).toBe("the provider's response is larger than 16 MiB")
  })
})
