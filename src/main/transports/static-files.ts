import { readFile, stat } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8'
}

export interface StaticFile {
  readonly body: Buffer
  readonly type: string
}

/** A file of the built renderer, or undefined; never anything outside `root`. */
export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | undefined> {
  let rel: string
  try {
    rel = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  if (rel.includes('\0')) return undefined
  if (rel === '/' || rel === '') rel = '/index.html'
  const file = normalize(join(root, rel))
  if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined
  try {
    const s = await stat(file)
    if (!s.isFile()) return undefined
    return { body: await readFile(file), type: TYPES[extname(file)] ?? 'application/octet-stream' }
  } catch {
    return undefined
  }
}
