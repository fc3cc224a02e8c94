import { jsonBreak } from '../../shared/json-syntax'

/** The sentence a 400 gives for a body JSON.parse refused: where it goes wrong, never the parser's words. */
export function invalidJsonMessage(text: string): string {
  const place = jsonBreak(text)
  if (place === undefined) return 'body: the request body is not valid JSON.'
  const where = `line ${place.line}, column ${place.column}`
  if (place.ended) return `body: the request body is not valid JSON: it ends before the JSON is complete (at ${where}).`
  return `body: the request body is not valid JSON (at ${where}).`
}
