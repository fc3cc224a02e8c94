/** POST a JSON body to a node over HTTP with its bearer token; the status and the parsed answer. */
export async function postJson(baseUrl: string, token: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}

/** A GET or POST to a node over HTTP with its bearer token (a JSON body when given, query parameters when given). */
export async function callJson(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  query: Record<string, string> = {}
): Promise<{ status: number; body: unknown }> {
  const qs = Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ''
  const res = await fetch(`${baseUrl}${path}${qs}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() }
}
