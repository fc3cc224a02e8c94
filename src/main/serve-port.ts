import type { Database } from 'better-sqlite3'

/** Where the port headless mode last listened on is kept: the data folder's key/value settings table. */
const KEY = 'headless.port'

const takenOrForbidden = (err: unknown) => {
  const { code, syscall } = (err ?? {}) as { code?: unknown; syscall?: unknown }
  return syscall === 'listen' && (code === 'EADDRINUSE' || code === 'EACCES')
}

/**
 * Listens with `listen(port)`. `--port 0` (any free port) tries the port this data folder's node last
 * listened on first, and takes any free one when another program holds it: the page's origin
 * (http://127.0.0.1:<port>) stays the same across restarts, and with it what the page keeps per origin
 * (a message being written, kept as a draft). A port given by number is that port or a failure.
 */
export async function listenOnPort<T extends { readonly port: number }>(
  db: Database,
  port: number,
  listen: (port: number) => Promise<T>
): Promise<T> {
  const get = db.prepare<[string], string>(`SELECT value FROM vfs_settings WHERE key = ?`).pluck()
  const put = db.prepare(`INSERT INTO vfs_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`)
  const kept = port === 0 ? Number(get.get(KEY)) : NaN
  let server: T | undefined
  if (Number.isInteger(kept) && kept >= 1 && kept <= 65535) {
    try {
      server = await listen(kept)
    } catch (err) {
      if (!takenOrForbidden(err)) throw err
    }
  }
  server ??= await listen(port)
  try {
    put.run(KEY, String(server.port))
  } catch {
    // A full disk loses only the convenience: the node still starts, on the port it has.
  }
  return server
}
