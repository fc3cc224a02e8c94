import { RENDERER_CSP } from '../shared/csp'
import { readStaticFile } from './transports/static-files'

/**
 * The desktop window's pages come from `app://nodedesk/`, a standard, secure scheme of our own,
 * not from file:// (which would give the page the file system's origin and its extra privileges).
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'nodedesk'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`

/**
 * For protocol.registerSchemesAsPrivileged, before the app is ready. `codeCache`: V8 keeps the
 * compiled code of the window's scripts between starts (Electron does so for http(s) only unless a
 * standard scheme asks), so a start after the first does not parse 600 KB of JavaScript again.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true }
} as const

const notFound = () => new Response('not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

/**
 * Answers `app://nodedesk/<path>` with a file of the built renderer under `root`; anything else
 * (another host, a path leaving `root` however encoded, a directory, a non-GET) is 404.
 */
export function rendererProtocolHandler(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return notFound()
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || request.method !== 'GET') return notFound()
    const file = await readStaticFile(root, url.pathname)
    if (!file) return notFound()
    return new Response(new Uint8Array(file.body), {
      status: 200,
      headers: {
        'Content-Type': file.type,
        'Content-Security-Policy': RENDERER_CSP,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache'
      }
    })
  }
}
