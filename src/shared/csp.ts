/**
 * The window's Content-Security-Policy: our own scripts only, no inline script, no framing, API
 * calls to self. Sent as a header by the headless server and by Electron's session, and written
 * into the built index.html as a meta tag (for file:// pages) from the same list.
 */
const DIRECTIVES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'"
] as const

/** Directives a browser honours only in a header; in a meta tag they are ignored with a console warning. */
const HEADER_ONLY = ['frame-ancestors']

export const RENDERER_CSP = DIRECTIVES.join('; ')

/** The same policy as a meta tag can carry it. */
export const RENDERER_CSP_META = DIRECTIVES.filter((d) => !HEADER_ONLY.includes(d.split(' ')[0]!)).join('; ')
