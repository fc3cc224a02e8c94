import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { useLoopbackServer } from '../support/loopback-server'
import { describe, expect, it } from 'vitest'
import { languageModel, providerFetch } from '../../src/main/runtime/language-model'
import { callModel } from '../../src/main/runtime/model-call'
import { normalisedEventStream } from '../../src/main/runtime/openai-compat-fetch'
import { ProviderFailure } from '../../src/main/runtime/provider-errors'

const DIR = join(__dirname, '../fixtures/openai-replies')
const recording = (file: string) => readFileSync(join(DIR, file))
const ANSWER = 'Paris is the capital of France.'

/*
 * Replays one recorded reply body for every chat request, with the content type the server
 * sends, in small pieces so that events and line ends arrive split across reads.
 */
let replay: { file: string; html?: string; json?: string; type?: string } = { file: 'llama-cpp.body' }
const replayRecording = async (req: IncomingMessage, res: ServerResponse) => {
  for await (const _ of req) void _
  const inline = replay.html ?? replay.json
  const body = inline !== undefined ? Buffer.from(inline) : recording(replay.file)
  const type =
    replay.type ??
    (replay.html !== undefined
      ? 'text/html'
      : replay.json === undefined && replay.file.endsWith('.sse')
        ? 'text/event-stream; charset=utf-8'
        : 'application/json')
  res.writeHead(200, { 'Content-Type': type })
  for (let i = 0; i < body.length; i += 37) {
    res.write(body.subarray(i, i + 37))
    await new Promise((r) => setImmediate(r))
  }
  res.end()
}
const local = useLoopbackServer((req, res) => void replayRecording(req, res))

const ask = async (stream: boolean) => {
  const target = { kind: 'OpenAI' as const, model: 'm', baseUrl: `${local.url}/v1` }
  const deltas: string[] = []
  return callModel({
    model: await languageModel(target, providerFetch(fetch)),
    options: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Capital of France?' }] }] },
    stream,
    failure: target,
    timeouts: { firstChunkMs: 5000, idleMs: 5000 },
    onDelta: (d) => deltas.push(d)
  }).then((r) => ({ ...r, deltas }))
}

const ANSWERS = [
  'llama-cpp.body',
  'llama-cpp.sse',
  'llama-cpp-no-done.sse',
  'lm-studio.body',
  'lm-studio.sse',
  'vllm.body',
  'vllm.sse',
  'ollama-openai.body',
  'ollama-openai.sse',
  'litellm.body',
  'litellm.sse',
  'litellm-crlf.sse',
  'mock-llm-minimal.body',
  'minimal.sse'
]

const ERRORS: [string, string][] = [
  ['llama-cpp-error.sse', 'the request exceeds the available context size, try increasing the context size or enable context shift'],
  ['lm-studio-error.body', 'No models loaded. Please load a model in the developer page or use the `lms load` command.'],
  ['vllm-error.sse', "This model's maximum context length is 8192 tokens."],
  ['ollama-openai-error.sse', 'model runner has unexpectedly stopped']
]

