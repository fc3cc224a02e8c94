import { serverErrorOf, ServerReportedError } from './openai-reply'

/** A JSON reply larger than this is not a chat answer (answers are cut at 1 MiB anyway). */
const MAX_JSON_BYTES = 16 * 1024 * 1024

/** The server's own words when one NDJSON line or JSON body is `{"error": ...}` rather than a chat chunk. */
function reportedError(text: string): string | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null || 'message' in value) return undefined
  return serverErrorOf(value)
}

/**
 * Ollama's NDJSON stream, passed through line by line, ending with ServerReportedError at a line
 * that reports an error (the model runner crashed mid-answer): the SDK drops lines it cannot
 * read, which would store the half-written answer as if it were whole.
 */
function errorLinesThrown(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder()
  const encoder = new TextEncoder()
  let pending = ''
  const check = (line: string) => {
    const said = line.includes('"error"') ? reportedError(line.trim()) : undefined
    if (said !== undefined) throw new ServerReportedError(said)
  }
  return new TransformStream({
    transform(bytes, controller) {
      pending += decoder.decode(bytes, { stream: true })
      const end = pending.lastIndexOf('\n')
      if (end === -1) return
      const lines = pending.slice(0, end + 1)
      pending = pending.slice(end + 1)
      for (const line of lines.split('\n')) check(line)
      controller.enqueue(encoder.encode(lines))
    },
    flush(controller) {
      pending += decoder.decode()
      check(pending)
      if (pending) controller.enqueue(encoder.encode(pending))
    }
  })
}

/** Ollama streams unless the request says `"stream": false`. */
function streamed(body: unknown): boolean {
  if (typeof body !== 'string') return true
  try {
    return (JSON.parse(body) as { stream?: unknown }).stream !== false
  } catch {
    return true
  }
}

/**
 * fetch for Ollama's native chat API: an error Ollama reports inside a 200 reply (a streamed
 * `{"error"}` line, or a whole body of one) is thrown as ServerReportedError with its own words.
 * Other requests and error statuses pass through untouched.
 */
export function ollamaCompatFetch(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init)
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (!res.ok || !res.body || !/\/api\/chat(\?|$)/.test(url)) return res
    if (streamed(init?.body)) {
      return new Response(res.body.pipeThrough(errorLinesThrown()), {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers
      })
    }
    const text = await res.text()
    if (text.length <= MAX_JSON_BYTES) {
      const said = reportedError(text)
      if (said !== undefined) throw new ServerReportedError(said)
    }
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers })
  }
}
