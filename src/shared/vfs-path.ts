/** Whether the document library's `path` is `folder` or inside it (everything is inside `/`). */
export const isWithin = (path: string, folder: string) => folder === '/' || path === folder || path.startsWith(`${folder}/`)

/** `/a/b/c.txt` -> `/a/b`; `/a` -> `/`. */
export function parentPath(path: string): string {
  const i = path.lastIndexOf('/')
  return i <= 0 ? '/' : path.slice(0, i)
}

/** The path of `name` inside `folder` (`/` + `a` -> `/a`; `/a` + `b` -> `/a/b`). */
export const joinPath = (folder: string, name: string) => (folder === '/' ? `/${name}` : `${folder}/${name}`)

/** The last segment of a path: its entry's name. */
export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1)
