import { formatPath, omittedErrors, parseFieldErrors } from '../../../shared/contract/field-errors'
import { routePaths } from '../../../shared/contract/route-paths'
import { definedQuery } from './http-basics'
import type { RouteBodyInput, RouteName, RouteResponse } from '../../../shared/contract/routes'
import type { Transport } from './transport'
import { untilAborted } from './until-aborted'

export { untilAborted } from './until-aborted'

/** A failed call: the server's error body, plus the field paths a 400 named (to mark form fields). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly fieldPaths: readonly string[]
  ) {
    super(message)
  }
  /**
   * The part of the message about one field, e.g. "Enter an id: letters, digits, _ and -, up to 64 characters.".
   * A sentence followed by another field's error lost its full stop in the message ("…characters; model: …"):
   * shown under its field, it has it again, as the last field's has.
   */
  fieldMessage(path: string): string | undefined {
    const text = parseFieldErrors(this.message).find((e) => e.path.length > 0 && formatPath(e.path) === path)?.text
    return text !== undefined && /^\p{Lu}/u.test(text) && !/[.!?…]$/u.test(text) ? `${text}.` : text
  }
}

/**
 * The window's queries try once more after a failure, unless the node answered that the request is
 * wrong or names nothing (4xx but a time-out or too many requests): asked again, it would answer the
 * same, and an unknown inbox's notice came a second later, after four failed requests instead of two.
 */
export const retryOnce = (failures: number, err: unknown): boolean =>
  failures < 1 && !(err instanceof ApiFailure && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429)

/**
 * What a screen says for a 401: the window has no session with the node. A restarted headless node
 * forgets its browser sessions; a window opened from an address whose one-time code was used already
 * never had one. Screens said "(it restarted)" for both, or the node's "missing or wrong bearer token".
 * "The node", not "it": after "This window is not signed in", "it restarted" read as the window.
 */
export const NO_SESSION_TEXT =
  'This window is not signed in to the node (the node restarted, or the one-time code in the window’s address was used already). Open the UI address the node printed, or ask it for a new one, to continue.'

/**
 * An error as a person reads it: the server's message without the leading field paths, which
 * are for marking form fields ("llm_provider_id: LLM provider 'x' is used by 2 jobs" -> "LLM ..."),
 * and NO_SESSION_TEXT for a refused session, whatever the node's words for it. For a sentence shown
 * on its field, or after words that name the field; a notice keeps the paths (noticeText).
 */
export const errorText = (err: unknown): string => textOf(err, false)

/**
 * An error for a notice (a toast, not a form field): the server's message with its field paths kept,
 * since nothing else says which value is wrong ("config.temperature: must be between 0 and 2", where
 * errorText gives "must be between 0 and 2"); the body as a whole is no field and is not named.
 * NO_SESSION_TEXT for a refused session, as errorText. A form puts errorText's sentence on its field.
 */
export const noticeText = (err: unknown): string => textOf(err, true)

function textOf(err: unknown, withPaths: boolean): string {
  if (isNoSession(err)) return NO_SESSION_TEXT
  const message = err instanceof Error ? err.message : String(err)
  const more = omittedErrors(message)
  const text = parseFieldErrors(message)
    .map((e) => (withPaths && e.path.length > 0 ? `${formatPath(e.path)}: ${e.text}` : e.text))
    .join('; ')
  return more ? `${text} (and ${more} more)` : text
}

/** The node refused the window's session (401): asking again cannot help until it is signed in again. */
export const isNoSession = (err: unknown): boolean => err instanceof ApiFailure && err.status === 401

/** `a.b[2].c: message; d: message` -> ['a.b[2].c', 'd']: the fields a 400 names (the body as a whole is none). */
export function fieldPathsOf(message: string): string[] {
  return parseFieldErrors(message)
    .filter((e) => e.path.length > 0)
    .map((e) => formatPath(e.path))
}

type Query = Record<string, string | undefined>

/** The node's answer as a value, or its error body as an ApiFailure. */
export function answerOf(res: { status: number; body: unknown }): unknown {
  if (res.status === 200) return res.body
  const body = res.body as { error?: string; message?: string } | null
  const message = body?.message ?? `HTTP ${res.status}`
  throw new ApiFailure(res.status, body?.error ?? 'Error', message, res.status === 400 ? fieldPathsOf(message) : [])
}

/**
 * upload_file_to_folder's fields as the window gives them: `file_data` may be the picked or dropped
 * File itself. The contract's body takes bytes; the transport turns a Blob into what it sends (HTTP:
 * the Blob streamed as multipart from disk; IPC: its bytes, read just before sending).
 */
export type UploadInput = Omit<RouteBodyInput<'upload_file_to_folder'>, 'file_data'> & { readonly file_data: Uint8Array | Blob }

/** upload_file_to_folder with progress when the transport reports it (else one request, no progress). */
export async function uploadFile(
  client: Client,
  body: UploadInput,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal
): Promise<RouteResponse<'upload_file_to_folder'>> {
  const { transport } = client
  const route = routePaths.upload_file_to_folder
  const req = { method: route.method, path: route.path, body }
  let res
  try {
    // A transport without upload() (the desktop app's IPC) sends the file in one request, which cannot
    // be cut: stopped before it only. Handed over, it is told as sent whole, so it is no longer offered
    // for cancelling: Cancel then did nothing, and the file was stored all the same.
    signal?.throwIfAborted()
    if (transport.upload) res = await transport.upload(req, onProgress, signal)
    else {
      const size = body.file_data instanceof Uint8Array ? body.file_data.byteLength : body.file_data.size
      onProgress(size, size)
      res = await transport.request(req)
    }
  } catch (err) {
    if (signal?.aborted) throw err // cancelled: not the node's failure
    throw unanswered(err)
  }
  return answerOf(res) as RouteResponse<'upload_file_to_folder'>
}

/** What browsers say of any failed fetch: it tells a person nothing, so the sentence leaves it out. */
const BROWSER_FETCH_FAILURE = /^(failed to fetch|fetch failed|load failed|networkerror when attempting to fetch resource\.?)$/i

/** A request the node never answered (status 0): the transport's own words when they say something. */
export function unanswered(err: unknown): ApiFailure {
  const detail = err instanceof Error ? err.message.trim() : ''
  const message =
    detail && !BROWSER_FETCH_FAILURE.test(detail)
      ? `The node did not answer (${detail})`
      : 'The node did not answer. Check that Nodedesk is still running.'
  return new ApiFailure(0, 'Network Error', message, [])
}

export interface Client {
  /**
   * `signal` gives the request up: over HTTP the connection is closed (a request the node holds kept one of the
   * browser's 6 connections to the node for good, and the window's other reads queued behind it); the promise rejects
   * with the abort's reason at once whatever the transport does.
   */
  call<K extends RouteName>(name: K, input?: { query?: Query; body?: RouteBodyInput<K>; signal?: AbortSignal }): Promise<RouteResponse<K>>
  readonly transport: Transport
}

/** Calls routes by name; the path and method come from the contract's route table (its zod-free part). */
export function createClient(transport: Transport): Client {
  return {
    transport,
    async call(name, input = {}) {
      const route = routePaths[name]
      const query = definedQuery(input.query)
      const { signal } = input
      let res
      try {
        signal?.throwIfAborted()
        const sent = transport.request({ method: route.method, path: route.path, query, body: input.body }, signal)
        res = await (signal ? untilAborted(sent, signal) : sent)
      } catch (err) {
        if (signal?.aborted) throw err // given up by the caller: not the node's failure
        throw unanswered(err)
      }
      return answerOf(res) as never
    }
  }
}
