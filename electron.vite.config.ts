import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { RENDERER_CSP_META } from './src/shared/csp'

const pkg = JSON.parse(readFileSync(resolve(__dirname, 'package.json'), 'utf8')) as { version: string }

/**
 * The policy the headless server and the app:// protocol send as a header, also as a meta tag
 * (build only: dev needs HMR), first in <head> so that it governs everything after it.
 */
const cspMeta = (): Plugin => ({
  name: 'nodedesk-csp-meta',
  apply: 'build',
  transformIndexHtml: () => [
    { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: RENDERER_CSP_META }, injectTo: 'head-prepend' }
  ]
})

export default defineConfig({
  main: {
    define: { __APP_VERSION__: JSON.stringify(pkg.version) },
    build: {
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          serve: resolve(__dirname, 'src/main/serve.ts')
        }
      }
    }
  },
  preload: {
    build: {
      // Sandboxed preloads must be one CommonJS file with nothing to require but electron.
      externalizeDeps: false,
      rollupOptions: { input: { index: resolve(__dirname, 'src/preload/index.ts') }, output: { format: 'cjs' } }
    }
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    build: { minify: true, rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } } },
    plugins: [react(), cspMeta()]
  }
})
