import type { SafeStorage } from 'electron'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { desktopSecretBox } from '../../src/main/electron-secret-box'
import { tempDir } from '../support/node'

/*
 * Where the desktop app keeps provider keys: the system's keychain (Electron's safeStorage) where it
 * has one, else a key file in the data folder, which the log then says once.
 */

let cleanup = () => {}
afterEach(() => cleanup())

/** safeStorage as Electron gives it: a keychain that works, or none. */
const safeStorage = (available: boolean, backend = available ? 'gnome_libsecret' : 'basic_text'): SafeStorage =>
  ({
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString: (plain: string) => Buffer.from([...Buffer.from(plain)].reverse()),
    decryptString: (sealed: Buffer) => Buffer.from([...sealed].reverse()).toString()
  }) as unknown as SafeStorage

function logged() {
  const lines: string[] = []
  return { lines, log: { info: (m: string) => void lines.push(m), error: (m: string) => void lines.push(m) } }
}

it('with a keychain: keys are sealed by it, no key file is made, and nothing is said', () => {
  const { dir, cleanup: done } = tempDir('nodedesk-secret-box-')
  cleanup = done
  const { lines, log } = logged()
  const box = desktopSecretBox(safeStorage(true), dir, log)
  expect(box.open(box.seal('sk-live-123456789'))).toBe('sk-live-123456789')
  expect(existsSync(join(dir, 'secret.key'))).toBe(false)
  expect(lines).toEqual([])
})

const noKeychain: [string, SafeStorage][] = [['none at all', safeStorage(false)]]
// Where it "works" with a fixed password: Electron's fallback on a Linux desktop without a keyring.
if (process.platform === 'linux') noKeychain.push(['a Linux desktop with no keyring (basic_text)', safeStorage(true, 'basic_text')])

it.each(noKeychain)(
  'without one (%s): keys are sealed with a key file in the data folder, and the log says so, naming no key',
  (_case, storage) => {
    const { dir, cleanup: done } = tempDir('nodedesk-secret-box-')
    cleanup = done
    const { lines, log } = logged()
    const box = desktopSecretBox(storage, dir, log)
    const sealed = box.seal('sk-live-123456789')
    expect(Buffer.from(sealed).toString('latin1')).not.toContain('sk-live')
    expect(box.open(sealed)).toBe('sk-live-123456789')
    expect(existsSync(join(dir, 'secret.key'))).toBe(true)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('a copy of that folder is a copy of the keys')
  }
)
