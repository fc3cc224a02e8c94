import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileCacheDir } from '../../src/main/compile-cache'
import { tempDir } from '../support/node'
import { ROOT } from '../support/serve-process'

/*
 * Headless mode keeps the code V8 compiled for it between starts (Node's compile cache), in the
 * user's own cache folder: not the system's temporary folder, which every account on a Linux machine shares.
 */

describe('compile cache', () => {
  it("lives in the user's cache folder on each system", () => {
    expect(compileCacheDir({}, 'linux', '/home/ann')).toBe('/home/ann/.cache/nodedesk/compile-cache')
    expect(compileCacheDir({ XDG_CACHE_HOME: '/var/cache/ann' }, 'linux', '/home/ann')).toBe('/var/cache/ann/nodedesk/compile-cache')
    expect(compileCacheDir({}, 'darwin', '/Users/ann')).toBe('/Users/ann/Library/Caches/Nodedesk/compile-cache')
    expect(compileCacheDir({ LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local' }, 'win32', 'C:\\Users\\ann')).toMatch(
      /Local[\\/]Nodedesk[\\/]compile-cache$/
    )
  })

  it('the built headless entry fills it, readable by its user alone; NODE_COMPILE_CACHE and NODE_DISABLE_COMPILE_CACHE are obeyed', () => {
    const { dir: home, cleanup } = tempDir('nodedesk-compile-cache-')
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CACHE_HOME: '' }
      delete env.NODE_COMPILE_CACHE
      delete env.NODE_DISABLE_COMPILE_CACHE
      const run = (extra: Record<string, string>) =>
        spawnSync(process.execPath, [join(ROOT, 'out/main/serve.js'), '--help'], {
          env: { ...env, ...extra },
          encoding: 'utf8',
          timeout: 20_000
        })
      const cache = join(home, '.cache', 'nodedesk', 'compile-cache')

      expect(run({ NODE_DISABLE_COMPILE_CACHE: '1' }).status).toBe(0)
      expect(existsSync(cache)).toBe(false)

      expect(run({}).status).toBe(0)
      expect(statSync(cache).mode & 0o777).toBe(0o700)
      // Node's cache: a folder per Node version, holding the compiled modules.
      const [version] = readdirSync(cache)
      expect(readdirSync(join(cache, version!)).length).toBeGreaterThan(5)

      const chosen = join(home, 'chosen')
      expect(run({ NODE_COMPILE_CACHE: chosen }).status).toBe(0)
      expect(readdirSync(chosen).length).toBe(1)
    } finally {
      cleanup()
    }
  })
})
