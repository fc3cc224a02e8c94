import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { expectError, useTestNode } from '../support/node'

/*
 * Model lists whose shape is not a list of models: `provider_models` answers 502 with a sentence
 * naming what came, as for any reply that is not a model list. They threw the parser's own words
 * ("entries is not iterable", "Cannot read properties of null (reading 'name')") as the reason.
 * Entries that name no model (null, a number) are skipped, like entries without an id.
 */

let reply = ''
const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(reply)
  })
})

const node = useTestNode()
const list = (kind: string, url: string) => node.get('/v2/provider_models', { kind, external_url: url })

describe('a model list that is not one', () => {
  it.each([
    ['OpenAI', '/v1', '{"object":"list","data":{"id":"m"}}', 'its "data" is not a list'],
    ['OpenAI', '/v1', 'null', 'it is null'],
    ['OpenAI', '/v1', '"m"', 'it is a string'],
    ['Ollama', '', '{"models":{"name":"m"}}', 'its "models" is not a list'],
    ['Ollama', '', '42', 'it is a number']
  ])('%s%s %s: 502 saying what came', async (kind, path, body, detail) => {
    reply = body
    const subject = kind === 'Ollama' ? `The Ollama server at ${local.url}` : `The OpenAI-compatible server at ${local.url}/v1`
    const checkUrl =
      kind === 'Ollama'
        ? "Check that the URL is the Ollama server's own address, without /v1 or /api (e.g. http://127.0.0.1:11434)."
        : 'Check that the URL is the API base (for most servers it ends in /v1).'
    expectError(await list(kind, local.url + path), 502, `${subject} sent a reply that is not a list of models (${detail}). ${checkUrl}`)
  })

  it.each([
    ['OpenAI', '/v1', '{"data":[null,7,{"id":"m"}]}'],
    ['Ollama', '', '{"models":[null,7,{"name":"m"}]}']
  ])('%s: entries that name no model are skipped', async (kind, path, body) => {
    reply = body
    const res = await list(kind, local.url + path)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ models: [{ id: 'm', name: 'm' }] })
  })
})
