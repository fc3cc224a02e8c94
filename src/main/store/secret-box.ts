import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Encrypts secrets (provider API keys) before they reach the database. The desktop app uses
 * Electron's safeStorage (OS keychain); headless mode uses AES-256-GCM with a key file.
 * Sealed values start with a one-byte tag naming the box that sealed them.
 */
export interface SecretBox {
  readonly tag: number
  seal(plain: string): Buffer
  open(sealed: Buffer): string
}

export const AES_FILE_BOX_TAG = 1

/** AES-256-GCM with a random 32-byte key kept in `keyFile` (mode 0600). */
export function aesFileSecretBox(keyFile: string): SecretBox {
  const key = loadOrCreateKey(keyFile)
  return {
    tag: AES_FILE_BOX_TAG,
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([Buffer.from([AES_FILE_BOX_TAG]), iv, cipher.getAuthTag(), body])
    },
    open(sealed) {
      if (sealed[0] !== AES_FILE_BOX_TAG) throw new Error('secret was sealed by another secret box')
      const iv = sealed.subarray(1, 13)
      const tag = sealed.subarray(13, 29)
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAuthTag(tag)
      return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]).toString('utf8')
    }
  }
}

function loadOrCreateKey(keyFile: string): Buffer {
  if (existsSync(keyFile)) {
    const key = readFileSync(keyFile)
    if (key.length !== 32) throw new Error(`${keyFile} is not a 32-byte key`)
    return key
  }
  mkdirSync(dirname(keyFile), { recursive: true })
  const key = randomBytes(32)
  // 'wx': never overwrite a key another process wrote first.
  const fd = openSync(keyFile, 'wx', 0o600)
  try {
    writeSync(fd, key)
  } finally {
    closeSync(fd)
  }
  return key
}
