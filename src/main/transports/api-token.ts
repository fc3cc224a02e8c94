import { randomBytes } from 'node:crypto'
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'

export const API_TOKEN_FILE = 'api-token'

/**
 * The bearer token of headless mode: env NODEDESK_API_TOKEN when set, else the one kept in
 * `<dataDir>/api-token` (mode 0600), generated once as 32 random bytes in base64url.
 */
export function loadOrCreateApiToken(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.NODEDESK_API_TOKEN?.trim()
  if (fromEnv) return fromEnv
  const file = join(dataDir, API_TOKEN_FILE)
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim()
    if (token) {
      chmodSync(file, 0o600)
      return token
    }
  }
  mkdirSync(dataDir, { recursive: true })
  const token = randomBytes(32).toString('base64url')
  const fd = openSync(file, 'w', 0o600)
  try {
    writeSync(fd, token)
  } finally {
    closeSync(fd)
  }
  chmodSync(file, 0o600)
  return token
}
