import { serverErrorOf, ServerReportedError, UnreadableReplyError } from './openai-reply'
import { knownClaudeEvents, knownClaudeMessage } from './claude-known-events'
import { cutAnswerText } from './cut-answer-text'
import { unlabelWholeJson } from './event-stream-sniff'
import { rebuilt, wholeAsStream } from './rebuilt-reply'
import { readUpToCap, WHOLE_JSON_GRACE_MS } from './response-cap'
import { notJson, typeAndStart } from './reply-start'
import { isGeminiReply, wholeReplyEvents } from './whole-reply-events'

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

/** A chat request in the protocol's own terms, and whether it asks for the whole answer (not streamed). */
function chatRequest(protocol: 'anthropic' | 'gemini', url: string, body: unknown): { whole: boolean } | undefined {
  if (protocol === 'gemini') {
    const found = /:(stream)?[gG]enerateContent(\?|$)/.exec(url)
    return found ? { whole: found[1] === undefined } : undefined
  }
  if (!/\/messages(\?|$)/.test(url)) return undefined
  try {
    return { whole: typeof body !== 'string' || (JSON.parse(body) as { stream?: unknown }).stream !== true }
  } catch {
    return { whole: true }
  }
}

/** The value of a JSON text (NOT_JSON: it is not JSON). */
const NOT_JSON = Symbol('not JSON')
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return NOT_JSON
  }
}

/**
 * fetch for the Claude and Gemini protocols that reads a successful chat reply that is not an event
 * stream itself, as the OpenAI and Ollama readers do: the SDKs read the body to its end, so a whole
 * answer cut at the wire limit lost all its text, and one whose chunked encoding never ended waited
 * out the time-out though it had come whole; an error object sent with a 200 (a proxy before the
 * provider) was 'not a chat answer' or an empty one, where the server's own words are thrown here;
 * and a whole reply sent to a request for a stream is turned into the stream that would have brought it.
 */
export function wholeReplyFetch(base: typeof fetch, protocol: 'anthropic' | 'gemini'): typeof fetch {
  return async (input, init) => {
    const sent = await base(input, init)
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const chat = chatRequest(protocol, url, init?.body)
    // A whole reply under the event stream's label is read as the whole reply it is (below): as events, its text was lost.
    const res = chat && !chat.whole ? await unlabelWholeJson(sent) : sent
    if (!chat || !res.ok || !res.body) return res
    if (/text\/event-stream/i.test(res.headers.get('content-type') ?? '')) {
      // Claude's events of a type its SDK does not know are ignored, as Anthropic asks: they failed the answer.
      return protocol === 'anthropic' ? rebuilt(res, res.body.pipeThrough(knownClaudeEvents())) : res
    }
    const { text, cut } = await readUpToCap(res, Infinity, WHOLE_JSON_GRACE_MS)
    let body = text
    if (cut) {
      const said = chat.whole ? cutAnswerText(text) : undefined
      if (said === undefined) throw cut
      body = JSON.stringify(CUT_REPLY[protocol](said))
    } else {
      const value = jsonOf(text)
      // Gemini's streamGenerateContent without `alt=sse` sends a JSON array, an error its last item.
      const said = value === NOT_JSON ? undefined : Array.isArray(value) ? value.map(serverErrorOf).find(Boolean) : serverErrorOf(value)
      if (said !== undefined) throw new ServerReportedError(said)
      // A web server's page (or nothing) in the place of the whole reply: said as the OpenAI-compatible
      // reader says it, with what came, where the SDK's failed parse left only 'not a chat answer'.
      if (chat.whole && value === NOT_JSON) throw new UnreadableReplyError(notJson(res.headers.get('content-type'), text))
      if (!chat.whole) {
        // Nothing at all is no answer the model gave either: it was 'returned an empty answer', to be
        // asked again, where an OpenAI-compatible server's empty reply is 'not a chat answer'.
        if (!text.trim()) throw new UnreadableReplyError('it is empty')
        // A stream asked for, and the whole reply sent (a proxy that ignores `stream: true`): read
        // as events it held none, and the operator was told the model gave an empty answer.
        const events = value === NOT_JSON ? undefined : wholeReplyEvents(protocol, value)
        if (events) return wholeAsStream(res, events)
        // Nor is text that is no chat reply at all (a web server's page, a gateway's notice) one.
        throw new UnreadableReplyError(`it is not an event stream but ${typeAndStart(res.headers.get('content-type'), text)}`)
      }
      // JSON that is no Gemini response at all (another API's, a gateway's status object) passed the
      // SDK, whose fields are all optional: the test said the model answered, a job's answer was empty.
      if (protocol === 'gemini' && !isGeminiReply(value)) throw new UnreadableReplyError('it holds no "candidates"')
      // Claude's content blocks of a type its SDK does not know are left out, as in a stream.
      const known = protocol === 'anthropic' ? knownClaudeMessage(value) : undefined
      if (known) body = JSON.stringify(known)
    }
    return rebuilt(res, body)
  }
}
