// ESLint: typescript-eslint's type-checked rules, React's hook rules for the window, and the layers
// (docs/architecture.md) stated as import zones, so `npm test` fails the day one of them is crossed.
// typescript-eslint runs on the `typescript` 6 package; typecheck runs on TypeScript 7 (package.json).
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { builtinModules } from 'node:module'
import tseslint from 'typescript-eslint'

// ---- the import zones -------------------------------------------------------------------------
// no-restricted-imports matches the import string, so each zone is a pattern over relative paths.
// A file takes its restrictions from the one zone block that matches it last (flat config replaces a
// rule's options, it does not merge them), so every block below states all that applies to it.

const NODE_BUILTINS = {
  regex: `^(node:.*|(${builtinModules.join('|')})(/.*)?)$`,
  message: 'Node built-ins do not exist here (the window is sandboxed; shared code runs in it).'
}
const ELECTRON = {
  regex: '^electron(/.*)?$',
  message:
    'electron is imported only by src/main/index.ts, src/main/transports/ipc.ts, src/main/electron-secret-box.ts, src/main/electron-reader-process.ts and src/preload.'
}
const restrict = (patterns) => (patterns.length ? ['error', { patterns }] : 'off')

// The main process, top to bottom: transports → node-api → domain → store; runtime → domain, store;
// platform (clock, event bus, logger) under all of them. Files directly in src/main wire the layers.
// Each layer lists the folders of src/main it must not import (folder names are unique in src/main,
// so `(../)+<folder>` from anywhere inside a layer means src/main/<folder>).
const MAIN_LAYERS = {
  transports: { not: ['domain', 'runtime', 'store'], why: 'Transports reach the node only through node-api.' },
  'node-api': { not: ['transports'], why: 'node-api is transport-free: transports import it, never the reverse.' },
  runtime: { not: ['node-api', 'transports'], why: 'The runtime sits under the API: it shares rules with the handlers through domain.' },
  domain: { not: ['node-api', 'runtime', 'transports'], why: 'Domain rules know the store, nothing above them.' },
  store: { not: ['domain', 'node-api', 'runtime', 'transports'], why: 'The store is the bottom layer: it imports nothing above it.' },
  platform: { not: ['domain', 'node-api', 'runtime', 'store', 'transports'], why: 'platform/ is under every layer.' }
}
const STORE_API = {
  regex: '^(\\.\\./)+store/.',
  message: "node-api uses the store through its public API (src/main/store/index.ts), not the store's files."
}
const ELECTRON_EDGES = [
  'src/main/index.ts',
  'src/main/transports/ipc.ts',
  'src/main/electron-secret-box.ts',
  'src/main/electron-reader-process.ts'
]

const layerPatterns = (layer) => {
  const rule = MAIN_LAYERS[layer]
  if (!rule) return []
  return [{ regex: `^(\\.\\./)+(${rule.not.join('|')})(/|$)`, message: rule.why }, ...(layer === 'node-api' ? [STORE_API] : [])]
}
const layerOfFile = (file) => Object.keys(MAIN_LAYERS).find((layer) => file.startsWith(`src/main/${layer}/`))

const FEATURES = 'src/renderer/src/features'
const FEATURE_MESSAGE = 'A feature imports another feature only through its index.ts (features/<name>), never the files inside it.'
const RENDERER_NOT_MAIN = {
  regex: '^(\\.\\./)+main/',
  message: 'The window never imports main-process code: it reaches the node through api/.'
}

// SQLite (3.48+) plans a statement whose LIMIT is a bound parameter again every time it is bound,
// which better-sqlite3 does on every call: the limit goes into the SQL (store/limited-statements.ts).
const SQL_LIMIT_MESSAGE =
  'A bound LIMIT (LIMIT ?) has SQLite plan the statement again on every call: write the limit into the SQL (limitedStatements in src/main/store/limited-statements.ts).'
const sqlLimitInText = {
  name: 'sqlite/limit-in-text',
  files: ['src/main/**/*.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: 'TemplateElement[value.raw=/\\bLIMIT\\s+\\?/i]', message: SQL_LIMIT_MESSAGE },
      { selector: 'Literal[value=/\\bLIMIT\\s+\\?/i]', message: SQL_LIMIT_MESSAGE }
    ]
  }
}

