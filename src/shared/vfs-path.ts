/** Whether the document library's `path` is `folder` or inside it (everything is inside `/`). */
export const isWithin = (path: string, folder: string) => folder === '/' || path === folder || path.startsWith(`${folder}/`)
