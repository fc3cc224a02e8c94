/*
 * An inbox's export read from the node over HTTP and made a Blob, in a worker (export.worker.ts): a
 * conversation's export can be tens of MB, and reading its JSON and copying it into a Blob on the window's
 * thread froze the window for as long (no typing, no scrolling) before the download began.
 */

/** What the window asks the worker: where to ask, with what, and the Blob's type. */
export interface ExportAsked {
  readonly id: number
  /** export_messages_from_inbox's URL on the page's own origin (the session cookie goes with it). */
  readonly url: string
  /** The bearer token, for callers that hold one (tests, tools); the page itself has none. */
  readonly token: string | null
  readonly body: unknown
  readonly type: string
}

/**
 * The node's answer: its file name and content as a Blob (status 200), its error body otherwise (null
 * when not JSON), or `failure` when it never answered (status 0, the fetch's own words).
 */
export type ExportReply =
  | { readonly status: 200; readonly filename: string; readonly blob: Blob }
  | { readonly status: number; readonly body: unknown }
  | { readonly status: 0; readonly failure: string }

export type ExportAnswer = ExportReply & { readonly id: number }

/** Asks the node for the export and makes its content a Blob of `type`. Never throws. */
export async function fetchExport({ url, token, body, type }: Omit<ExportAsked, 'id'>): Promise<ExportReply> {
  let res: Response
  let text: string
  try {
    res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body)
    })
    text = await res.text()
  } catch (err) {
    return { status: 0, failure: err instanceof Error ? err.message : String(err) }
  }
  if (res.status !== 200) {
    let error: unknown = null
    try {
      error = JSON.parse(text)
    } catch {
      // not JSON: told by its status alone
    }
    return { status: res.status, body: error }
  }
  // Strings only (no number to keep exact, as parseExactJson does elsewhere). An answer that is not the
  // export (a proxy's page, cut short) is told as such: thrown here, the worker's promise failed unseen and
  // the export waited forever.
  try {
    const { filename, content } = JSON.parse(text) as { filename: unknown; content: unknown }
    if (typeof filename !== 'string' || typeof content !== 'string') throw new Error('it has no file name and content')
    return { status: 200, filename, blob: new Blob([content], { type }) }
  } catch (err) {
    const why = err instanceof SyntaxError ? 'it is not JSON' : err instanceof Error ? err.message : String(err)
    return { status: 502, body: { code: 502, error: 'Bad Gateway', message: `The node's answer could not be read as an export: ${why}.` } }
  }
}
