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

/** Uploads over a node's real HTTP server (multipart, as the window sends them), with bearer `token`; answers the status. */
export function httpUploader(server: () => { readonly url: string }, token: string) {
  return async (folder: string, name: string, text: string): Promise<number> => {
    const form = new FormData()
    form.set('path', folder)
    form.set('filename', name)
    form.set('file_data', new Blob([text]), name)
    const res = await fetch(`${server().url}/v2/upload_file_to_folder`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form
    })
    await res.arrayBuffer()
    return res.status
  }
}
