/**
 * Node's compile cache for headless mode and the provider and extraction threads: the code V8
 * compiled for the bundle and its dependencies (zod, the AI SDK) is kept between starts, about
 * 50 ms of a start here. Loaded first by those entries (a banner of the main build, before the
 * bundle's own requires: see electron.vite.config.ts), so it applies to every module after it.
 */
import { mkdirSync } from 'node:fs'
import { enableCompileCache } from 'node:module'
import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * The user's own cache folder for it, never a shared one (the system's temporary folder, Node's
 * default, is shared by every account on a Linux machine: another could put compiled code there).
 */
export function compileCacheDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home = homedir()
): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'Nodedesk', 'compile-cache')
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'Nodedesk', 'compile-cache')
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), 'nodedesk', 'compile-cache')
}

/** Turns the cache on, unless running in Electron (the app's worker threads), or NODE_COMPILE_CACHE chose a folder already, or NODE_DISABLE_COMPILE_CACHE is set. */
export function startCompileCache(): void {
  const { env } = process
  if (process.versions.electron || env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE || typeof enableCompileCache !== 'function')
    return
  try {
    const dir = compileCacheDir()
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    enableCompileCache(dir)
  } catch {
    // No cache (a home folder that cannot be written): starts are only slower.
  }
}

startCompileCache()
