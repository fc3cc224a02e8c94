import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * A loopback stand-in for hosted LLM services (which cannot be reached here). It speaks each
 * wire protocol as the services document it: OpenAI Chat Completions (SSE), Anthropic Messages
 * (SSE), Gemini streamGenerateContent (SSE) and Ollama /api/chat (NDJSON), plus model lists.
 */

export type Behaviour =
  /** Answers with these chunks; with `after`, only once that resolves (a provider slow to begin its answer). */
  | { readonly type: 'reply'; readonly chunks: readonly string[]; readonly delayMs?: number; readonly after?: Promise<unknown> }
  /** Sends these chunks, then stalls without closing. */
  | { readonly type: 'stall'; readonly chunks: readonly string[] }
  | { readonly type: 'status'; readonly status: number; readonly body: unknown; readonly headers?: Record<string, string> }
  /**
   * Sends these chunks, then fails mid-answer: `cut` resets the connection, `error` sends the
   * protocol's own error event (a server overloaded or failing after its 200 has been sent),
   * `close` ends the reply cleanly without the protocol's end of an answer (a proxy giving up).
   */
  | { readonly type: 'break'; readonly chunks: readonly string[]; readonly ending: 'cut' | 'error' | 'close'; readonly delayMs?: number }
  /**
   * Sends these chunks, then only its protocol's keep-alives (pings, empty chunks, comments) every
   * `everyMs`, never ending; with `until`, it ends the answer as `reply` does once that resolves.
   */
  | { readonly type: 'keepalive'; readonly chunks: readonly string[]; readonly everyMs: number; readonly until?: Promise<unknown> }
  /** Accepts the request and never answers. */
  | { readonly type: 'hang' }
  /** Redirects the call elsewhere (to see where credentials go). */
  | { readonly type: 'redirect'; readonly location: string }

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly headers: IncomingMessage['headers']
  readonly body: Record<string, unknown> | undefined
}

export interface FakeLlm {
  readonly url: string
  readonly requests: RecordedRequest[]
  behaviour: Behaviour
  /** Used one per chat request, first come first served, before `behaviour` (e.g. one 429, then answers). */
  queue: Behaviour[]
  /** Chat requests being answered now, and the most there ever were at once. */
  readonly concurrency: { now: number; max: number }
  /** performance.now() when the last streamed answer's final byte was written (for the bench). */
  lastByteAt: number
  /** Resolves when a chat request has arrived (for stop/kill tests). */
  nextChat(): Promise<RecordedRequest>
  close(): Promise<void>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function startFakeLlm(models: string[] = ['model-a', 'model-b']): Promise<FakeLlm> {
  const requests: RecordedRequest[] = []
  const waiters: ((r: RecordedRequest) => void)[] = []
  const open = new Set<ServerResponse>()
  const fake: FakeLlm = {
    url: '',
    requests,
    behaviour: { type: 'reply', chunks: ['Hello', ' from', ' the fake'] },
    queue: [],
    concurrency: { now: 0, max: 0 },
    lastByteAt: 0,
    nextChat: () => new Promise((r) => waiters.push(r)),
    close: async () => {
      for (const res of open) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    }
  }

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    open.add(res)
    res.on('close', () => open.delete(res))
    let raw = ''
    for await (const c of req) raw += c
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined
    const url = new URL(req.url!, 'http://x')
    const record = { method: req.method!, path: url.pathname + url.search, headers: req.headers, body }
    requests.push(record)

    if (req.method === 'GET') return listModels(url.pathname, res, models)
    const protocol = url.pathname.endsWith('/chat/completions')
      ? 'openai'
      : url.pathname.endsWith('/messages')
        ? 'anthropic'
        : url.pathname.includes(':streamGenerateContent') || url.pathname.includes(':generateContent')
          ? 'gemini'
          : url.pathname === '/api/chat'
            ? 'ollama'
            : undefined
    if (!protocol) {
      res.writeHead(404).end('{"error":"no such path"}')
      return
    }
    for (const w of waiters.splice(0)) w(record)
    const counted = fake.concurrency
    counted.max = Math.max(counted.max, ++counted.now)
    res.on('close', () => counted.now--)
    const b = fake.queue.shift() ?? fake.behaviour
    if (b.type === 'hang') return
    if (b.type === 'reply' && b.after) await b.after
    if (b.type === 'redirect') {
      res.writeHead(307, { Location: b.location }).end()
      return
    }
    if (b.type === 'status') {
      res.writeHead(b.status, { 'Content-Type': 'application/json', ...b.headers })
      res.end(JSON.stringify(b.body))
      return
    }
    // Ollama streams unless told not to; the others only when asked.
    const streaming =
      protocol === 'gemini'
        ? url.pathname.includes(':streamGenerateContent')
        : protocol === 'ollama'
          ? body?.stream !== false
          : body?.stream === true
    const model = typeof body?.model === 'string' ? body.model : 'gemini'
    if (!streaming) {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(whole(protocol, model, b.chunks.join(''))))
      return
    }
    res.writeHead(200, { 'Content-Type': protocol === 'ollama' ? 'application/x-ndjson' : 'text/event-stream' })
    for (const piece of start(protocol, model)) res.write(piece)
    for (const chunk of b.chunks) {
      if ((b.type === 'reply' || b.type === 'break') && b.delayMs) await sleep(b.delayMs)
      res.write(delta(protocol, model, chunk))
    }
    if (b.type === 'stall') return
    if (b.type === 'keepalive') {
      let released = false
      void b.until?.then(() => (released = true))
      while (!res.destroyed && !released) {
        await sleep(b.everyMs)
        if (!res.destroyed && !released) res.write(keepAlive(protocol, model))
      }
      if (res.destroyed) return
    }
    if (b.type === 'break') {
      if (b.ending === 'error') return void res.end(streamError(protocol))
      if (b.ending === 'close') return void res.end()
      // Let the chunks reach the client before the connection goes, as a proxy dying mid-answer does.
      await sleep(30)
      return void res.destroy()
    }
    for (const piece of finish(protocol, model)) res.write(piece)
    res.end(() => (fake.lastByteAt = performance.now()))
  }
  const server = createServer((req, res) => void answer(req, res))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  ;(fake as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}

