import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { provider } from '../support/fixtures'
import { addProvider, expectError, useTestNode } from '../support/node'

/*
 * A provider check asks for one word and takes at most 1 MiB of reply. A server that sends more,
 * with no answer's text before the cut (the URL is not a chat API), is reported in a sentence saying what
 * came, as other replies that are not a chat answer are: the check read "failed: the provider's
 * response exceeded 1048576 bytes. Try again.", the node's own error text, and trying again never helps.
 */

const local = useLoopbackServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    // No answer's text before the cut: a list of 100,000 models, as a URL that is no chat API may send.
    res.end(JSON.stringify({ object: 'list', data: Array.from({ length: 100_000 }, (_, i) => ({ id: `model-${i}`, object: 'model' })) }))
  })
})

const node = useTestNode()

describe('a provider check answered with more than 1 MiB', () => {
  it('is a 502 saying the reply is not a chat answer and how large it was, and is kept as the last check', async () => {
    const settings = { model: { OpenAI: { model_type: 'm' } }, external_url: `${local.url}/v1`, api_key: 'sk-oversized-0123456789' }
    const message = `The OpenAI-compatible server at ${local.url}/v1 sent a reply that is not a chat answer (it is larger than 1 MiB). Check that the URL is the API base (for most servers it ends in /v1).`
    const tested = await node.post('/v2/test_llm_provider', provider('p1', settings))
    expectError(tested, 502)
    expect((tested.body as { message: string }).message).toBe(message)

    await addProvider(node, 'p1', settings)
    expectError(await node.post('/v2/check_llm_provider', { llm_provider_id: 'p1' }), 502, message)
    const listed = (await node.get('/v2/available_llm_providers')).body as { id: string; last_check: { ok: boolean; message: string } }[]
    expect(listed.find((p) => p.id === 'p1')!.last_check).toMatchObject({ ok: false, message })
  })
})
