/**
 * fetch that adds the provider URL's own query parameters (resolveUrlQuery) to every request: the
 * SDKs build each URL from a base they append paths to, and a base with `?api-version=...` in it
 * would end up in the middle of the path. A parameter the request already sets (Gemini's `alt=sse`)
 * is the protocol's, and is left as the request has it. The parameters go out exactly as written
 * (`%20` stays `%20`): a gateway that checks a signature over the query sees what it signed.
 */
export function withUrlQuery(base: typeof fetch, query: string | undefined): typeof fetch {
  const pairs = (query ?? '').replace(/^\?/, '').split('&').filter(Boolean)
  if (!pairs.length) return base
  const nameOf = (pair: string) => [...new URLSearchParams(pair).keys()][0] ?? pair
  return (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const own = new Set(url.searchParams.keys())
    const added = pairs.filter((pair) => !own.has(nameOf(pair)))
    if (added.length) url.search = url.search ? `${url.search}&${added.join('&')}` : added.join('&')
    return base(input instanceof Request ? new Request(url, input) : url.href, init)
  }
}
