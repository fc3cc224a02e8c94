import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startHttpServer } from '../../src/main/transports/http'
import { fullScope, NODE, provider } from '../support/fixtures'
import { startFakeLlm, type FakeLlm } from '../support/fake-llm'
import { addProvider, createJob, useTestNode } from '../support/node'
import { messages, recordEvents, storedRoles, waitForAnswers, waitForMessages, type Msg } from '../support/answers'

const KEY = 'sk-test-KEY-0123456789'
let fake: FakeLlm
// A 429 is stored at once here (no retries); test/runtime/call-limits.test.ts covers the retries.
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 1500, idleMs: 800 }, rateLimitRetries: 0 } })

beforeEach(async () => {
  fake = await startFakeLlm()
})
afterEach(async () => {
  await fake.close()
})

function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(',')}]`
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(v)
}
const rehash = (m: Msg) => {
  const c = structuredClone(m) as { node_api_data: Partial<Msg['node_api_data']> }
  delete c.node_api_data.node_message_hash
  return createHash('sha256').update(sortedJson(c)).digest('hex')
}

async function jobWith(kind: string, extra: Record<string, unknown> = {}) {
  await addProvider(node, 'p1', { model: { [kind]: { model_type: 'model-a' } }, external_url: fake.url, api_key: KEY, ...extra })
  const jobId = await createJob(node, 'p1')
  return { jobId, inboxId: `job_inbox::${jobId}::false` }
}

const chatRequests = () => fake.requests.filter((r) => r.method === 'POST')

describe.each([
  ['OpenAI', '/v1/chat/completions', (h: Record<string, unknown>) => h.authorization === `Bearer ${KEY}`],
  ['Groq', '/v1/chat/completions', (h: Record<string, unknown>) => h.authorization === `Bearer ${KEY}`],
  ['Claude', '/v1/messages', (h: Record<string, unknown>) => h['x-api-key'] === KEY],
  ['Gemini', '/v1beta/models/model-a:streamGenerateContent?alt=sse', (h: Record<string, unknown>) => h['x-goog-api-key'] === KEY],
  ['Ollama', '/api/chat', () => true]
])('%s', (kind, path, authorized) => {
  it('streams the answer in order, stores it as the next message of the chain, and makes it last_message', async () => {
    const events = recordEvents(node)
    const { jobId, inboxId } = await jobWith(kind)
    fake.behaviour = { type: 'reply', chunks: ['Bon', 'jour', ' ✓', ' world'], delayMs: 5 }
    const ack = (await node.post('/v2/job_message', { job_id: jobId, content: 'Say hello' })).body as { node_message_hash: string }
    const [question, answer] = await waitForAnswers(node, inboxId, 1)
    expect(chatRequests()[0]!.path).toBe(path)
    expect(authorized(chatRequests()[0]!.headers)).toBe(true)
    expect(answer!.job_message.content).toBe('Bonjour ✓ world')
    expect(answer!.sender_subidentity).toBe('main/agent/p1')
    expect(answer!.receiver_subidentity).toBe('main')
    expect(answer!.job_message.parent).toBe(ack.node_message_hash)
    expect(answer!.node_api_data.parent_hash).toBe(question!.node_api_data.node_message_hash)
    expect(answer!.node_api_data.node_timestamp > question!.node_api_data.node_timestamp).toBe(true)
    expect(rehash(answer!)).toBe(answer!.node_api_data.node_message_hash)
    const deltas = events.filter((e) => e.type === 'message_delta').map((e) => e.data as { inbox: string; text: string })
    expect(deltas.map((d) => d.text)).toEqual(['Bon', 'jour', ' ✓', ' world'])
    expect(new Set(deltas.map((d) => d.inbox))).toEqual(new Set([inboxId]))
    const [inbox] = (await node.get('/v2/all_inboxes')).body as { last_message: Msg }[]
    expect(inbox!.last_message.job_message.content).toBe('Bonjour ✓ world')
  })
})

describe('job config and context', () => {
  it('passes custom_prompt as system prompt and temperature, top_p, seed to OpenAI', async () => {
    const { jobId, inboxId } = await jobWith('OpenAI')
    const config = {
      custom_prompt: 'You are terse.',
      temperature: 0.2,
      seed: 42,
      top_k: 5,
      top_p: 0.5,
      stream: true,
      other_model_params: null
    }
    expect((await node.post('/v2/update_job_config', { job_id: jobId, config })).status).toBe(200)
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
    await waitForAnswers(node, inboxId, 1)
    const body = chatRequests()[0]!.body!
    expect(body).toMatchObject({ model: 'model-a', temperature: 0.2, top_p: 0.5, seed: 42, stream: true })
    expect(body.messages).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Hi' }
    ])
  })

  it('passes top_k, temperature, top_p and seed to Ollama as options', async () => {
    const { jobId, inboxId } = await jobWith('Ollama')
    await node.post('/v2/update_job_config', {
      job_id: jobId,
      config: { custom_prompt: '', temperature: 0.3, seed: 7, top_k: 12, top_p: 0.8, stream: true, other_model_params: null }
    })
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
    await waitForAnswers(node, inboxId, 1)
    expect(chatRequests()[0]!.body!.options).toMatchObject({ temperature: 0.3, top_k: 12, top_p: 0.8, seed: 7 })
  })

  it('stream=false makes one non-streaming call and stores the answer', async () => {
    const { jobId, inboxId } = await jobWith('OpenAI')
    await node.post('/v2/update_job_config', {
      job_id: jobId,
      config: { custom_prompt: '', temperature: 0.7, seed: 0, top_k: 40, top_p: 0.9, stream: false, other_model_params: null }
    })
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
    const [, answer] = await waitForAnswers(node, inboxId, 1)
    expect(chatRequests()[0]!.body!.stream).not.toBe(true)
    expect(answer!.job_message.content).toBe('Hello from the fake')
  })

  it('sends the conversation so far, and answers queued questions in order, each with the context up to it', async () => {
    const { jobId, inboxId } = await jobWith('OpenAI')
    fake.behaviour = { type: 'reply', chunks: ['A1'], delayMs: 30 }
    await node.post('/v2/job_message', { job_id: jobId, content: 'Q1' })
    await node.post('/v2/job_message', { job_id: jobId, content: 'Q2' })
    const ms = await waitForAnswers(node, inboxId, 2)
    expect(ms.map((m) => m.job_message.content)).toEqual(['Q1', 'Q2', 'A1', 'A1'])
    expect(ms[2]!.job_message.parent).toBe(ms[0]!.node_api_data.node_message_hash)
    expect(ms[3]!.job_message.parent).toBe(ms[1]!.node_api_data.node_message_hash)
    const [first, second] = chatRequests()
    expect(first!.body!.messages).toEqual([{ role: 'user', content: 'Q1' }])
    expect(second!.body!.messages).toEqual([
      { role: 'user', content: 'Q1' },
      { role: 'assistant', content: 'A1' },
      { role: 'user', content: 'Q2' }
    ])
  })

  it('adds the scope passages most relevant to the question to the system prompt', async () => {
    await addProvider(node, 'p1', { external_url: fake.url, api_key: KEY })
    const scope = fullScope()
    scope.local_vrkai[0]!.vrkai.resource.Document.nodes.push({
      ...scope.local_vrkai[0]!.vrkai.resource.Document.nodes[0]!,
      id: '3',
      content: { Text: 'The warranty covers water damage for three years.' }
    })
    const jobId = await createJob(node, 'p1', scope)
    await node.post('/v2/job_message', { job_id: jobId, content: 'What does the warranty cover?' })
    await waitForAnswers(node, `job_inbox::${jobId}::false`, 1)
    const system = (chatRequests()[0]!.body!.messages as { role: string; content: string }[])[0]!
    expect(system.role).toBe('system')
    expect(system.content).toMatch(/^Excerpts from the job's documents/)
    expect(system.content).toContain('[1] (handbook) The warranty covers water damage for three years.')
  })

  it('after change_job_llm_provider the next answer comes from the new provider', async () => {
    const { jobId, inboxId } = await jobWith('OpenAI')
    await addProvider(node, 'local', { model: { Ollama: { model_type: 'llama3.2' } }, external_url: fake.url })
    await node.post('/v2/job_message', { job_id: jobId, content: 'one' })
    await waitForAnswers(node, inboxId, 1)
    await node.post('/v2/change_job_llm_provider', { job_id: jobId, new_agent_id: 'local' })
    await node.post('/v2/job_message', { job_id: jobId, content: 'two' })
    const ms = await waitForAnswers(node, inboxId, 2)
    expect(ms[3]!.sender_subidentity).toBe('main/agent/local')
    expect(chatRequests()[1]!.path).toBe('/api/chat')
    expect(chatRequests()[1]!.body!.model).toBe('llama3.2')
  })
})

describe('who answers', () => {
  it("an answer's sender and sender_subidentity name the provider's agent identity (its full_identity_name), not its id; the receiver is the node", async () => {
    // Over the real HTTP transport, as a script would read it.
    const server = await startHttpServer({ router: node.router, token: 'tok', port: 0, log: node.log })
    const call = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { Authorization: 'Bearer tok', 'Content-Type': 'application/json' },
        body: JSON.stringify(body)
      })
      return { status: res.status, body: await res.json() }
    }
    try {
      const agent = (node_name: string, profile_name: string, subidentity_name: string) => ({
        full_name: `${node_name}/${profile_name}/agent/${subidentity_name}`,
        node_name,
        profile_name,
        subidentity_name,
        subidentity_type: 'Agent'
      })
      const first = agent('@@remote.sep-shinkai', 'work', 'writer')
      const second = agent(NODE, 'main', 'local_llama')
      for (const [id, identity, extra] of [
        ['gpt_4o', first, { api_key: KEY, name: 'Writer GPT' }],
        ['llama_id', second, { model: { Ollama: { model_type: 'llama3.2' } } }]
      ] as const) {
        const added = await call('/v2/add_llm_provider', provider(id, { full_identity_name: identity, external_url: fake.url, ...extra }))
        expect(added.status).toBe(200)
      }
      const { job_id } = (await call('/v2/create_job', { llm_provider: 'gpt_4o', job_creation_info: { scope: fullScope() } })).body as {
        job_id: string
      }
      const inboxId = `job_inbox::${job_id}::false`
      expect((await call('/v2/job_message', { job_id, content: 'one' })).status).toBe(200)
      await waitForAnswers(node, inboxId, 1)
      await call('/v2/change_job_llm_provider', { job_id, new_agent_id: 'llama_id' })
      await call('/v2/job_message', { job_id, content: 'two' })
      await waitForAnswers(node, inboxId, 2)
      const ms = (await call('/v2/last_messages', { inbox_name: inboxId })).body as Msg[]
      expect(ms.map((m) => [m.sender, m.sender_subidentity, m.receiver, m.receiver_subidentity])).toEqual([
        [NODE, 'main', NODE, 'main'],
        ['@@remote.sep-shinkai', 'work/agent/writer', NODE, 'main'],
        [NODE, 'main', NODE, 'main'],
        [NODE, 'main/agent/local_llama', NODE, 'main']
      ])
      expect(`${ms[1]!.sender}/${ms[1]!.sender_subidentity}`).toBe(first.full_name)
      for (const m of ms) expect(rehash(m)).toBe(m.node_api_data.node_message_hash)
      // A text export heads each answer by the provider that wrote it, found by the agent it answered as
      // ("writer" is gpt_4o's), as the operator knows it: its display name, else its id.
      const exported = (await call('/v2/export_messages_from_inbox', { inbox_name: inboxId, format: 'txt' })).body as { content: string }
      expect(exported.content).toMatch(/\] Writer GPT:\n/)
      expect(exported.content).toMatch(/\] llama_id:\n/)
      expect(exported.content).not.toMatch(/\] (writer|local_llama):/)
      // The JSON export keeps the messages as sent: the agent's identity.
      const json = (await call('/v2/export_messages_from_inbox', { inbox_name: inboxId, format: 'json' })).body as { content: string }
      expect(json.content).toContain('"sender_subidentity":"work/agent/writer"')
    } finally {
      await server.close()
    }
  })
})

describe('failures become clearly marked messages in the inbox', () => {
  it.each([
    [
      { type: 'status', status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } },
      'auth',
      /^⚠ The OpenAI-compatible server at http:\/\/127\.0\.0\.1:\d+\/v1 rejected the API key \(HTTP 401: "Incorrect API key provided: \[redacted\]"\)\. Check the key/
    ],
    [
      { type: 'status', status: 429, body: { error: { message: 'Rate limit reached' } } },
      'rate_limit',
      /^⚠ The OpenAI-compatible server at \S+ is limiting requests \(HTTP 429: "Rate limit reached"\)\. Wait a moment/
    ],
    [
      { type: 'status', status: 500, body: { error: { message: 'boom' } } },
      'provider_error',
      /^⚠ The OpenAI-compatible server at \S+ failed \(HTTP 500: "boom"\)\. Try again later/
    ],
    [{ type: 'hang' }, 'timeout', /^⚠ The OpenAI-compatible server at \S+ did not answer within 2 s\. Check that the server is running/],
    [
      { type: 'stall', chunks: ['part'] },
      'timeout',
      // What had streamed is kept, before the note.
      /^part\n\n⚠ The answer broke off here\. The OpenAI-compatible server at \S+ stopped sending the answer for 1 s\. Try again/
    ]
  ] as const)('%j -> %s', async (behaviour, kind, text) => {
    const { jobId, inboxId } = await jobWith('OpenAI')
    fake.behaviour = behaviour
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
    const [, note] = await waitForAnswers(node, inboxId, 1)
    expect(note!.job_message.error!.kind).toBe(kind)
    expect(note!.job_message.content).toMatch(text)
    expect(JSON.stringify(await messages(node, inboxId))).not.toContain(KEY)
    expect(node.log.lines.join('\n')).not.toContain(KEY)
  })

  it('connection refused names the host', async () => {
    await fake.close()
    const { jobId, inboxId } = await jobWith('OpenAI')
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
    const [, note] = await waitForAnswers(node, inboxId, 1)
    expect(note!.job_message.error!.kind).toBe('unreachable')
    expect(note!.job_message.content).toBe(
      `⚠ Could not reach the OpenAI-compatible server at ${fake.url}/v1 (connection refused). Check that the server is running and that the URL is right.`
    )
    fake = await startFakeLlm() // for afterEach
  })

  it('a connection cut in the middle of an answer says so, not that the server could not be reached', async () => {
    const { jobId, inboxId } = await jobWith('OpenAI')
    fake.behaviour = { type: 'stall', chunks: ['The first half'] }
    const events = recordEvents(node)
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
    await vi.waitFor(() => expect(events.some((e) => e.type === 'message_delta')).toBe(true), { timeout: 5000 })
    await fake.close() // drops the open response mid-stream, as a crashed server or proxy does
    const [, note] = await waitForAnswers(node, inboxId, 1)
    expect(note!.job_message.error).toBeDefined()
    expect(note!.job_message.content).toBe(
      `The first half\n\n⚠ The OpenAI-compatible server at ${fake.url}/v1 broke off the answer (connection closed). Try again; if it keeps happening, look at the server's log.`
    )
    fake = await startFakeLlm() // for afterEach
  })

  it('the key never follows a redirect to another host', async () => {
    const elsewhere = await startFakeLlm()
    try {
      const { jobId, inboxId } = await jobWith('OpenAI')
      fake.behaviour = { type: 'redirect', location: `${elsewhere.url}/v1/chat/completions` }
      await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
      const [, note] = await waitForAnswers(node, inboxId, 1)
      expect(note!.job_message.content).toMatch(
        /answered with a redirect, which is not followed so that the key is sent nowhere else\. Set the URL to the final address\./
      )
      expect(elsewhere.requests).toEqual([])
    } finally {
      await elsewhere.close()
    }
  })

  it('a hosted kind without a key is told so without calling anyone', async () => {
    await addProvider(node, 'nokey', { model: { Claude: { model_type: 'claude-x' } } })
    const jobId = await createJob(node, 'nokey')
    await node.post('/v2/job_message', { job_id: jobId, content: 'Hi' })
    const [, note] = await waitForAnswers(node, `job_inbox::${jobId}::false`, 1)
    expect(note!.job_message.content).toBe("⚠ Anthropic Claude needs an API key. Add one in the settings of provider 'nokey'.")
    expect(note!.job_message.error!.kind).toBe('no_key')
  })

  it('after an error the job keeps working: the next message is answered', async () => {
    const { jobId, inboxId } = await jobWith('OpenAI')
    fake.behaviour = { type: 'status', status: 503, body: { error: 'overloaded' } }
    await node.post('/v2/job_message', { job_id: jobId, content: 'first' })
    await waitForAnswers(node, inboxId, 1)
    fake.behaviour = { type: 'reply', chunks: ['fine now'] }
    await node.post('/v2/job_message', { job_id: jobId, content: 'retry' })
    const ms = await waitForAnswers(node, inboxId, 2)
    expect(ms.at(-1)!.job_message.content).toBe('fine now')
    expect(ms.at(-1)!.job_message.error).toBeUndefined()
    expect(storedRoles(node, inboxId)).toEqual(['operator', 'error', 'operator', 'answer'])
  })
})

