/** What a call over the node's HTTP transport answered: its status, content type and parsed JSON body. */
export interface HttpCallResult<B = unknown> {
  readonly status: number
  readonly type: string | null
  readonly body: B
}

/**
 * Calls over a node's real HTTP server, with bearer `token`: `server()` gives the server of the
 * moment (tests start one per case). A body, when given, is sent as JSON.
 */
export function httpCaller(server: () => { readonly url: string }, token: string) {
  return async <B = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpCallResult<B>> => {
    const res = await fetch(`${server().url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as B }
  }
}
