/**
 * An OpenAI-compatible server's whole (unstreamed) answer: `content` as the assistant's text, or the
 * assistant's message itself (a null content with reasoning, say).
 */
export function chatCompletion(content: string | Record<string, unknown>, model = 'm') {
  const message = typeof content === 'string' ? { role: 'assistant', content } : content
  return { id: 'c', object: 'chat.completion', created: 1, model, choices: [{ index: 0, message, finish_reason: 'stop' }] }
}

/**
 * The whole (unstreamed) reply carrying `text`, in the protocol the request's path speaks: Ollama's
 * /api/chat, Claude's /messages, Gemini's :generateContent (and :streamGenerateContent), else OpenAI's.
 */
export function wholeReplyFor(url: string, text: string): object {
  const message = { role: 'assistant', content: text }
  if (url === '/api/chat') return { model: 'm', created_at: '2025-01-01T00:00:00Z', message, done: true, done_reason: 'stop' }
  if (url.endsWith('/messages')) {
    return {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'm',
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 5, output_tokens: 9 }
    }
  }
  if (/:(stream)?[gG]enerateContent/.test(url)) {
    return { candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }], modelVersion: 'm' }
  }
  return chatCompletion(message)
}
