/** The kinds of file the library reads, apart from the schemas: windows use them without loading zod. */

/** api-contract.md, VectorFS: "Readable types". */
export const VFS_READABLE_EXTENSIONS = ['.txt', '.md', '.markdown', '.html', '.htm', '.pdf', '.docx', '.csv', '.json', '.vrkai'] as const

/** Whether the library can read a file of this name (by its extension, any case). */
export function hasReadableType(name: string): boolean {
  const dot = name.lastIndexOf('.')
  return dot >= 0 && (VFS_READABLE_EXTENSIONS as readonly string[]).includes(name.slice(dot).toLowerCase())
}

/**
 * Whether `name` is refused only for the spaces after its extension ("trail.txt "): the library does
 * not trim names, and the refusal listing .txt among the readable types read as a contradiction.
 */
export const endsInSpacesAfterType = (name: string): boolean => name.trimEnd() !== name && hasReadableType(name.trimEnd())

/**
 * Whether `name` is refused only for the dots after its extension ("report.txt."): its type is then the
 * empty one after the last dot, and the refusal listing .txt among the readable types read as a contradiction.
 */
export const endsInDotsAfterType = (name: string): boolean => name.endsWith('.') && hasReadableType(name.replace(/\.+$/, ''))

/** "a dot" or "dots": how many the name ends with after its extension (for `endsInDotsAfterType`). */
export const trailingDotsText = (name: string): string => (/\.\.$/.test(name) ? 'dots' : 'a dot')

/** Why a name of a readable type is refused all the same (its trailing spaces or dots), in brackets, or nothing. */
const refusedFor = (name: string): string => {
  if (endsInSpacesAfterType(name)) return ' (it ends with spaces after its extension)'
  if (endsInDotsAfterType(name)) return ` (it ends with ${trailingDotsText(name)} after its extension)`
  return ''
}

/**
 * The refusal of a file name the library cannot read (an upload's 415):
 * `filename: "x.exe" is not a type the node can read; readable types: .txt, ...`.
 */
export const unreadableTypeMessage = (field: string, name: string): string =>
  `${field}: "${name}" is not a type the node can read${refusedFor(name)}; readable types: ${VFS_READABLE_EXTENSIONS.join(', ')}`
