import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * A loopback stand-in for embedding APIs, speaking their wire formats: OpenAI's
 * POST /v1/embeddings ({input: string[]} -> {data: [{embedding, index}]}), Ollama's
 * POST /api/embed ({model, input: string[]} -> {embeddings: number[][]}) and Gemini's
 * POST /v1beta/models/<m>:batchEmbedContents ({requests: [{content: {parts: [{text}]}}]} ->
 * {embeddings: [{values}]}) and :embedContent. Vectors are a hashed bag
 * of words (with a few synonyms folded together), so texts sharing words or meaning are near.
 */

export interface EmbedRequest {
  readonly path: string
  /** The request URL's query string ('' when none). */
  readonly search: string
  readonly headers: IncomingMessage['headers']
  readonly model: string
  readonly input: string[]
}

export type EmbedBehaviour =
  | { readonly type: 'ok' }
  /** Answers this status (with Retry-After when given) for the next `times` requests, then ok. */
  | { readonly type: 'fail'; readonly status: number; times: number; readonly retryAfter?: string }
  /** Accepts requests and never answers. */
  | { readonly type: 'hang' }
  /** Answers once `until` resolves, as the behaviour set by then says (`wait` itself: vectors). */
  | { readonly type: 'wait'; readonly until: Promise<void> }

export interface FakeEmbeddings {
  readonly url: string
  readonly requests: EmbedRequest[]
  behaviour: EmbedBehaviour
  /** How many numbers each vector has (changed: the model behind the name swapped for another). */
  dimension: number
  /** Resolves when the next embedding request has arrived. */
  nextRequest(): Promise<EmbedRequest>
  close(): Promise<void>
}

const SYNONYMS: Record<string, string> = { automobile: 'car', vehicle: 'car', cars: 'car', physician: 'doctor', medic: 'doctor' }

export function fakeVector(text: string, dimension: number): number[] {
  const v: number[] = Array.from({ length: dimension }, () => 0)
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const word = SYNONYMS[raw] ?? raw
    const h = createHash('sha256').update(word).digest()
    for (let i = 0; i < 4; i++) v[h.readUInt16BE(i * 2) % dimension]! += h[8 + i]! & 1 ? 1 : -1
  }
  if (!v.some((x) => x !== 0)) v[0] = 1
  return v
}

/** `port`: a given one (0: any free one), e.g. to start the server again where one was stopped. */
export async function startFakeEmbeddings(dimension = 64, port = 0): Promise<FakeEmbeddings> {
  const requests: EmbedRequest[] = []
  const waiters: ((r: EmbedRequest) => void)[] = []
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    for await (const c of req) raw += c
    const url = new URL(req.url!, 'http://x')
    type GeminiContent = { content?: { parts?: { text?: string }[] } }
    const body = raw ? (JSON.parse(raw) as { model?: string; input?: string | string[]; requests?: GeminiContent[] } & GeminiContent) : {}
    const geminiBatch = url.pathname.endsWith(':batchEmbedContents')
    const geminiOne = url.pathname.endsWith(':embedContent')
    const geminiText = (c: GeminiContent) => (c.content?.parts ?? []).map((p) => p.text ?? '').join('')
    const input = geminiBatch
      ? (body.requests ?? []).map(geminiText)
      : geminiOne
        ? [geminiText(body)]
        : Array.isArray(body.input)
          ? body.input
          : [String(body.input ?? '')]
    const model = geminiBatch || geminiOne ? url.pathname.split('/').pop()!.split(':')[0]! : String(body.model ?? '')
    const record = { path: url.pathname, search: url.search, headers: req.headers, model, input }
    const openai = url.pathname.endsWith('/embeddings')
    const ollama = url.pathname === '/api/embed'
    if (req.method !== 'POST' || (!openai && !ollama && !geminiBatch && !geminiOne)) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"no such path"}')
      return
    }
    requests.push(record)
    for (const w of waiters.splice(0)) w(record)
    const first = fake.behaviour
    if (first.type === 'wait') await first.until
    // Once waited for, answered as the behaviour set by then says.
    const b = fake.behaviour
    if (b.type === 'hang') return
    if (b.type === 'fail' && b.times > 0) {
      b.times--
      res.writeHead(b.status, { 'Content-Type': 'application/json', ...(b.retryAfter ? { 'Retry-After': b.retryAfter } : {}) })
      res.end(JSON.stringify({ error: { message: `fake failure ${b.status}` } }))
      return
    }
    const vectors = input.map((t) => fakeVector(t, fake.dimension))
    res.writeHead(200, { 'Content-Type': 'application/json' })
    if (geminiBatch) res.end(JSON.stringify({ embeddings: vectors.map((values) => ({ values })) }))
    else if (geminiOne) res.end(JSON.stringify({ embedding: { values: vectors[0] } }))
    else if (openai) {
      res.end(
        JSON.stringify({
          object: 'list',
          data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
          model: record.model,
          usage: { prompt_tokens: 1, total_tokens: 1 }
        })
      )
    } else {
      res.end(JSON.stringify({ model: record.model, embeddings: vectors, total_duration: 1, load_duration: 1, prompt_eval_count: 1 }))
    }
  }
  const server = createServer((req, res) => void answer(req, res))
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  const fake: FakeEmbeddings = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    behaviour: { type: 'ok' },
    dimension,
    nextRequest: () => new Promise((r) => waiters.push(r)),
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    }
  }
  return fake
}
