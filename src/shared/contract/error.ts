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
  504: 'Gateway Timeout'
} as const
export type ErrorStatus = keyof typeof REASON_PHRASES

export function errorBody(status: ErrorStatus, message: string): ErrorBody {
  return { code: status, error: REASON_PHRASES[status], message }
}
