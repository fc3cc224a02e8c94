import { hash, randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** Outside the contract's table: HTTP-only plumbing of the browser UI (see README, headless mode). */
export const SESSION_PATH = '/v2/session'
export const UI_CODE_PATH = '/v2/session/ui_code'
/** `{"code":"<43 characters>"}` with room to spare: the exchange's body never needs more. */
export const SESSION_BODY_MAX_BYTES = 1024

const CODE_TTL_MS = 24 * 60 * 60_000
const SESSION_IDLE_MS = 12 * 60 * 60_000
const MAX_CODES = 64
const MAX_SESSIONS = 256

const key = (secret: string) => hash('sha256', secret, 'hex')
const newSecret = () => randomBytes(32).toString('base64url')

/**
 * The browser's way in without the bearer token in its address bar: the UI address carries a
 * one-time code, which the page trades once for a session cookie (HttpOnly, SameSite=Strict).
 * A used code grants nothing, so the address left in history, session restore or a proxy log
 * is useless. Only hashes are kept; everything is forgotten when the node stops.
 */
export function createUiSessions(port: number, now: () => number = Date.now) {
  const codes = new Map<string, number>() // hash -> expiry
  const sessions = new Map<string, number>() // hash -> last use
  // Cookies are per host, not per port: two nodes on 127.0.0.1 must not overwrite each other's.
  const cookieName = `nodedesk_session_${port}`

  const trim = <T>(m: Map<string, T>, max: number) => {
    while (m.size > max) m.delete(m.keys().next().value!)
  }

  return {
    cookieName,
    /** A fresh one-time code for a UI address. */
    issueCode(): string {
      const code = newSecret()
      codes.set(key(code), now() + CODE_TTL_MS)
      trim(codes, MAX_CODES)
      return code
    },
    /** Spends a code: a new session id the first time, undefined for a used, expired or made-up code. */
    redeem(code: string): string | undefined {
      const k = key(code)
      const expiry = codes.get(k)
      codes.delete(k)
      if (expiry === undefined || expiry < now()) return undefined
      const session = newSecret()
      sessions.set(key(session), now())
      trim(sessions, MAX_SESSIONS)
      return session
    },
    /** Whether the request's cookie names a live session (sliding idle expiry). */
    hasSession(req: IncomingMessage): boolean {
      const value = readCookie(req.headers.cookie, cookieName)
      if (!value) return false
      const k = key(value)
      const lastUse = sessions.get(k)
      if (lastUse === undefined) return false
      if (now() - lastUse > SESSION_IDLE_MS) {
        sessions.delete(k)
        return false
      }
      sessions.delete(k) // re-inserted last: the map stays ordered by last use for trimming
      sessions.set(k, now())
      return true
    },
    cookie: (session: string) => `${cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/`
  }
}

export type UiSessions = ReturnType<typeof createUiSessions>

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}
