import type { ServerEvent } from './rebuilt-reply'

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const stringOr = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback)
const numberOr = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback)

/** A content block of a Claude message as the events that stream it (undefined: a kind no answer holds). */
function blockEvents(block: Json, index: number): ServerEvent[] | undefined {
  const at = (type: string, rest: Json): ServerEvent => ({ event: type, data: { type, index, ...rest } })
  const delta = (d: Json) => at('content_block_delta', { delta: d })
  switch (block.type) {
    case 'text':
      return [
        at('content_block_start', { content_block: { type: 'text', text: '' } }),
        delta({ type: 'text_delta', text: stringOr(block.text, '') })
      ]
    case 'thinking': {
      const events = [
        at('content_block_start', { content_block: { type: 'thinking', thinking: '' } }),
        delta({ type: 'thinking_delta', thinking: stringOr(block.thinking, '') })
      ]
      if (typeof block.signature === 'string') events.push(delta({ type: 'signature_delta', signature: block.signature }))
      return events
    }
    case 'redacted_thinking':
      return [at('content_block_start', { content_block: { type: 'redacted_thinking', data: stringOr(block.data, '') } })]
    default:
      return undefined
  }
}

/** A whole Claude message as the Messages API streams it, from `message_start` to `message_stop`. */
function claudeEvents(value: unknown): ServerEvent[] | undefined {
  if (!isObject(value) || !Array.isArray(value.content)) return undefined
  const usage = isObject(value.usage) ? value.usage : {}
  const events: ServerEvent[] = [
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: stringOr(value.id, 'msg_whole'),
          type: 'message',
          role: 'assistant',
          model: stringOr(value.model, ''),
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: numberOr(usage.input_tokens, 0), output_tokens: 0 }
        }
      }
    }
  ]
  let index = 0
  for (const block of value.content) {
    const streamed = isObject(block) ? blockEvents(block, index) : undefined
    if (!streamed) continue
    events.push(...streamed, { event: 'content_block_stop', data: { type: 'content_block_stop', index } })
    index++
  }
  const stop = { stop_reason: value.stop_reason ?? 'end_turn', stop_sequence: value.stop_sequence ?? null }
  events.push(
    { event: 'message_delta', data: { type: 'message_delta', delta: stop, usage: { output_tokens: numberOr(usage.output_tokens, 0) } } },
    { event: 'message_stop', data: { type: 'message_stop' } }
  )
  return events
}

/** A Gemini response: it holds candidates, or the feedback on a prompt refused before any candidate. */
export const isGeminiReply = (r: unknown): boolean => isObject(r) && (Array.isArray(r.candidates) || isObject(r.promptFeedback))

/**
 * A whole Gemini reply as its `alt=sse` stream: each response one event. streamGenerateContent asked
 * without `alt=sse` (a proxy that drops the query) sends the same responses as one JSON array, whose
 * last item may hold the usage alone (Gemini 3 models end their streams so): the answer was refused
 * as 'not a chat answer' for it.
 */
function geminiEvents(value: unknown): ServerEvent[] | undefined {
  const replies = Array.isArray(value) ? value : [value]
  const isReply = isGeminiReply
  const isUsage = (r: unknown) => isObject(r) && isObject(r.usageMetadata)
  if (!replies.some(isReply) || !replies.every((r) => isReply(r) || isUsage(r))) return undefined
  return replies.map((data: unknown) => ({ data }))
}

/**
 * The events of the stream that would have brought `value`, a protocol's whole chat reply sent to a
 * request for a stream; undefined when `value` is no such reply.
 */
export function wholeReplyEvents(protocol: 'anthropic' | 'gemini', value: unknown): ServerEvent[] | undefined {
  return protocol === 'anthropic' ? claudeEvents(value) : geminiEvents(value)
}
