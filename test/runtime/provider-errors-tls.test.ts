import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeFailure } from '../../src/main/runtime/provider-errors'

/*
 * An address typed with https:// for a server that speaks plain HTTP (a local LM Studio, vLLM or
 * llama.cpp): fetch's TLS handshake fails, and the wizard said "Calling … failed: fetch failed. Try
 * again.", which no retry mends. It now says the server answered in plain HTTP and to use http://.
 * The same for an HTTPS server with a self-signed certificate: it says the certificate is not trusted.
 * Real servers on loopback, called as the node calls them (fetch).
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

it('https:// to a plain HTTP server with a query in its URL: the advice does not give a URL without its query', async () => {
  // An Azure OpenAI-style gateway's ?api-version=: "Use http://…/v1 as the URL" left it out, and calls without it fail.
  const baseUrl = `https://127.0.0.1:${port}/v1`
  const err = await fetch(`${baseUrl}/models?api-version=2024-10-21`).then(
    () => undefined,
    (e: unknown) => e
  )
  const failure = describeFailure(err, { kind: 'OpenAI', model: 'gpt-x', baseUrl, query: '?api-version=2024-10-21' })
  expect(failure.message).toBe(
    `Could not reach the OpenAI-compatible server at ${baseUrl}: it answers in plain HTTP, not HTTPS. Begin its URL with http:// instead of https://.`
  )
})

/** A self-signed certificate for 127.0.0.1, made by the openssl command (undefined where it is missing). */
function selfSigned(): { key: Buffer; cert: Buffer } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'nodedesk-tls-'))
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir, 'k.pem'),
        '-out',
        join(dir, 'c.pem')
      ],
      { stdio: 'ignore' }
    )
    return { key: readFileSync(join(dir, 'k.pem')), cert: readFileSync(join(dir, 'c.pem')) }
  } catch {
    return undefined
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const tls = selfSigned()
if (!tls) console.warn('provider-errors-tls: no openssl command to make a certificate with; the self-signed case is skipped')

it.skipIf(!tls)(
  'an HTTPS server with a self-signed certificate: says the certificate is not trusted, not "fetch failed. Try again."',
  async () => {
    const https = createTlsServer(tls!, (_req, res) => res.end('{}'))
    await new Promise<void>((done) => https.listen(0, '127.0.0.1', done))
    try {
      const baseUrl = `https://127.0.0.1:${(https.address() as AddressInfo).port}/v1`
      const err = await fetch(`${baseUrl}/models`).then(
        () => undefined,
        (e: unknown) => e
      )
      const failure = describeFailure(err, { kind: 'OpenAI', model: 'gpt-x', baseUrl })
      expect(failure.kind).toBe('unreachable')
      expect(failure.message).toBe(
        `Could not reach the OpenAI-compatible server at ${baseUrl}: its certificate is not trusted (self-signed). The node calls HTTPS servers only with a certificate from a public certificate authority, valid for that address: give the server one, or use http:// if it serves plain HTTP.`
      )
    } finally {
      await new Promise<void>((done) => https.close(() => done()))
    }
  }
)
