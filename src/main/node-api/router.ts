import { formatIssues } from '../../shared/contract/field-errors'
import { nonFinitePath, NUMBER_TOO_LARGE, tooDeepMessage, tooDeepPath } from '../../shared/contract/limits'
import { routes, type RouteDef, type RouteName } from '../../shared/contract/routes'
import type { NodeContext } from './context'
import { DISK_FULL_MESSAGE, READ_ONLY_MESSAGE, storageProblem } from './disk-full'
import { ApiError } from './errors'
import { parseBody } from './body-parse'
import { holdsExactNumbers, parseExactJson, roundedCopy } from '../../shared/exact-json'
import type { EventStream, Handlers } from './handler-types'
import { createHandlers } from './handlers'
import { JsonStream, RawJson } from './raw-json'
import { FileBody, type StagedUpload } from './file-body'
import { readFile } from 'node:fs/promises'

/** A transport-free request: what IPC and HTTP both turn their input into. */
export interface NodeRequest {
  readonly method: string
  /** May carry a query string, which is merged into `query`. */
  readonly path: string
  readonly query?: Readonly<Record<string, unknown>>
  readonly body?: unknown
  /** The upload route's file as the HTTP transport staged it on disk. */
  readonly upload?: StagedUpload
}

export interface NodeResponse {
  readonly status: number
  readonly body: unknown
}

export type SerializedResponse =
  | { readonly kind: 'json'; readonly status: number; readonly body: Buffer }
  /** A large body, written in pieces as it is read. */
  | { readonly kind: 'chunks'; readonly status: 200; readonly body: JsonStream }
  | { readonly kind: 'stream'; readonly status: 200; readonly stream: EventStream }
  | { readonly kind: 'file'; readonly status: 200; readonly file: FileBody }

export type RouteMatch =
  | { readonly ok: true; readonly name: RouteName; readonly route: RouteDef }
  | { readonly ok: false; readonly status: 404 }
  /** `allow`: the methods the path does take (HTTP's Allow header must list them on a 405). */
  | { readonly ok: false; readonly status: 405; readonly allow: readonly string[] }

export interface Router {
  match(method: string, path: string): RouteMatch
  /** Answers with the body as UTF-8 JSON bytes: what transports send. */
  handleJson(req: NodeRequest): Promise<SerializedResponse>
  /** Answers with the body as a value: for callers in the same process and tests. */
  handle(req: NodeRequest): Promise<NodeResponse>
  /** A streamed body joined into one (IPC); a failure midway becomes a 500 answer and a log line. */
  collect(req: NodeRequest, body: JsonStream): { status: number; body: Buffer }
}

const byPath = new Map<string, Map<string, RouteName>>()
for (const [name, route] of Object.entries(routes) as [RouteName, RouteDef][]) {
  let methods = byPath.get(route.path)
  if (!methods) byPath.set(route.path, (methods = new Map<string, RouteName>()))
  methods.set(route.method, name)
}

/**
 * A query's numbers and booleans as the text an HTTP query string carries them in: IPC callers
 * may write {limit: 5} where HTTP has ?limit=5, and both transports answer alike. Other values
 * are left for the route's schema to refuse, naming the parameter. A null is left out, as HTTP
 * cannot send one: the parameter's default, as null means in bodies.
 */
function queryAsText(query: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const text: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === null) continue
    text[k] = typeof v === 'number' || typeof v === 'boolean' ? String(v) : v
  }
  return text
}

function splitPath(path: string, query: Readonly<Record<string, unknown>> | undefined) {
  const q = path.indexOf('?')
  if (q < 0) return { path, query: queryAsText(query) }
  const merged: Record<string, unknown> = {}
  for (const [k, v] of new URLSearchParams(path.slice(q + 1))) merged[k] = v
  return { path: path.slice(0, q), query: { ...merged, ...queryAsText(query) } }
}

/** Says what the path does take, so the caller can correct the call. */
export const wrongMethodMessage = (path: string, method: string, allow: readonly string[]) =>
  `method: ${path} takes ${allow.join(' or ')}, not ${method}`

const errorJson = (err: ApiError): { readonly kind: 'json'; readonly status: number; readonly body: Buffer } => ({
  kind: 'json',
  status: err.status,
  body: Buffer.from(JSON.stringify(err.toBody()))
})

function* resumed(first: IteratorResult<Buffer>, rest: Iterator<Buffer>): Generator<Buffer> {
  try {
    for (let r = first; !r.done; r = rest.next()) yield r.value
  } finally {
    rest.return?.()
  }
}

