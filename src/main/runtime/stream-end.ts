import type { ProviderProtocol } from '../../shared/provider-catalog'

/**
 * The provider's streamed reply closed cleanly before its protocol's last event: the text that came
 * is only the start of the answer (a proxy or server that restarted, a load balancer's time-out).
 */
export class StreamEndedEarlyError extends Error {
  constructor() {
    super("the provider's connection closed before the answer finished")
  }
}

/** A line that may end the answer (most lines cannot: they are not parsed). */
const MAY_END: Record<ProviderProtocol, RegExp> = {
  openai: /"finish_reason"\s*:\s*"[^"]/,
  anthropic: /"message_stop"/,
  gemini: /"(finish|block)Reason"/,
  ollama: /"done"\s*:\s*true/
}

/**
 * Whether one line of a streamed reply ends the answer in the protocol's own words:
 * - OpenAI chat: `data: [DONE]`, or a chunk whose choice has a `finish_reason` (several
 *   compatible servers send one and close without `[DONE]`);
 * - Anthropic: the `message_stop` event;
 * - Gemini: a chunk whose candidate has a `finishReason`, or a prompt blocked (`blockReason`);
 * - Ollama: the NDJSON line with `"done": true`.
 */
function endsAnswer(protocol: ProviderProtocol, line: string): boolean {
  const data = protocol === 'ollama' ? line : line.startsWith('data:') ? line.slice(5).trim() : undefined
  if (protocol === 'anthropic' && /^event:\s*message_stop\s*$/.test(line)) return true
  if (data === undefined) return false
  if (protocol === 'openai' && data === '[DONE]') return true
  // Every OpenAI chunk says `"finish_reason":null` and every Ollama line `"done":false`: only a
  // line that may end the answer is parsed.
  if (!MAY_END[protocol].test(data)) return false
  let value: unknown
  try {
    value = JSON.parse(data)
  } catch {
    return false
  }
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  const list = (x: unknown): Record<string, unknown>[] =>
    Array.isArray(x) ? x.filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null) : []
  switch (protocol) {
    case 'openai':
      // An empty one is no reason: some servers send "" on every chunk.
      return list(v.choices).some((c) => typeof c.finish_reason === 'string' && c.finish_reason !== '')
    case 'anthropic':
      return v.type === 'message_stop'
    case 'gemini':
      return (
        list(v.candidates).some((c) => c.finishReason != null) ||
        (typeof v.promptFeedback === 'object' && v.promptFeedback !== null && 'blockReason' in v.promptFeedback)
      )
    case 'ollama':
      return v.done === true
  }
}

/**
 * Watches the lines of a streamed reply (an event stream; for Ollama its NDJSON) for the protocol's
 * end of an answer: `see` each chunk as it passes, then `close()` when the body ends cleanly, which
 * says whether the end came. A body that closes without it is only the start of the answer (the SDKs
 * end such a stream as if it were whole): the caller tells a whole answer from a broken-off one.
 */
export function endWatch(protocol: ProviderProtocol): { see(chunk: Uint8Array): void; ended(): boolean; close(): boolean } {
  const decoder = new TextDecoder()
  let pending = ''
  let ended = false
  /**
   * Until the first character that is not white space: whether an event stream's body is one JSON
   * value instead (a whole reply under the stream's label, read as such above this), which has no
   * events to end it: its parser tells whether it came whole.
   */
  let sniffing = protocol !== 'ollama'
  let whole = false
  const lines = (text: string) => {
    for (const line of text.split(/\r\n|\r|\n/)) if (!ended && line) ended = endsAnswer(protocol, line)
  }
  return {
    see(chunk) {
      if (ended || whole) return
      // Only the new piece is searched for a line end: a long line is not scanned again with each piece.
      const piece = decoder.decode(chunk, { stream: true })
      if (sniffing) {
        const first = piece.trimStart()[0]
        if (first !== undefined) {
          sniffing = false
          whole = first === '{' || first === '['
          if (whole) return
        }
      }
      const cut = Math.max(piece.lastIndexOf('\n'), piece.lastIndexOf('\r'))
      if (cut === -1) {
        pending += piece
        return
      }
      lines(pending + piece.slice(0, cut))
      pending = piece.slice(cut + 1)
    },
    /** Whether a whole line seen so far ended the answer. */
    ended: () => ended,
    close() {
      if (whole) return true
      if (!ended) lines(pending + decoder.decode())
      pending = ''
      return ended
    }
  }
}