/** The event an Anthropic Messages stream opens with. */
export const anthropicMessageStart = (model: string) => ({
  type: 'message_start',
  message: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    content: [],
    model,
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 5, output_tokens: 1 }
  }
})

const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`

function start(protocol: string, model: string): string[] {
  if (protocol === 'anthropic') {
    return [
      sse(anthropicMessageStart(model), 'message_start'),
      sse({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start')
    ]
  }
  return []
}

function delta(protocol: string, model: string, text: string): string {
  switch (protocol) {
    case 'openai':
      return sse({
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        created: 1,
        model,
        choices: [{ index: 0, delta: { role: 'assistant', content: text }, finish_reason: null }]
      })
    case 'anthropic':
      return sse({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }, 'content_block_delta')
    case 'gemini':
      return sse({ candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0 }] })
    default:
      return (
        JSON.stringify({ model, created_at: new Date().toISOString(), message: { role: 'assistant', content: text }, done: false }) + '\n'
      )
  }
}

/** What a server sends to keep a quiet stream open, in its protocol's words: nothing of the answer. */
function keepAlive(protocol: string, model: string): string {
  switch (protocol) {
    case 'openai':
      return (
        ': keep-alive\n\n' +
        sse({
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          created: 1,
          model,
          choices: [{ index: 0, delta: {}, finish_reason: null }]
        })
      )
    case 'anthropic':
      return sse({ type: 'ping' }, 'ping')
    case 'gemini':
      return sse({ candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, index: 0 }] })
    default:
      return (
        JSON.stringify({ model, created_at: new Date().toISOString(), message: { role: 'assistant', content: '' }, done: false }) + '\n'
      )
  }
}

/** The error a server reports inside a streamed 200 reply, in its protocol's words. */
function streamError(protocol: string): string {
  switch (protocol) {
    case 'openai':
      return sse({ error: { message: 'The server had an error while processing your request.', type: 'server_error', code: null } })
    case 'anthropic':
      return sse({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, 'error')
    case 'gemini':
      return sse({ error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } })
    default:
      return JSON.stringify({ error: 'model runner has unexpectedly stopped' }) + '\n'
  }
}

function finish(protocol: string, model: string): string[] {
  switch (protocol) {
    case 'openai':
      return [
        sse({
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          created: 1,
          model,
          choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
          usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 }
        }),
        'data: [DONE]\n\n'
      ]
    case 'anthropic':
      return [
        sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
        sse(
          { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } },
          'message_delta'
        ),
        sse({ type: 'message_stop' }, 'message_stop')
      ]
    // Gemini and Ollama end a stream with a last chunk shaped as a whole answer with no text.
    case 'gemini':
      return [sse(whole(protocol, model, ''))]
    default:
      return [JSON.stringify(whole(protocol, model, '')) + '\n']
  }
}

function whole(protocol: string, model: string, text: string): unknown {
  switch (protocol) {
    case 'openai':
      return {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 }
      }
    case 'anthropic':
      return {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        content: [{ type: 'text', text }],
        model,
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 5, output_tokens: 3 }
      }
    case 'gemini':
      return {
        candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 3, totalTokenCount: 8 }
      }
    default:
      return {
        model,
        created_at: new Date().toISOString(),
        message: { role: 'assistant', content: text },
        done: true,
        done_reason: 'stop',
        total_duration: 1,
        load_duration: 1,
        prompt_eval_count: 5,
        prompt_eval_duration: 1,
        eval_count: 3,
        eval_duration: 1
      }
  }
}

function listModels(path: string, res: ServerResponse, models: string[]) {
  res.writeHead(200, { 'Content-Type': 'application/json' })
  if (path === '/api/tags') res.end(JSON.stringify({ models: models.map((m) => ({ name: m, model: m, size: 1 })) }))
  else if (path.endsWith('/v1beta/models'))
    res.end(JSON.stringify({ models: models.map((m) => ({ name: `models/${m}`, displayName: m.toUpperCase() })) }))
  else res.end(JSON.stringify({ object: 'list', data: models.map((m) => ({ id: m, object: 'model', display_name: m })) }))
}
