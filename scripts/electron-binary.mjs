import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './ensure-build.mjs'

const electronDir = join(root, 'node_modules', 'electron')

function installedBinary() {
  const pathFile = join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return undefined
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : undefined
}

/**
 * The Electron executable, fetching it once (quietly) when npm skipped electron's install
 * script. Returns `{binary}` or `{reason}` saying why there is none.
 */
export function findElectronBinary({ download = true } = {}) {
  if (!existsSync(join(electronDir, 'install.js'))) return { reason: 'the electron package is not installed' }
  let binary = installedBinary()
  if (binary) return { binary }
  if (!download || process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return { reason: 'the Electron binary was not downloaded' }
  const r = spawnSync(process.execPath, [join(electronDir, 'install.js')], { stdio: 'pipe', timeout: 180_000, encoding: 'utf8' })
  binary = installedBinary()
  if (binary) return { binary }
  const why = `${r.stderr ?? ''}${r.stdout ?? ''}`.trim().split('\n').pop() || `exit ${r.status}`
  return { reason: `the Electron binary could not be downloaded (${why})` }
}
