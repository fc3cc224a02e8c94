import { errorBody, type ErrorBody, type ErrorStatus } from '../../shared/contract/error'

/** A failure the caller caused or can act on; becomes `{code, error, message}` with `status`. */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string
  ) {
    super(message)
  }
  toBody(): ErrorBody {
    return errorBody(this.status, this.message)
  }
}

export const badRequest = (message: string) => new ApiError(400, message)
export const notFound = (message: string) => new ApiError(404, message)
export const conflict = (message: string) => new ApiError(409, message)
