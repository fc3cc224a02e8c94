import { sseField } from './event-stream-sniff'

/*
 * Anthropic adds event, content-block and delta types to its Messages stream over time, and asks
 * clients to ignore the ones they do not know. The Claude SDK's parser is strict: one event of a
 * type it does not know (a new block such as a server tool's result, a new kind of delta or of
 * citation, a new event) failed the whole answer as 'not a chat answer', the text already sent with
 * it. Those events are replaced with a ping (which the SDK reads and ignores, and which still shows
 * the call alive) before the SDK sees the stream.
 */

/**
 * What @ai-sdk/anthropic's stream parser (anthropicChunkSchema) accepts, by discriminator: the
 * events' `type`, a `content_block_start`'s block type, a `content_block_delta`'s delta type and a
 * `citations_delta`'s citation type. These must name exactly what the SDK knows: a type missing
 * here is dropped though the SDK would read it (a new kind of text would be lost), one the SDK does
 * not know fails the answer. test/runtime/unknown-claude-events.test.ts reads the installed SDK's
 * schema and fails when the two differ (after an upgrade of the SDK).
 */
export const CLAUDE_SDK_TYPES = {
  event: [
    'message_start',
    'content_block_start',
    'content_block_delta',
    'content_block_stop',
    'error',
    'message_delta',
    'message_stop',
    'ping'
  ],
  block: [
    'text',
    'thinking',
    'tool_use',
    'redacted_thinking',
    'compaction',
    'server_tool_use',
    'mcp_tool_use',
    'mcp_tool_result',
    'web_fetch_tool_result',
    'web_search_tool_result',
    'code_execution_tool_result',
    'bash_code_execution_tool_result',
    'text_editor_code_execution_tool_result',
    'tool_search_tool_result',
    'advisor_tool_result',
    'fallback'
  ],
  delta: ['input_json_delta', 'text_delta', 'thinking_delta', 'signature_delta', 'compaction_delta', 'citations_delta'],
  citation: ['web_search_result_location', 'page_location', 'char_location', 'content_block_location', 'search_result_location'],
  /** The content blocks of a whole (unstreamed) message, as its anthropicResponseSchema knows them. */
  wholeBlock: [
    'text',
    'thinking',
    'redacted_thinking',
    'compaction',
    'tool_use',
    'server_tool_use',
    'mcp_tool_use',
    'mcp_tool_result',
    'web_fetch_tool_result',
    'web_search_tool_result',
    'code_execution_tool_result',
    'bash_code_execution_tool_result',
    'text_editor_code_execution_tool_result',
    'tool_search_tool_result',
    'container_upload',
    'advisor_tool_result',
    'fallback'
  ]
} as const

const EVENTS = new Set<string>(CLAUDE_SDK_TYPES.event)
const BLOCKS = new Set<string>(CLAUDE_SDK_TYPES.block)
const DELTAS = new Set<string>(CLAUDE_SDK_TYPES.delta)
const CITATIONS = new Set<string>(CLAUDE_SDK_TYPES.citation)
const WHOLE_BLOCKS = new Set<string>(CLAUDE_SDK_TYPES.wholeBlock)

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const typeOf = (v: unknown): unknown => (isObject(v) ? v.type : undefined)

const encoder = new TextEncoder()
const PING = encoder.encode('event: ping\ndata: {"type":"ping"}\n\n')

/**
 * Claude's event stream with every event the SDK does not know replaced by a ping: an event of an
 * unknown type, a content block of an unknown type (with the deltas and the stop of its index), a
 * delta of an unknown type, a citation of an unknown kind. Everything else is handed on as the
 * server framed it (any line ending, comments and `id:` lines left out, which the SDK ignores).
 * Data that is not JSON is handed on too: what the SDK makes of it is not this filter's concern.
 */
