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

/**
 * The page's entry (main.tsx) is small and imports the app (app-main.tsx) only after sending the
 * first screen's requests; a modulepreload link lets the browser fetch and compile the app's
 * chunks while the entry runs, instead of after.
 */
const preloadApp = (): Plugin => ({
  name: 'nodedesk-preload-app',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, ctx) => {
      const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk')
      const app = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/src/app-main.tsx')))
      if (!app) throw new Error('preload-app: no chunk for src/app-main.tsx')
      // The chunks the page loads as its entry (with main.tsx, see the chunk groups below), which need no preload.
      const entries = new Set(
        chunks.filter((c) => c.isEntry || c.moduleIds.some((id) => id.endsWith('/src/main.tsx'))).map((c) => c.fileName)
      )
      const byName = new Map(chunks.map((c) => [c.fileName, c]))
      // Every chunk the app imports statically, at any depth: a chunk found only once its importer
      // has arrived costs the first screen one more round trip before the app can run.
      const files = new Set<string>()
      const visit = (file: string): void => {
        if (files.has(file) || entries.has(file)) return
        files.add(file)
        for (const imported of byName.get(file)?.imports ?? []) visit(imported)
      }
      visit(app.fileName)
      // The app's stylesheets load with it (main.tsx imports none: a stylesheet before the entry would
      // hold its requests back); fetched from the start all the same, without holding anything back.
      const styles = [...files].flatMap((file) => [...(byName.get(file)?.viteMetadata?.importedCss ?? [])])
      return [
        ...[...new Set(styles)].map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `./${file}` },
          injectTo: 'head' as const
        })),
        ...[...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
          injectTo: 'head' as const
        }))
      ]
    }
  }
})

/** In a worker, decode-named-character-reference as outside a browser (its own table, no document). */
const entitiesWithoutDocument = (): Plugin => ({
  name: 'nodedesk-entities-without-document',
  enforce: 'pre',
  resolveId: (id) =>
    id === 'decode-named-character-reference' ? resolve(__dirname, 'node_modules/decode-named-character-reference/index.js') : null
})

/** The entries that turn on Node's compile cache first thing (see the main build's banner). */
const COMPILE_CACHED = new Set(['serve', 'provider-worker', 'extract-worker'])

export default defineConfig({
  main: {
    define: { __APP_VERSION__: JSON.stringify(pkg.version) },
    build: {
      // zod is bundled, not required from node_modules: its CommonJS build is 95 files, 62 of them
      // locales, and loading it was 50-70 ms of a headless start; bundled, only what the contract
      // uses is in the chunk (test/serve/start-modules.test.ts).
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          serve: resolve(__dirname, 'src/main/serve.ts'),
          // Answers' provider calls run in this worker thread (src/main/runtime/answer-callers.ts).
          'provider-worker': resolve(__dirname, 'src/main/runtime/provider-worker.ts'),
          // PDF and DOCX files are read in this process of their own (src/main/vector-fs/document-reader.ts).
          'extract-worker': resolve(__dirname, 'src/main/vector-fs/extract-worker.ts'),
          // WAL checkpoints run in this worker thread (src/main/store/checkpointer.ts).
          'checkpoint-worker': resolve(__dirname, 'src/main/store/checkpoint-worker.ts'),
          // Node's compile cache, loaded first by the entries below (src/main/compile-cache.ts).
          'compile-cache': resolve(__dirname, 'src/main/compile-cache.ts')
        },
        output: {
          // Headless mode, the provider thread and the extraction process keep the code V8 compiled for them
          // between starts (src/main/compile-cache.ts): a banner, since it must come before the
          // bundle's requires, which the modules' own code would follow. A start answered its first
          // request 35-60 ms sooner. The Electron app's entry has none, and in its threads it does nothing.
          banner: (chunk: { name: string; isEntry: boolean }) =>
            chunk.isEntry && COMPILE_CACHED.has(chunk.name) ? 'require("./compile-cache.js");' : ''
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
    // NO_MINIFY=1 keeps function and component names, for reading the window's CPU profiles.
    build: {
      minify: !process.env.NO_MINIFY,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
        // The first screen's code comes in as few files as can be: the entry (main.tsx and what it imports,
        // Vite's preload helper with them) and the app (app-main.tsx and every module it imports, at any
        // depth, with rolldown's small runtime beside it), where the split by shared modules had made twelve
        // files. A browser opens six connections to a host: the session's trade, sent by the entry, waited
        // 50-120 ms for one, behind the app's files. First row at 100,000 inboxes, 25 navigations each, taking
        // turns: median 411 -> 398 ms. Screens loaded later import what they share with the app from its chunk.
        output: {
          codeSplitting: {
            groups: [
              { name: 'index', priority: 2, test: /\/src\/renderer\/src\/main\.tsx$|preload-helper/ },
              { name: 'app-main', priority: 1, test: /\/src\/renderer\/src\/app-main\.tsx$/ }
            ]
          }
        }
      }
    },
    plugins: [react(), cspMeta(), preloadApp()],
    // The find's worker (shown-text.worker.ts) has no document: the Markdown parser's entity decoding there is
    // the one without it (decode-named-character-reference's browser build makes an element to decode with).
    worker: { format: 'es', plugins: () => [entitiesWithoutDocument()] }
  }
})
