import { normalisedEventStream } from '../src/main/runtime/openai-compat-fetch'

export interface NormaliserFigures {
  readonly chunks: number
  /** Median ms to read the stream through a pass-through TransformStream (the floor). */
  readonly passThroughMs: number
  /** Median ms to read the same bytes through the OpenAI-compatible reply normaliser. */
  readonly normalisedMs: number
}

/** The cost of re-framing and normalising a streamed answer (what every OpenAI-protocol answer goes through). */
export async function benchNormaliser(chunks = 20_000, runs = 7): Promise<NormaliserFigures> {
  const encoder = new TextEncoder()
  const pieces = Array.from({ length: chunks }, (_, i) =>
    encoder.encode(
      `data: ${JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'm',
        system_fingerprint: 'fp',
        choices: [{ index: 0, delta: { content: `token${i} ` }, logprobs: null, finish_reason: null }]
      })}\n\n`
    )
  )
  const read = async (transform: () => TransformStream<Uint8Array, Uint8Array>) => {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of pieces) c.enqueue(p)
        c.close()
      }
    }).pipeThrough(transform())
    const reader = stream.getReader()
    while (!(await reader.read()).done);
  }
  const median = async (transform: () => TransformStream<Uint8Array, Uint8Array>) => {
    const times: number[] = []
    for (let i = 0; i < runs + 2; i++) {
      const t = performance.now()
      await read(transform)
      if (i >= 2) times.push(performance.now() - t) // two warm-up runs
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
  }
  const passThroughMs = await median(() => new TransformStream())
  const normalisedMs = await median(normalisedEventStream)
  return { chunks, passThroughMs, normalisedMs }
}