export function knownClaudeEvents(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder()
  /** The pieces of the line under way. */
  let partial: string[] = []
  /** The last character read was a CR: an LF right after it ends no other line. */
  let afterCR = false
  let eventName: string | undefined
  let data: string[] = []
  /** Indexes of content blocks of a type the SDK does not know: their deltas and stop go too. */
  const unknownBlocks = new Set<number>()

  const known = (value: unknown): boolean => {
    if (!isObject(value) || typeof value.type !== 'string') return true // not an event the filter can judge
    if (!EVENTS.has(value.type)) return false
    const index = typeof value.index === 'number' ? value.index : undefined
    if (value.type === 'content_block_start') {
      const block = typeOf(value.content_block)
      if (typeof block === 'string' && !BLOCKS.has(block)) {
        if (index !== undefined) unknownBlocks.add(index)
        return false
      }
      if (index !== undefined) unknownBlocks.delete(index)
      return true
    }
    if (index !== undefined && unknownBlocks.has(index) && (value.type === 'content_block_delta' || value.type === 'content_block_stop')) {
      return false
    }
    if (value.type === 'content_block_delta') {
      const delta = typeOf(value.delta)
      if (typeof delta === 'string' && !DELTAS.has(delta)) return false
      const citation = delta === 'citations_delta' && isObject(value.delta) ? typeOf(value.delta.citation) : undefined
      if (typeof citation === 'string' && !CITATIONS.has(citation)) return false
    }
    return true
  }

  const dispatch = (controller: TransformStreamDefaultController<Uint8Array>) => {
    const name = eventName
    const said = data
    const text = said.join('\n')
    eventName = undefined
    data = []
    // An event without data is dispatched by no reader.
    if (said.length === 0 || text === '') return
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      value = undefined
    }
    if (value !== undefined && !known(value)) return controller.enqueue(PING)
    const lines = text.split('\n').map((l) => `data: ${l}\n`)
    controller.enqueue(encoder.encode(`${name !== undefined ? `event: ${name}\n` : ''}${lines.join('')}\n`))
  }

  const line = (l: string, controller: TransformStreamDefaultController<Uint8Array>) => {
    if (l === '') return dispatch(controller)
    if (l.startsWith(':')) return
    const [field, value] = sseField(l)
    if (field === 'data') data.push(value)
    else if (field === 'event') eventName = value
  }

  /**
   * Reads `text` line by line (CRLF, CR or LF). The line under way is kept in pieces, joined once it
   * ends: a line that goes on over many chunks (up to the wire guard's limit of one event, some MiB)
   * is neither searched again nor copied for each one.
   */
  const feed = (text: string, controller: TransformStreamDefaultController<Uint8Array>) => {
    let start = 0
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (c === 10 && afterCR) {
        // The LF of a CRLF: the line ended at its CR.
        afterCR = false
        start = i + 1
        continue
      }
      afterCR = c === 13
      if (c !== 10 && c !== 13) continue
      partial.push(text.slice(start, i))
      const whole = partial.join('')
      partial = []
      line(whole, controller)
      start = i + 1
    }
    if (start < text.length) partial.push(text.slice(start))
  }

  return new TransformStream({
    transform(bytes, controller) {
      feed(decoder.decode(bytes, { stream: true }), controller)
    },
    flush(controller) {
      feed(decoder.decode(), controller)
      if (partial.length > 0) line(partial.join(''), controller)
      partial = []
      dispatch(controller)
    }
  })
}

/**
 * A whole Claude message (a reply not streamed) without the content blocks, and the citations of its
 * text, of a type the SDK does not know: one failed the whole answer (and a provider check) as 'not
 * a chat answer'; with the type and token counts filled in when a sparer server left them out.
 * Undefined when it needs no change (or is no message).
 */
export function knownClaudeMessage(value: unknown): Json | undefined {
  if (!isObject(value) || !Array.isArray(value.content)) return undefined
  let changed = false
  const content = value.content.flatMap((block: unknown) => {
    const type = typeOf(block)
    if (typeof type === 'string' && !WHOLE_BLOCKS.has(type)) {
      changed = true
      return []
    }
    if (type !== 'text' || !isObject(block) || !Array.isArray(block.citations)) return [block]
    const citations = block.citations.filter((c: unknown) => {
      const kind = typeOf(c)
      return typeof kind !== 'string' || CITATIONS.has(kind)
    })
    if (citations.length === block.citations.length) return [block]
    changed = true
    return [{ ...block, citations }]
  })
  // What the SDK's schema requires that Anthropic always sends but a server speaking its protocol more
  // sparely (a proxy, a small server written for tests) may leave out: the type, and the token counts.
  const usage = isObject(value.usage) ? value.usage : {}
  const counted = typeof usage.input_tokens === 'number' && typeof usage.output_tokens === 'number'
  if (!changed && value.type === 'message' && counted) return undefined
  return {
    ...value,
    type: 'message',
    content,
    usage: counted
      ? usage
      : {
          ...usage,
          input_tokens: typeof usage.input_tokens === 'number' ? usage.input_tokens : 0,
          output_tokens: typeof usage.output_tokens === 'number' ? usage.output_tokens : 0
        }
  }
}
