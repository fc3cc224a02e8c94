import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto'
import { closeSync, constants, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Encrypts secrets (provider API keys) before they reach the database. The desktop app uses
 * Electron's safeStorage (OS keychain); headless mode uses AES-256-GCM with a key file.
 * Sealed values start with a one-byte tag naming the box that sealed them.
 */
export interface SecretBox {
  readonly tag: number
  /** Its key was made at this start, none being there: keys sealed before cannot be opened. */
  readonly keyCreatedNow?: boolean
  seal(plain: string): Buffer
  open(sealed: Buffer): string
}

export const AES_FILE_BOX_TAG = 1

/** AES-256-GCM with a random 32-byte key kept in `keyFile` (mode 0600). */
export function aesFileSecretBox(keyFile: string): SecretBox {
  const { key: raw, created } = loadOrCreateKey(keyFile)
  // Imported once: a raw Buffer key is imported again by every cipher made with it (4x the cost of an open).
  const key = createSecretKey(raw)
  raw.fill(0)
  return {
    tag: AES_FILE_BOX_TAG,
    keyCreatedNow: created,
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

const KEY_BYTES = 32

function loadOrCreateKey(keyFile: string): { key: Buffer; created: boolean } {
  const existing = readKeyFile(keyFile)
  if (existing) return { key: existing, created: false }
  mkdirSync(dirname(keyFile), { recursive: true })
  const key = randomBytes(KEY_BYTES)
  let fd: number
  try {
    // Exclusive and not through a link: never overwrite a key another process wrote first.
    fd = openSync(keyFile, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return { key: readKeyFile(keyFile)!, created: false }
    throw err
  }
  try {
    writeSync(fd, key)
  } finally {
    closeSync(fd)
  }
  return { key, created: true }
}

/** The key, read without following a symbolic link; undefined when there is no file. */
function readKeyFile(keyFile: string): Buffer | undefined {
  let fd: number
  try {
    fd = openSync(keyFile, constants.O_RDONLY | constants.O_NOFOLLOW)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return undefined
    if (code === 'ELOOP') throw new Error(`${keyFile} is a symbolic link; the secret key is only read from a regular file`, { cause: err })
    throw err
  }
  try {
    if (!fstatSync(fd).isFile()) throw new Error(`${keyFile} is not a regular file`)
    const key = Buffer.alloc(KEY_BYTES + 1)
    const read = readSync(fd, key, 0, key.length, 0)
    if (read !== KEY_BYTES) throw new Error(`${keyFile} is not a ${KEY_BYTES}-byte key`)
    return key.subarray(0, KEY_BYTES)
  } finally {
    closeSync(fd)
  }
}
