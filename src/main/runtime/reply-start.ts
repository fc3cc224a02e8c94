/**
 * What a reply that is not what was asked for holds, for the operator, said alike by every reader
 * (Claude, Gemini, OpenAI-compatible, Ollama): its content type and how it starts.
 */

/** A reply's type and how it starts: `text/html, starting "<!doctype html>…"`. */
export function typeAndStart(contentType: string | null, text: string): string {
  const what = (contentType ?? '').split(';')[0]!.trim() || 'no content type'
  return `${what}, starting "${text.trim().slice(0, 60)}"`
}

/** Why a reply that is no JSON is no chat answer: its type and how it starts, or that it is empty. */
export function notJson(contentType: string | null, text: string): string {
  return text.trim() ? `it is not JSON but ${typeAndStart(contentType, text)}` : 'it is empty'
}
