import { groupByServer, type Server } from '../../../../shared/provider-servers'
import type { ProviderListEntry } from '../../../../shared/contract/provider'
import { modelOf, providerMatches } from './provider-display'

/**
 * Rows the providers page draws at first, and adds with each "Show more". Each row is a dozen
 * Mantine components: 300 of them took the window 1.5 to 3 seconds to draw, frozen all along.
 */
export const PROVIDERS_PER_PAGE = 50

export interface ShownServer extends Server<ProviderListEntry> {
  /**
   * How many different models the server's providers use, shown or not (its heading counts them all).
   * Two providers of one model (a key each) are one model: the heading said "2 models" of one.
   */
  readonly models: number
}

export interface ShownProviders {
  readonly servers: readonly ShownServer[]
  /** Providers matching the search that are not drawn yet. */
  readonly notShown: number
  /** Providers matching the search. */
  readonly matching: number
}

/**
 * The servers and providers the page draws: those matching `search` (name, id, model or
 * description, as the pickers find them), in the page's order (by server), the first `limit` of them.
 */
export function shownProviders(providers: readonly ProviderListEntry[], search: string, limit: number): ShownProviders {
  const all = groupByServer(providers)
  const models = new Map(all.map((s) => [`${s.kind} ${s.baseUrl}`, new Set(s.providers.map((p) => modelOf(p.model))).size]))
  const found = search.trim() ? groupByServer(providers.filter((p) => providerMatches(p, search))) : all
  const servers: ShownServer[] = []
  let left = limit
  let matching = 0
  for (const server of found) {
    matching += server.providers.length
    if (left <= 0) continue
    const rows = server.providers.slice(0, left)
    left -= rows.length
    servers.push({ ...server, providers: rows, models: models.get(`${server.kind} ${server.baseUrl}`) ?? 0 })
  }
  return { servers, notShown: matching - Math.min(matching, limit), matching }
}
