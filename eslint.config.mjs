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
// rule's options, it does not merge them), so every block below restates all that applies to it.

const NODE_BUILTINS = {
  regex: `^(node:.*|(${builtinModules.join('|')})(/.*)?)$`,
  message: 'Node built-ins do not exist here (the window is sandboxed; shared code runs in it).'
}
const ELECTRON = {
  regex: '^electron(/.*)?$',
  message: 'electron is imported only by src/main/index.ts, src/main/transports/ipc.ts, src/main/electron-secret-box.ts and src/preload.'
}
/** A relative import reaching `src/main/<folder>` from anywhere in src/main (folder names are unique in src/main). */
const mainFolder = (folders, message) => ({ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message })
const restrict = (...patterns) => ['error', { patterns }]

/** Globs for the files exactly `depth` folders below `root`, and a regex for a relative import that climbs out of `root` from there. */
const byDepth = (root, depths = 4) =>
  Array.from({ length: depths }, (_, depth) => ({
    files: [`${root}/${'*/'.repeat(depth)}*.{ts,tsx,mts}`],
    climbsOut: `^(\\./)?(\\.\\./){${depth + 1}}`
  }))

const FEATURES = 'src/renderer/src/features'
const FEATURE_MESSAGE = 'A feature imports another feature only through its index.ts (features/<name>), never the files inside it.'
const RENDERER_NOT_MAIN = {
  regex: '^(\\.\\./)+main/',
  message: 'The window never imports main-process code: it reaches the node through api/.'
}

const zones = [
  {
    name: 'layers/main',
    files: ['src/main/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(ELECTRON) }
  },
  {
    name: 'layers/main-electron-edges',
    files: ['src/main/index.ts', 'src/main/transports/ipc.ts', 'src/main/electron-secret-box.ts'],
    rules: { 'no-restricted-imports': 'off' }
  },
  {
    name: 'layers/node-api',
    files: ['src/main/node-api/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        ELECTRON,
        mainFolder(['transports'], 'node-api is transport-free: transports import it, never the reverse.')
      )
    }
  },
  {
    name: 'layers/runtime',
    files: ['src/main/runtime/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(ELECTRON, mainFolder(['transports'], 'The runtime sits below the transports.'))
    }
  },
  {
    name: 'layers/store',
    files: ['src/main/store/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        ELECTRON,
        mainFolder(['node-api', 'runtime', 'transports'], 'The store is the bottom layer: it imports nothing above it.')
      )
    }
  },
  {
    name: 'layers/preload',
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        mainFolder(['main'], 'The preload bridges to the main process over IPC; it never imports its code.')
      )
    }
  },
  ...byDepth('src/shared').map(({ files, climbsOut }, depth) => ({
    name: `layers/shared-${depth}`,
    files,
    rules: {
      'no-restricted-imports': restrict(NODE_BUILTINS, ELECTRON, {
        regex: climbsOut,
        message: 'src/shared imports nothing of ours outside src/shared (main, preload and renderer all import it).'
      })
    }
  })),
  {
    name: 'layers/renderer',
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(NODE_BUILTINS, ELECTRON, RENDERER_NOT_MAIN) }
  },
  ...[1, 2, 3, 4].map((depth) => ({
    name: `layers/feature-${depth}`,
    files: [`${FEATURES}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict(
        NODE_BUILTINS,
        ELECTRON,
        RENDERER_NOT_MAIN,
        // `depth` steps up from features/<x>/... is features/ itself; `<y>/<file>` from there is inside another feature.
        { regex: `^(\\.\\./){${depth}}[^./][^/]*/.`, message: FEATURE_MESSAGE },
        { regex: '(^|/)features/[^/]+/.', message: FEATURE_MESSAGE }
      )
    }
  }))
]

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
    files: ['src/renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Reports components React Compiler would skip; the window is not built with the compiler (electron.vite.config.ts).
      'react-hooks/incompatible-library': 'off'
    }
  },
  ...zones,
  {
    plugins: { nodedesk: { rules: { 'disable-needs-reason': disableNeedsReason } } },
    rules: { 'nodedesk/disable-needs-reason': 'error' }
  }
)
