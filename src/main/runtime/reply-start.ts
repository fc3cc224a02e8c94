/**
 * What a reply that is not what was asked for holds, for the operator, said alike by every reader
 * (Claude, Gemini, OpenAI-compatible, Ollama): its content type and how it starts.
 */

/** A reply's type and how it starts: `text/html, starting "<!doctype html>…"`. */
export function typeAndStart(contentType: string | null, text: string): string {
  const what = (contentType ?? '').split(';')[0]!.trim() || 'no content type'
  return `${what}, starting "${text.trim().slice(0, 60)}"`
}

/**
 * Why a reply that is no JSON is no chat answer: its type and how it starts, or that it is empty. A reply
 * labelled JSON (application/json, …+json) that is not is said to be so, never "not JSON but application/json".
 */
export function notJson(contentType: string | null, text: string): string {
  if (!text.trim()) return 'it is empty'
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  if (type === 'application/json' || type.endsWith('+json')) {
    return `it is labelled ${type} but is not JSON, starting "${text.trim().slice(0, 60)}"`
  }
  return `it is not JSON but ${typeAndStart(contentType, text)}`
}
