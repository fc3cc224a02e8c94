import type { SafeStorage } from 'electron'
import { join } from 'node:path'
import type { Logger } from './platform/logger'
import { aesFileSecretBox, type SecretBox } from './store/secret-box'

export const SAFE_STORAGE_BOX_TAG = 2

/**
 * Electron safeStorage (the OS keychain) as a SecretBox, or undefined where it would not
 * really encrypt (Linux without a keyring falls back to a fixed password: 'basic_text').
 */
export function safeStorageSecretBox(safeStorage: SafeStorage): SecretBox | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return undefined
  return {
    tag: SAFE_STORAGE_BOX_TAG,
    seal: (plain) => Buffer.concat([Buffer.from([SAFE_STORAGE_BOX_TAG]), safeStorage.encryptString(plain)]),
    open(sealed) {
      if (sealed[0] !== SAFE_STORAGE_BOX_TAG) throw new Error('secret was sealed by another secret box')
      return safeStorage.decryptString(sealed.subarray(1))
    }
  }
}

/**
 * The desktop app's secret box: the system's keychain where it has one, else a key file in the data
 * folder, said once in the log as the app starts: the keys are then only as safe as that folder (a
 * copy of it is a copy of the keys), which the operator of a Linux desktop without a keyring would
 * otherwise not know.
 */
export function desktopSecretBox(safeStorage: SafeStorage, dataDir: string, log: Logger): SecretBox {
  const keychain = safeStorageSecretBox(safeStorage)
  if (keychain) return keychain
  log.info(
    "This system offers no keychain to Nodedesk: provider keys are encrypted with secret.key in the data folder, so a copy of that folder is a copy of the keys. On Linux, a keyring (GNOME Keyring, KWallet) keeps them in the system's care."
  )
  return aesFileSecretBox(join(dataDir, 'secret.key'))
}
