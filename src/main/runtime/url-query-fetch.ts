/**
 * fetch that adds the provider URL's own query parameters (resolveUrlQuery) to every request: the
 * SDKs build each URL from a base they append paths to, and a base with `?api-version=...` in it
 * would end up in the middle of the path. A parameter the request already sets (Gemini's `alt=sse`)
 * is the protocol's, and is left as the request has it.
 */
export function withUrlQuery(base: typeof fetch, query: string | undefined): typeof fetch {
  if (!query) return base
  const extra = new URLSearchParams(query)
  return (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const own = new Set(url.searchParams.keys())
    for (const [name, value] of extra) if (!own.has(name)) url.searchParams.append(name, value)
    return base(input instanceof Request ? new Request(url, input) : url.href, init)
  }
}
