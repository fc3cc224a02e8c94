/**
 * An OpenAI-compatible server's whole (unstreamed) answer: `content` as the assistant's text, or the
 * assistant's message itself (a null content with reasoning, say).
 */
export function chatCompletion(content: string | Record<string, unknown>, model = 'm') {
  const message = typeof content === 'string' ? { role: 'assistant', content } : content
  return { id: 'c', object: 'chat.completion', created: 1, model, choices: [{ index: 0, message, finish_reason: 'stop' }] }
}