export function createRouter(ctx: NodeContext, handlers: Handlers = createHandlers(ctx)): Router {
  function match(method: string, path: string): RouteMatch {
    const methods = byPath.get(path)
    if (!methods) return { ok: false, status: 404 }
    const name = methods.get(method)
    if (!name) return { ok: false, status: 405, allow: [...methods.keys()].sort() }
    return { ok: true, name, route: routes[name] }
  }

  async function dispatch(req: NodeRequest): Promise<SerializedResponse> {
    if (typeof req?.method !== 'string' || typeof req.path !== 'string') {
      throw new ApiError(400, 'request: expected {method, path, query?, body?} with string method and path')
    }
    if (req.query !== undefined && (req.query === null || typeof req.query !== 'object' || Array.isArray(req.query))) {
      throw new ApiError(400, 'query: expected an object of strings')
    }
    // Before anything walks the values recursively (zod, JSON.stringify): a 5,000-level body must be a 400, not a RangeError.
    const deepQuery = tooDeepPath(req.query)
    if (deepQuery !== undefined) throw new ApiError(400, tooDeepMessage(deepQuery === '' ? 'query' : `query.${deepQuery}`))
    const deepBody = tooDeepPath(req.body)
    if (deepBody !== undefined) throw new ApiError(400, tooDeepMessage(deepBody))
    const { path, query } = splitPath(req.path, req.query)
    const m = match(req.method.toUpperCase(), path)
    if (!m.ok) {
      throw m.status === 404
        ? new ApiError(404, `path: no route ${path}`)
        : new ApiError(405, wrongMethodMessage(path, req.method, m.allow))
    }
    const { name, route } = m
    let parsedQuery: unknown = undefined
    if (route.query) {
      const r = parseBody(route.query, query)
      if (!r.success) throw new ApiError(400, formatIssues(r.issues, query))
      parsedQuery = r.data
    }
    let parsedBody: unknown = undefined
    if (route.body) {
      // A number kept as its text is an object to zod: its rounded reading is checked first, so that an
      // object or a string asked for refuses it as the number it is (messages still show its digits).
      const rounded = holdsExactNumbers(req.body) ? parseBody(route.body, roundedCopy(req.body)) : undefined
      const r = rounded?.success === false ? rounded : parseBody(route.body, req.body)
      if (!r.success) {
        // A field over its size limit (e.g. content over 1 MiB) is 413, named alone.
        const tooLarge = r.issues.filter((i) => i.code === 'custom' && i.params?.status === 413)
        if (tooLarge.length) throw new ApiError(413, formatIssues(tooLarge, req.body))
        throw new ApiError(400, formatIssues(r.issues, req.body))
      }
      // The typed fields refuse such a number above; objects kept as given (metadata, other_model_params) would store it as null.
      const huge = nonFinitePath(req.body)
      if (huge !== undefined) throw new ApiError(400, `${huge === '' ? 'body' : huge}: ${NUMBER_TOO_LARGE}`)
      parsedBody = r.data
    }
    const handler = handlers[name] as (input: unknown) => unknown
    const result = await handler({ query: parsedQuery, body: parsedBody, rawBody: req.body, upload: req.upload })
    if (route.stream) return { kind: 'stream', status: 200, stream: result as EventStream }
    if (result instanceof FileBody) return { kind: 'file', status: 200, file: result }
    if (result instanceof JsonStream) {
      // The first piece is read here, so a body that cannot even start is still a proper error answer.
      const pieces = result.open()
      const first = pieces.next()
      return { kind: 'chunks', status: 200, body: new JsonStream(() => resumed(first, pieces)) }
    }
    const body = result instanceof RawJson ? result.bytes() : Buffer.from(JSON.stringify(result))
    return { kind: 'json', status: 200, body }
  }

  async function handleJson(req: NodeRequest): Promise<SerializedResponse> {
    const started = performance.now()
    let res: SerializedResponse
    try {
      res = await dispatch(req)
    } catch (err) {
      const storage = err instanceof ApiError ? undefined : storageProblem(err)
      if (err instanceof ApiError) res = errorJson(err)
      else if (storage) {
        // Not a bug: the operator can act on it (free space, make the folder writable, check the disk).
        const reason =
          storage === DISK_FULL_MESSAGE
            ? 'the disk is full'
            : storage === READ_ONLY_MESSAGE
              ? 'the data folder is read-only'
              : 'a disk error'
        ctx.log.error(`${String(req?.method)} ${String(req?.path)} failed: ${reason}`)
        res = errorJson(new ApiError(500, storage))
      } else {
        ctx.log.error(`${String(req?.method)} ${String(req?.path)} failed`, err)
        res = errorJson(new ApiError(500, 'internal error; the node log has the details'))
      }
    }
    if (res.status >= 400 || performance.now() - started > 500) {
      ctx.log.info(`${String(req?.method)} ${String(req?.path)} -> ${res.status} (${Math.round(performance.now() - started)} ms)`)
    }
    return res
  }

  function collect(req: NodeRequest, body: JsonStream) {
    try {
      return { status: 200, body: body.collect() }
    } catch (err) {
      ctx.log.error(`${String(req?.method)} ${String(req?.path)} failed`, err)
      return errorJson(new ApiError(500, 'internal error; the node log has the details'))
    }
  }

  return {
    match,
    handleJson,
    collect,
    async handle(req) {
      const res = await handleJson(req)
      if (res.kind === 'stream') return { status: res.status, body: res.stream }
      if (res.kind === 'file') return { status: res.status, body: await readFile(res.file.file) }
      if (res.kind === 'chunks') {
        const whole = collect(req, res.body)
        return { status: whole.status, body: parseExactJson(whole.body.toString('utf8')) }
      }
      return { status: res.status, body: parseExactJson(res.body.toString('utf8')) }
    }
  }
}
