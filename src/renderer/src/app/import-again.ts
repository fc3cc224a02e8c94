/**
 * A dynamic import that can be asked for again after its code could not be fetched (in headless mode the code
 * comes from the node, which may be restarting). Chromium 150 (Debian's, and Electron builds on such versions)
 * keeps a failed import's failure for the page's life: import() of the same address fails at once without asking
 * the node, so Try again, and the dialogs' retries, did nothing until the window was reloaded. Asked again after
 * such a failure, the module is imported from its address with a query added: a new address to the browser, the
 * same file to the node. What it imports keeps its own addresses, so nothing loaded already is loaded twice.
 */
export function importAgain<M>(load: () => Promise<M>): () => Promise<M> {
  let failed: string | undefined
  let tries = 0
  return async () => {
    try {
      return failed === undefined ? await load() : ((await import(/* @vite-ignore */ againAddress(failed, ++tries))) as M)
    } catch (err) {
      failed ??= failedAddress(err)
      throw err
    }
  }
}

/** The address of the module a failed import names, as Chromium and Firefox word it; undefined when it names none. */
export function failedAddress(err: unknown): string | undefined {
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : ''
  const named = /dynamically imported module:?\s+(\S+)/i.exec(message)?.[1]
  if (!named) return undefined
  try {
    return new URL(named).href
  } catch {
    return undefined
  }
}

/** The module's address with `again=N` in its query: each try is a new address to the browser. */
export function againAddress(address: string, tries: number): string {
  const url = new URL(address)
  url.searchParams.set('again', String(tries))
  return url.href
}
