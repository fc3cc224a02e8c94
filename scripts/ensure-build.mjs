import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..')

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)
  }
  return newest
}

/** Builds out/ with electron-vite when it is missing or older than src/. */
export function ensureBuild() {
  const marker = join(root, 'out/main/serve.js')
  if (existsSync(marker) && statSync(marker).mtimeMs >= newestMtime(join(root, 'src'))) return
  console.log('Building Nodedesk (electron-vite build)...')
  const cli = join(root, 'node_modules/electron-vite/bin/electron-vite.js')
  const r = spawnSync(process.execPath, [cli, 'build'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
