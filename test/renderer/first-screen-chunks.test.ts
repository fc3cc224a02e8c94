import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The test run's global setup builds the app (scripts/ensure-build.mjs).
const assets = join(__dirname, '../../out/renderer/assets')
const html = readFileSync(join(__dirname, '../../out/renderer/index.html'), 'utf8')

/** The chunks a built module imports statically (`import … from "./x.js"`, `import "./x.js"`). */
const staticImports = (file: string): string[] =>
  [...readFileSync(join(assets, file), 'utf8').matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]!)

describe('the built page', () => {
  it('preloads every chunk the app imports statically, at any depth, so none waits for its importer to arrive', () => {
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\.\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!)
    const entry = /<script type="module"[^>]*src="\.\/assets\/([\w.-]+\.js)"/.exec(html)?.[1]
    const app = preloaded.find((f) => f.startsWith('app-main-'))
    expect(entry, 'the page has its entry script').toBeDefined()
    expect(app, 'the app chunk is preloaded').toBeDefined()
    const needed = new Set<string>()
    const visit = (file: string): void => {
      if (needed.has(file) || file === entry) return
      needed.add(file)
      for (const imported of staticImports(file)) visit(imported)
    }
    visit(app!)
    expect(needed.size).toBeGreaterThan(1)
    expect([...needed].filter((f) => !preloaded.includes(f))).toEqual([])
  })

  it('loads the first screen from few enough files that the session trade, sent by the entry, finds a connection free', () => {
    // A browser opens six connections to a host over HTTP/1.1. With the first screen's code in twelve files, the
    // entry's POST /v2/session queued 50-120 ms behind them, and every read of the first screen waited for it.
    const entry = /<script type="module"[^>]*src="\.\/assets\/([\w.-]+\.js)"/.exec(html)![1]!
    const files = new Set([
      entry,
      ...[...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="\.\/assets\/([\w.-]+)"/g)].map((m) => m[1]!)
    ])
    const load = (file: string): void => {
      for (const imported of staticImports(file)) {
        if (files.has(imported)) continue
        files.add(imported)
        load(imported)
      }
    }
    load(entry)
    expect(files.size, [...files].join(', ')).toBeLessThanOrEqual(5)
  })

  it("gives the tab a PNG icon, which the page's thread decodes at once, not an SVG, which it draws as a document of its own", () => {
    // The page itself fetches and draws its tab's icon, while it makes the first screen: the SVG took 10-14 ms.
    const icons = [...html.matchAll(/<link rel="icon"[^>]*href="\.\/([\w.-]+)"/g)].map((m) => m[1]!)
    expect(icons).toEqual(['favicon.png'])
    expect(
      readFileSync(join(assets, '..', 'favicon.png'))
        .subarray(1, 4)
        .toString()
    ).toBe('PNG')
  })

  it('holds the entry back behind no stylesheet, and fetches the stylesheets of the app from the start', () => {
    // A stylesheet link before the entry makes the browser wait for it before running the entry, which
    // sends the first screen's requests: Mantine's CSS loads with the app instead (main.tsx imports none).
    expect(html).not.toMatch(/rel="stylesheet"/)
    const entry = /<script type="module"[^>]*src="\.\/assets\/([\w.-]+\.js)"/.exec(html)![1]!
    // The stylesheets the entry's import of the app waits for (Vite's list of the import's files).
    const deps = /__vite__mapDeps=[^\n]*?\[([^\]]*)\]/.exec(readFileSync(join(assets, entry), 'utf8'))?.[1] ?? ''
    const appStyles = [...deps.matchAll(/\.\/([\w.-]+\.css)/g)].map((m) => m[1]!)
    expect(appStyles.length).toBeGreaterThan(0)
    const preloaded = [...html.matchAll(/<link rel="preload" as="style"[^>]*href="\.\/assets\/([\w.-]+\.css)"/g)].map((m) => m[1]!)
    expect(preloaded.sort()).toEqual([...new Set(appStyles)].sort())
  })

  it('loads no schema library (zod) with the first screen: the inbox list renders before any form needs it', () => {
    // The inbox rows once named their provider through the providers feature, whose display helpers read the
    // contract's schemas: 100 KB more code before the first row (navigation to it 0.23 -> 0.33 s at 100,000).
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\.\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!)
    expect(preloaded.length).toBeGreaterThan(1)
    for (const file of preloaded) expect(readFileSync(join(assets, file), 'utf8'), file).not.toMatch(/\bZodError\b/)
    // The check can see zod where it is: in the chunk of the forms that validate with it.
    const all = readdirSync(assets).filter((f) => f.endsWith('.js'))
    expect(all.some((f) => /\bZodError\b/.test(readFileSync(join(assets, f), 'utf8')))).toBe(true)
  })

  it('loads no dialog or notification code with the first screen: they mount after its first paint, from a chunk of their own', () => {
    // The dialogs' provider (Mantine's Modal, its ScrollArea, Floating UI, the scroll lock) and the notification
    // area were imported by the first screen although mounted after its paint: 120 KB of the 570 KB it ran.
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\.\/assets\/([\w.-]+\.js)"/g)].map((m) => m[1]!)
    const mantineNames = /`(ModalRoot|ScrollArea|Notifications)`/
    for (const file of preloaded) expect(readFileSync(join(assets, file), 'utf8'), file).not.toMatch(mantineNames)
    // The check can see them where they are: in the chunks loaded after the first paint.
    const all = readdirSync(assets).filter((f) => f.endsWith('.js'))
    for (const name of ['ModalRoot', 'ScrollArea', 'Notifications'])
      expect(
        all.some((f) => readFileSync(join(assets, f), 'utf8').includes(`\`${name}\``)),
        name
      ).toBe(true)
  })

  it("holds Mantine's styles for each component the app's code uses, in the order of Mantine's whole stylesheet, and no other", () => {
    // src/renderer/src/app/mantine-styles.ts imports them one file per component: the whole sheet is 250 KB,
    // of which the app used 150, and every window parsed it. Each file is a piece of the whole sheet; kept in
    // its order they cascade as it does. A component is used when the built code names one of its classes.
    const root = join(__dirname, '../..')
    const stylesDir = join(root, 'node_modules/@mantine/core/styles')
    const whole = readFileSync(join(root, 'node_modules/@mantine/core/styles.css'), 'utf8')
    const code = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(assets, f), 'utf8'))
      .join('\n')
    const named = new Set(code.match(/\bm_[0-9a-f]{6,8}\b/g))
    const globals = ['baseline', 'default-css-variables', 'global']
    const files = readdirSync(stylesDir)
      .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
      .map((f) => ({ name: f.slice(0, -4), text: readFileSync(join(stylesDir, f), 'utf8').trim() }))
    for (const f of files) expect(whole.indexOf(f.text), `${f.name}.css is a piece of Mantine's whole stylesheet`).toBeGreaterThanOrEqual(0)
    const needed = files
      .filter((f) => globals.includes(f.name) || (f.text.match(/\.m_[0-9a-f]+/g) ?? []).some((c) => named.has(c.slice(1))))
      .sort((a, b) => whole.indexOf(a.text) - whole.indexOf(b.text))
      .map((f) => f.name)
    expect(needed.slice(0, 3)).toEqual(globals)
    expect(needed).toContain('Button') // the check sees the components where they are
    const source = readFileSync(join(root, 'src/renderer/src/app/mantine-styles.ts'), 'utf8')
    const imported = [...source.matchAll(/^import '@mantine\/core\/styles\/([\w-]+)\.css'$/gm)].map((m) => m[1]!)
    expect(imported, 'the files mantine-styles.ts imports, in this order').toEqual(needed)
    // And the whole sheet is imported nowhere: the app's stylesheet holds only those pieces.
    const built = readdirSync(assets)
      .filter((f) => f.endsWith('.css'))
      .map((f) => readFileSync(join(assets, f), 'utf8'))
      .join('\n')
    const unused = files.filter((f) => !needed.includes(f.name))
    expect(unused.length).toBeGreaterThan(0)
    const builtClasses = new Set(built.match(/\.m_[0-9a-f]+/g))
    expect(builtClasses.size).toBeGreaterThan(100)
    for (const f of unused) {
      const kept = (f.text.match(/\.m_[0-9a-f]+/g) ?? []).filter((c) => builtClasses.has(c))
      expect(kept, `classes of ${f.name}.css in the app's styles`).toEqual([])
    }
  })
})
