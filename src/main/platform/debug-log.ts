import { hideCredentials } from './credential-forms'
import { consoleLogger } from './logger'

/**
 * The debug log: off unless asked for (`--debug` in headless mode, NODEDESK_DEBUG=1 in either
 * mode), then one line per event on stderr, with its time. It keeps what the operator is not
 * shown: where a parser's or a provider's own words were turned into a plain sentence, the raw
 * cause goes here.
 *
 * Secrets never reach it. Every line goes through the redaction it is enabled with (the node's
 * key redaction: the API keys and URL secrets each event names), then loses every credential found
 * by its form (credential-forms.ts: a header's value, an address's password or key), and it takes texts and errors'
 * names and messages only: never an error's other fields (an SDK's error carries the request's
 * body and headers), never a request body or header.
 */

/** The environment variable that turns the debug log on (headless mode and the desktop app). */
export const DEBUG_ENV = 'NODEDESK_DEBUG'

/** Whether the environment asks for the debug log (NODEDESK_DEBUG=1). */
export const debugWanted = (env: NodeJS.ProcessEnv = process.env) => env[DEBUG_ENV] === '1'

/** Takes each secret out of a text (runtime/key-redactor.ts: redactSecrets). */
export type SecretRedaction = (text: string, secrets: readonly string[]) => string

export interface DebugLogOptions {
  readonly redact: SecretRedaction
  /** Where a line goes (default: stderr, through the log that cannot throw). */
  readonly write?: (line: string) => void
  readonly now?: () => Date
}

/** The longest line written: an SDK's error message can quote a whole reply. */
export const DEBUG_LINE_MAX_CHARS = 2000

let sink: Required<DebugLogOptions> | undefined

/** Turns the debug log on for this process (or thread). */
export function enableDebugLog(options: DebugLogOptions): void {
  sink = { write: (line) => consoleLogger.error(line), now: () => new Date(), ...options }
}

/** Turns it off again (tests). */
export function disableDebugLog(): void {
  sink = undefined
}

export const debugLogOn = () => sink !== undefined

/** An error's name and message, then its causes' in turn; a string as it is; nothing of any other value (its fields may be request data). */
export function causeText(cause: unknown): string {
  const parts: string[] = []
  const seen = new Set<unknown>()
  for (let c = cause; c !== undefined && c !== null && !seen.has(c) && parts.length < 5; c = (c as { cause?: unknown }).cause) {
    seen.add(c)
    if (typeof c === 'string') {
      parts.push(c)
      break
    }
    if (!(c instanceof Error)) break
    try {
      parts.push(`${c.name}: ${c.message}`)
    } catch {
      parts.push('(unprintable error)')
    }
  }
  return parts.join(' <- ')
}

/**
 * Logs an event when the debug log is on: `<ISO time> debug: <what>: <cause>` on one line. `secrets`:
 * what the event may quote (a provider's key, its URL's query values), taken out with the rest.
 */
export function debugEvent(what: string, cause?: unknown, secrets: readonly (string | undefined)[] = []): void {
  const s = sink
  if (!s) return
  try {
    const because = causeText(cause)
    const text = hideCredentials(
      s.redact(
        `${what}${because ? `: ${because}` : ''}`,
        secrets.filter((x): x is string => !!x)
      )
    )
    const line = text.replace(/\s+/g, ' ').trim()
    const cut = line.length > DEBUG_LINE_MAX_CHARS ? `${line.slice(0, DEBUG_LINE_MAX_CHARS)}…` : line
    s.write(`${s.now().toISOString()} debug: ${cut}`)
  } catch {
    // A debug line is never worth a failure of what it describes.
  }
}