const zones = [
  { name: 'layers/main', files: ['src/main/**/*.ts'], rules: { 'no-restricted-imports': restrict([ELECTRON]) } },
  ...Object.keys(MAIN_LAYERS).map((layer) => ({
    name: `layers/main/${layer}`,
    files: [`src/main/${layer}/**/*.ts`],
    rules: { 'no-restricted-imports': restrict([ELECTRON, ...layerPatterns(layer)]) }
  })),
  ...ELECTRON_EDGES.map((file) => ({
    name: `layers/electron-edge/${file}`,
    files: [file],
    rules: { 'no-restricted-imports': restrict(layerPatterns(layerOfFile(file))) }
  })),
  {
    name: 'layers/preload',
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^(\\.\\./)+main/', message: 'The preload bridges to the main process over IPC; it never imports its code.' }
      ])
    }
  },
  // src/shared: per depth, since "outside src/shared" is a number of `../` that depends on where the file is.
  ...[0, 1, 2, 3].map((depth) => ({
    name: `layers/shared/${depth}`,
    files: [`src/shared/${'*/'.repeat(depth)}*.ts`],
    rules: {
      'no-restricted-imports': restrict([
        NODE_BUILTINS,
        ELECTRON,
        {
          regex: `^(\\./)?(\\.\\./){${depth + 1}}`,
          message: 'src/shared imports nothing of ours outside src/shared (main, preload and renderer all import it).'
        }
      ])
    }
  })),
  {
    name: 'layers/renderer',
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([NODE_BUILTINS, ELECTRON, RENDERER_NOT_MAIN]) }
  },
  // Features: `depth` steps up from a file in features/<x>/... is features/ itself, and `<y>/<file>` from
  // there is inside another feature; `features/<y>` alone is that feature's index.ts, its public face.
  // app/ (the composition root) may lazy-load a feature's pages by file, to keep them in their own chunks.
  ...[1, 2, 3, 4].map((depth) => ({
    name: `layers/features/${depth}`,
    files: [`${FEATURES}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict([
        NODE_BUILTINS,
        ELECTRON,
        RENDERER_NOT_MAIN,
        { regex: `^(\\.\\./){${depth}}[^./][^/]*/.`, message: FEATURE_MESSAGE },
        { regex: '(^|/)features/[^/]+/.', message: FEATURE_MESSAGE }
      ])
    }
  }))
]

// A confirmation opened directly starts with the focus on its close button (its first control), not on
// the safe choice: every one goes through app/confirm.ts, which puts it on Cancel.
const CONFIRM_MESSAGE = 'Ask with askToConfirm (src/renderer/src/app/confirm.ts): it opens with the focus on the safe choice.'
const confirmThroughApp = {
  name: 'renderer/confirm-through-app',
  files: ['src/renderer/**/*.{ts,tsx}'],
  ignores: ['src/renderer/src/app/confirm.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: "MemberExpression[property.name='openConfirmModal']", message: CONFIRM_MESSAGE },
      { selector: "ImportSpecifier[imported.name='openConfirmModal']", message: CONFIRM_MESSAGE }
    ]
  }
}

/** ESLint has no built-in check that a disable comment says why; its ` -- reason` syntax is the place for it. */
const disableNeedsReason = {
  meta: { type: 'suggestion', docs: { description: 'eslint-disable comments give a reason after ` -- `' }, schema: [] },
  create: (context) => ({
    Program() {
      for (const comment of context.sourceCode.getAllComments()) {
        const text = comment.value.trim()
        if (/^eslint-disable(-next-line|-line)?(\s|$)/.test(text) && !/\s--\s*\S/.test(text)) {
          context.report({ loc: comment.loc, message: 'Say why on the same line: `eslint-disable-... rule -- reason`.' })
        }
      }
    }
  })
}

export default tseslint.config(
  { ignores: ['out/', '.tools/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/', 'dist/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error', reportUnusedInlineConfigs: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname }
    },
    rules: {
      // `const { key: _key, ...rest } = x` is how this code drops a field from a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // Playwright reads a fixture's first parameter as a destructuring pattern: `async ({}, use)` is its idiom.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }]
    }
  },
  {
    // Plain JS (this file, scripts/*.mjs) has no types to check against: the type-aware rules would only report `any`.
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } }
  },
  {
    // The window only: test helpers named use* (useTestNode) are Vitest set-ups, not React hooks.
    files: ['src/renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Reports components React Compiler would skip; the window is not built with the compiler (electron.vite.config.ts).
      'react-hooks/incompatible-library': 'off'
    }
  },
  {
    files: ['test/**', 'e2e/**'],
    rules: {
      // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any` and belong inside expected objects.
      '@typescript-eslint/no-unsafe-assignment': 'off'
    }
  },
  ...zones,
  sqlLimitInText,
  confirmThroughApp,
  {
    plugins: { nodedesk: { rules: { 'disable-needs-reason': disableNeedsReason } } },
    rules: { 'nodedesk/disable-needs-reason': 'error' }
  }
)
