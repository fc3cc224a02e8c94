import type { RouteBody, RouteName, RouteQuery, RouteResponse, Routes } from '../../shared/contract/routes'
import type { EventListener } from '../platform/event-bus'
import type { JsonStream, RawJson } from './raw-json'
import type { FileBody, StagedUpload } from './file-body'

export interface HandlerInput<K extends RouteName> {
  readonly query: RouteQuery<K>
  readonly body: RouteBody<K>
  /** The body exactly as the caller sent it (validated): what gets stored, key order and extra keys kept. */
  readonly rawBody: unknown
  /** Only for upload routes, over HTTP: the file streamed to disk. */
  readonly upload?: StagedUpload
}

export interface EventStream {
  readonly subscribe: (listener: EventListener) => () => void
}

export type HandlerResult<K extends RouteName> = Routes[K] extends { stream: true }
  ? EventStream
  : Routes[K] extends { file: true }
    ? FileBody
    : RouteResponse<K> | RawJson<RouteResponse<K>> | JsonStream<RouteResponse<K>>

export type Handler<K extends RouteName> = (input: HandlerInput<K>) => HandlerResult<K> | Promise<HandlerResult<K>>

/** Every route of the table, implemented: a route without a handler does not compile. */
export type Handlers = { readonly [K in RouteName]: Handler<K> }
export type HandlerGroup<K extends RouteName> = { readonly [P in K]: Handler<P> }
