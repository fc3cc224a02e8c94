import { z } from 'zod'

/** Error body of every failed request (seed 2.7); `code` equals the HTTP status. */
export const ErrorBodySchema = z.strictObject({
  code: z.number().int(),
  error: z.string(),
  message: z.string()
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>

export const REASON_PHRASES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout'
} as const
export type ErrorStatus = keyof typeof REASON_PHRASES

/**
 * A message is a sentence for a person: messages that repeat what the request sent (an unknown id,
 * a path) are cut past this many characters, so a 60 MB id is not sent back as a 60 MB error.
 */
export const MAX_ERROR_MESSAGE_CHARS = 1000

export function errorBody(status: ErrorStatus, message: string): ErrorBody {
  if (message.length > MAX_ERROR_MESSAGE_CHARS) {
    const cut = MAX_ERROR_MESSAGE_CHARS - 1
    // Not between the two halves of a surrogate pair.
    const end = /[\uD800-\uDBFF]/.test(message[cut - 1]!) ? cut - 1 : cut
    message = `${message.slice(0, end)}…`
  }
  return { code: status, error: REASON_PHRASES[status], message }
}
