// `npm start`: the desktop app; where the Electron binary is missing, headless mode instead.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { ensureBuild, root } from './ensure-build.mjs'

ensureBuild()
const require = createRequire(import.meta.url)
let electronBinary
try {
  electronBinary = require('electron') // the path of the binary, or throws when it was not downloaded
} catch {
  electronBinary = undefined
}
if (typeof electronBinary === 'string' && existsSync(electronBinary)) {
  const child = spawn(electronBinary, [root, ...process.argv.slice(2)], { stdio: 'inherit' })
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
  child.on('exit', (code) => process.exit(code ?? 0))
} else {
  console.log('Electron binary not installed here (run `npx install-electron` or reinstall electron); starting headless mode instead.')
  process.argv.splice(2, 0, ...(process.argv.includes('--port') ? [] : ['--port', '9550']))
  require(join(root, 'out/main/serve.js'))
}