describe('recorded replies of OpenAI-compatible servers, through the AI SDK', () => {
  for (const stream of [true, false]) {
    const path = stream ? 'streaming' : 'non-streaming'
    it.each(ANSWERS)(`%s gives the answer (${path})`, async (file) => {
      replay = { file }
      const result = await ask(stream)
      expect(result).toMatchObject({ outcome: 'done', text: ANSWER })
      expect(result.deltas.join('')).toBe(ANSWER)
    })

    it.each(ERRORS)(`%s reports the server's own message, with no status (${path})`, async (file, serverMessage) => {
      replay = { file }
      const failure = await ask(stream).then(
        () => undefined,
        (e: unknown) => e
      )
      expect(failure).toBeInstanceOf(ProviderFailure)
      const f = failure as ProviderFailure
      expect(f.kind).toBe('provider_error')
      expect(f.status).toBeUndefined()
      expect(f.message).toContain(serverMessage)
      expect(f.message).not.toMatch(/\(\d{3}\)|HTTP \d{3}/)
    })

    it(`litellm-error.sse, a rate limit with its status as the code ("429"), is a rate limit with the server's words and no status (${path})`, async () => {
      replay = { file: 'litellm-error.sse' }
      const f = (await ask(stream).catch((e: unknown) => e)) as ProviderFailure
      expect(f).toBeInstanceOf(ProviderFailure)
      expect(f.kind).toBe('rate_limit')
      expect(f.status).toBeUndefined()
      expect(f.message).toContain('is limiting requests ("litellm.RateLimitError: RateLimitError: OpenAIException - Rate limit reached')
      expect(f.message).not.toMatch(/\(\d{3}\)|HTTP \d{3}/)
    })
  }

  it('a completion with "choices": [] is an empty answer, not a reply from a wrong address', async () => {
    replay = {
      file: '',
      json: '{"id":"c","object":"chat.completion","created":1747200000,"model":"m","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":0,"total_tokens":3}}'
    }
    expect(await ask(false)).toMatchObject({ outcome: 'done', text: '' })
    // Without the field, or with nothing in it a choice could be, it is still not a chat answer.
    for (const json of ['{"id":"c","object":"list","data":[]}', '{"choices":["x"]}']) {
      replay = { file: '', json }
      const failure = (await ask(false).catch((e: unknown) => e)) as ProviderFailure
      expect(failure).toBeInstanceOf(ProviderFailure)
      expect(failure.message).toContain('sent a reply that is not a chat answer (it holds no "choices")')
    }
  })

  it('a whole JSON reply labelled an event stream is read as the reply it is: the answer, or the error it holds', async () => {
    const type = 'text/event-stream; charset=utf-8'
    for (const stream of [true, false]) {
      replay = { file: '', type, json: recording('llama-cpp.body').toString() }
      expect(await ask(stream)).toMatchObject({ outcome: 'done', text: ANSWER })
      replay = {
        file: '',
        type,
        json: '\n  {"error": {"message": "Upstream model is overloaded", "type": "server_error", "code": null}}\n'
      }
      const failure = (await ask(stream).catch((e: unknown) => e)) as ProviderFailure
      expect(failure).toBeInstanceOf(ProviderFailure)
      expect(failure.message).toContain('reported an error: "Upstream model is overloaded". Try again')
      replay = { file: '', type, json: '{"choices": [{"message": {"content": "cut' }
      const unread = (await ask(stream).catch((e: unknown) => e)) as ProviderFailure
      expect(unread).toBeInstanceOf(ProviderFailure)
      expect(unread.message).toContain('sent a reply that is not a chat answer (it is neither events nor JSON, starting "{"choices"')
    }
  })

  it('an HTML page at the URL is reported as not an API reply, naming what came', async () => {
    // e.g. a chat web UI served at the address given as the API base
    replay = { file: '', html: '<!doctype html><html><head><title>Open WebUI</title></head></html>' }
    for (const stream of [false, true]) {
      const failure = (await ask(stream).catch((e: unknown) => e)) as ProviderFailure
      expect(failure).toBeInstanceOf(ProviderFailure)
      expect(failure.message).toContain('sent a reply that is not a chat answer (it is not JSON but text/html, starting "<!doctype html>')
    }
  })
})

/** Runs bytes through the normaliser in the given pieces; returns the data lines it emitted. */
async function normalise(pieces: Uint8Array[]): Promise<string[]> {
  const out = await new Response(
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of pieces) c.enqueue(p)
        c.close()
      }
    }).pipeThrough(normalisedEventStream())
  ).text()
  return out.split('\n\n').filter(Boolean)
}

describe('event stream normalisation', () => {
  it.each(['litellm-crlf.sse', 'llama-cpp.sse', 'minimal.sse'])('%s: the same events wherever the bytes are split', async (file) => {
    const bytes = new Uint8Array(recording(file))
    const whole = await normalise([bytes])
    expect(whole.length).toBeGreaterThan(0)
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await normalise([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(whole)
    }
  })

  it('adds what the SDK requires and drops what it would reject', async () => {
    const [chunk, done] = await normalise([new Uint8Array(recording('litellm.sse'))])
    expect(JSON.parse(chunk!.slice(6))).toEqual({
      id: 'chatcmpl-4f0e3c1a-9b7d-4e2f-8a6c-2d1b0e9f7a35',
      created: 1747200000,
      model: 'gpt-4o-mini',
      choices: [{ index: 0, delta: { role: 'assistant', content: 'Paris is the capital' }, finish_reason: null }],
      usage: null
    })
    expect(done).toBeDefined()
    const [minimal] = await normalise([new Uint8Array(recording('minimal.sse'))])
    expect((JSON.parse(minimal!.slice(6)) as { choices: unknown[] }).choices[0]).toEqual({
      index: 0,
      delta: { content: 'Paris is the capital of France.' },
      finish_reason: null
    })
  })

  it('passes each event on as soon as it is complete, without waiting for the end', async () => {
    const encoder = new TextEncoder()
    let push!: ReadableStreamDefaultController<Uint8Array>
    const reader = new ReadableStream<Uint8Array>({ start: (c) => void (push = c) }).pipeThrough(normalisedEventStream()).getReader()
    push.enqueue(encoder.encode('data: {"choices":[{"delta":{"content":"first"}}]}\r\n\r\ndata: {"choi'))
    const { value } = await reader.read()
    expect(new TextDecoder().decode(value)).toContain('"first"')
    push.close()
    await reader.cancel()
  })
})
