import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { unpackedPath } from '../../src/main/store/db'

/*
 * `npm run dist` needs Electron's zips from the network, which these machines cannot reach, so the
 * packaging config itself is what is tested: every fuse, every target, and electron-builder's own
 * schema check (the one it runs before building).
 */
const ROOT = join(__dirname, '..', '..')
const config = JSON.parse(readFileSync(join(ROOT, 'electron-builder.json'), 'utf8')) as Record<string, unknown>
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; main: string }
const req = createRequire(join(ROOT, 'package.json'))

describe('packaging config (electron-builder.json)', () => {
  it('sets every fuse: no run-as-node, no NODE_OPTIONS, no inspector, encrypted cookies, ASAR integrity, app only from the ASAR', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false
    })
    expect(config.asar).toBe(true) // the fuses above are meaningless without an ASAR
  })

  it('builds AppImage and deb, dmg, and an NSIS installer from the built out/ (native modules unpacked)', () => {
    expect(config.linux).toMatchObject({ target: ['AppImage', 'deb'] })
    expect(config.mac).toMatchObject({ target: ['dmg'] })
    expect(config.win).toMatchObject({ target: ['nsis'] })
    expect(config.files).toEqual(['out/**/*', 'package.json'])
    expect(pkg.main).toBe('./out/main/index.js')
    expect(config.asarUnpack).toContain('**/*.node') // better-sqlite3 cannot be loaded from inside an ASAR
    expect(config.asarUnpack).toContain('node_modules/sqlite-vec-*/**') // nor sqlite-vec's vec0 extension
    expect(pkg.scripts.dist).toBe('electron-vite build && electron-builder --config electron-builder.json')
  })

  it('passes electron-builder’s own configuration check', async () => {
    const { validateConfiguration } = req('app-builder-lib/out/util/config/config') as {
      validateConfiguration: (c: unknown, logger: unknown) => Promise<void>
    }
    const { DebugLogger } = req('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
    const { $schema: _schema, ...rest } = config
    await expect(validateConfiguration(rest, new DebugLogger(false))).resolves.toBeUndefined()
    // The check is real: a misspelt fuse is refused.
    await expect(
      validateConfiguration({ ...rest, electronFuses: { ...(rest.electronFuses as object), runAsnode: false } }, new DebugLogger(false))
    ).rejects.toThrow(/Invalid configuration object[\s\S]*electronFuses/)
  })

  it('the README says that `npm run dist` needs the network', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toMatch(/`npm run dist` needs the network/)
  })
})

it('loads the vector extension from the unpacked copy when the app runs from an ASAR archive', () => {
  expect(unpackedPath('/opt/Nodedesk/resources/app.asar/node_modules/sqlite-vec-linux-x64/vec0.so')).toBe(
    '/opt/Nodedesk/resources/app.asar.unpacked/node_modules/sqlite-vec-linux-x64/vec0.so'
  )
  expect(unpackedPath('C:\\Nodedesk\\resources\\app.asar\\node_modules\\sqlite-vec-windows-x64\\vec0.dll')).toBe(
    'C:\\Nodedesk\\resources\\app.asar.unpacked\\node_modules\\sqlite-vec-windows-x64\\vec0.dll'
  )
  expect(unpackedPath('/work/node_modules/sqlite-vec-linux-x64/vec0.so')).toBe('/work/node_modules/sqlite-vec-linux-x64/vec0.so')
})
