import { modelKind, type Model, type ProviderKind } from '../../shared/contract/identity'
import { sentUrlWithSecrets } from '../domain/url-secret-binding'
import type { NodeContext } from './context'
import { badRequest } from './errors'

/**
 * The external_url a request about provider `id` means, with the stored values put back where it holds
 * the placeholder of a hidden one (see domain/url-secret-binding.ts); 400 on `field` when it cannot be.
 * `adding`: a new provider takes no value from a stored one, even of the same id (that add fails anyway).
 */
export function meantUrl(
  ctx: NodeContext,
  id: string | undefined,
  sent: string | null | undefined,
  kind: ProviderKind,
  { field = 'external_url', adding = false } = {}
): string | null | undefined {
  const stored = adding || id === undefined ? undefined : ctx.store.providers.get(id)
  const resolved = sentUrlWithSecrets(id, sent, kind, stored)
  if ('problem' in resolved) throw badRequest(`${field}: ${resolved.problem}`)
  return resolved.url
}

/** A provider body (parsed and as sent) with its external_url as meant: what is stored, tested and compared. */
export function withMeantUrl<B extends { id: string; model: Model; external_url?: string | null }>(
  ctx: NodeContext,
  body: B,
  rawBody: unknown,
  options: { field?: string; adding?: boolean } = {}
): { body: B; rawBody: unknown } {
  const url = meantUrl(ctx, body.id, body.external_url, modelKind(body.model).kind, options)
  if (url === body.external_url) return { body, rawBody }
  return { body: { ...body, external_url: url }, rawBody: { ...(rawBody as object), external_url: url } }
}
