// `npm start`: the desktop app; where the Electron binary is missing, headless mode instead.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { ensureBuild, root } from './ensure-build.mjs'
import { requireNode22 } from './node-version.mjs'
import { findElectronBinary } from './electron-binary.mjs'

requireNode22()
ensureBuild()
const electron = findElectronBinary()
if (electron.binary) {
  const child = spawn(electron.binary, [root, ...process.argv.slice(2)], { stdio: 'inherit' })
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
  child.on('exit', (code) => process.exit(code ?? 0))
} else {
  console.log(`No desktop window: ${electron.reason}; starting headless mode, open the UI address below in a browser.`)
  if (!process.argv.includes('--port')) process.argv.push('--port', '9550')
  createRequire(import.meta.url)(join(root, 'out/main/serve.js'))
}
