import type { SafeStorage } from 'electron'
import type { SecretBox } from './store/secret-box'

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
