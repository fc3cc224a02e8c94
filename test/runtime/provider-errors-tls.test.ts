import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeFailure } from '../../src/main/runtime/provider-errors'

/*
 * An address typed with https:// for a server that speaks plain HTTP (a local LM Studio, vLLM or
 * llama.cpp): fetch's TLS handshake fails, and the wizard said "Calling … failed: fetch failed. Try
 * again.", which no retry mends. It now says the server answered in plain HTTP and to use http://.
 * A real HTTP server on loopback, called over https as the node calls it (fetch).
 */

let server: Server
let port: number
beforeAll(async () => {
  server = createServer((_req, res) => res.end('{}'))
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))

it('https:// to a plain HTTP server: says so and what to type instead, not "fetch failed. Try again."', async () => {
  const baseUrl = `https://127.0.0.1:${port}/v1`
  const err = await fetch(`${baseUrl}/models`).then(
    () => undefined,
    (e: unknown) => e
  )
  expect(err).toBeDefined()
  const failure = describeFailure(err, { kind: 'OpenAI', model: 'gpt-x', baseUrl })
  expect(failure.kind).toBe('unreachable')
  expect(failure.message).toBe(
    `Could not reach the OpenAI-compatible server at ${baseUrl}: it answers in plain HTTP, not HTTPS. Use http://127.0.0.1:${port}/v1 as the URL.`
  )
})
