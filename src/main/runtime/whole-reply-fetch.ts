import { cutJsonString, readUpToCap, WHOLE_JSON_GRACE_MS } from './response-cap'

/**
 * A whole answer cut off at the wire limit as the protocol's reply, holding the text that came
 * (the caller, whose limit it is, stores it as cut), said to have ended at the model's output limit.
 */
const CUT_REPLY = {
  anthropic: (text: string) => ({
    id: 'msg_cut',
    type: 'message',
    role: 'assistant',
    model: '',
    content: [{ type: 'text', text }],
    stop_reason: 'max_tokens',
    stop_sequence: null,
    usage: { input_tokens: 0, output_tokens: 0 }
  }),
  gemini: (text: string) => ({ candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'MAX_TOKENS', index: 0 }] })
}

/** A request for a whole (not streamed) answer in the protocol's own terms. */
function asksWhole(protocol: 'anthropic' | 'gemini', url: string, body: unknown): boolean {
  if (protocol === 'gemini') return /:generateContent(\?|$)/.test(url)
  if (!/\/messages(\?|$)/.test(url)) return false
  try {
    return typeof body === 'string' && (JSON.parse(body) as { stream?: unknown }).stream !== true
  } catch {
    return false
  }
}

/**
 * fetch for the Claude and Gemini protocols that reads a whole answer's reply itself, as the OpenAI
 * and Ollama readers do: the SDKs read the body to its end, so a reply cut at the wire limit lost all
 * its text, and one whose chunked encoding never ended waited out the time-out though it had come whole.
 */
export function wholeReplyFetch(base: typeof fetch, protocol: 'anthropic' | 'gemini'): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init)
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (
      !res.ok ||
      !res.body ||
      /text\/event-stream/i.test(res.headers.get('content-type') ?? '') ||
      !asksWhole(protocol, url, init?.body)
    ) {
      return res
    }
    const { text, cut } = await readUpToCap(res, Infinity, WHOLE_JSON_GRACE_MS)
    let body = text
    if (cut) {
      const said = cutJsonString(text, 'text')
      if (said === undefined) throw cut
      body = JSON.stringify(CUT_REPLY[protocol](said))
    }
    const headers = new Headers(res.headers)
    // The body is decoded and may be rewritten: its old length and encoding no longer apply.
    headers.delete('content-length')
    headers.delete('content-encoding')
    return new Response(body, { status: res.status, statusText: res.statusText, headers })
  }
}