describe('stop, concurrency and restarts', () => {
  it('stop_llm keeps what was streamed, marked stopped', async () => {
    const { jobId, inboxId } = await jobWith('OpenAI')
    fake.behaviour = { type: 'stall', chunks: ['partial ', 'answer'] }
    const events = recordEvents(node)
    await node.post('/v2/job_message', { job_id: jobId, content: 'Write a lot' })
    await waitForMessages(node, inboxId, () => events.filter((e) => e.type === 'message_delta').length === 2)
    expect(await node.post('/v2/stop_llm', { inbox_name: inboxId })).toEqual({ status: 200, body: 'Successfully stopped' })
    const [, answer] = await waitForAnswers(node, inboxId, 1)
    expect(answer!.job_message).toMatchObject({ content: 'partial answer', stopped: true })
    expect(storedRoles(node, inboxId)).toEqual(['operator', 'stopped'])
    expect(node.runtime!.busy(inboxId)).toBe(false)
  })

  it('stop_llm answers 404 for an unknown inbox and 200 when nothing is running', async () => {
    const { inboxId } = await jobWith('OpenAI')
    expect((await node.post('/v2/stop_llm', { inbox_name: inboxId })).status).toBe(200)
    expect((await node.post('/v2/stop_llm', { inbox_name: 'job_inbox::nope::false' })).status).toBe(404)
  })

  it('answers many jobs at once', async () => {
    await addProvider(node, 'p1', { external_url: fake.url, api_key: KEY })
    const jobs = await Promise.all([1, 2, 3].map(() => createJob(node, 'p1')))
    // Each answer streams for a second (a chunk every 500 ms): the third question, sent after the other
    // two, has that long to start streaming before the first ends. With 150 ms chunks it had 300 ms,
    // which two requests and a call started on a loaded machine can take.
    fake.behaviour = { type: 'reply', chunks: ['a', 'b', 'c'], delayMs: 500 }
    const events = recordEvents(node)
    for (const j of jobs) await node.post('/v2/job_message', { job_id: j, content: 'go' })
    for (const j of jobs) await waitForAnswers(node, `job_inbox::${j}::false`, 1)
    // At once, not one after another: every answer had started streaming before any had finished.
    const deltas = events.flatMap((e, i) => (e.type === 'message_delta' ? [{ i, inbox: (e.data as { inbox: string }).inbox }] : []))
    const inboxes = jobs.map((j) => `job_inbox::${j}::false`)
    const firsts = inboxes.map((id) => deltas.find((d) => d.inbox === id)!.i)
    const lasts = inboxes.map((id) => deltas.findLast((d) => d.inbox === id)!.i)
    expect(Math.max(...firsts)).toBeLessThan(Math.min(...lasts))
  })

  it('a question accepted before a restart mid-answer is answered after it, once', async () => {
    const { jobId, inboxId } = await jobWith('OpenAI')
    fake.behaviour = { type: 'stall', chunks: ['half'] }
    const chat = fake.nextChat()
    await node.post('/v2/job_message', { job_id: jobId, content: 'survive me' })
    await chat
    fake.behaviour = { type: 'reply', chunks: ['whole answer'] }
    node.reopen()
    const ms = await waitForAnswers(node, inboxId, 1)
    expect(ms.map((m) => m.job_message.content)).toEqual(['survive me', 'whole answer'])
    // Once the queue is empty and nothing is answering, no second answer can come.
    await vi.waitFor(() => expect([node.runtime!.busy(inboxId), node.store.messages.pendingInboxes()]).toEqual([false, []]), {
      timeout: 5000
    })
    expect((await messages(node, inboxId)).length).toBe(2)
  })
})
