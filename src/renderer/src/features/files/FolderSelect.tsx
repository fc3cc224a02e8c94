import { Select } from '@mantine/core'
import { useEffect } from 'react'
import { useReplacingSearch } from '../../app/replacing-search'
import { useEndInView } from '../../app/use-end-in-view'
import { ApiFailure } from '../../api/client'
import { useVfsFind, useVfsFolder } from '../../api/queries'
import { nameSearchWords } from '../../../../shared/contract/vector-fs-names'
import { everyWord } from './folder-filter'
import { ancestorsOf, parentPath } from './vfs-paths'

interface Props {
  readonly label?: string
  readonly ariaLabel?: string
  readonly value: string
  readonly onChange: (folder: string) => void
  /** Folders that cannot be chosen (a folder being moved, and what is inside it). */
  readonly exclude?: (folder: string) => boolean
  readonly size?: 'xs' | 'sm'
  readonly w?: number
}

const labelOf = (folder: string) => (folder === '/' ? '/ (top)' : folder)

/**
 * A folder of the library, without reading the whole tree: it offers the top folders, the chosen
 * folder with the folders above and inside it (so one can go down a level at a time), and, as the
 * user types, the folders the node finds by name anywhere.
 */
export function FolderSelect({ label, ariaLabel, value, onChange, exclude = () => false, size, w }: Props) {
  const { search, props: searchProps } = useReplacingSearch(labelOf(value))
  // A deep folder's path is longer than the field: its end, the folder's own name, is what stays in view.
  const field = useEndInView<HTMLInputElement>(labelOf(value))
  const top = useVfsFolder('/')
  const inside = useVfsFolder(value, value !== '/')
  // The chosen folder deleted elsewhere (another window, a script): the folder above is chosen, as the
  // Files page does for its upload folder. It stayed chosen, and every upload into it failed with 404.
  // Only a 404 the node has just given: a cached one (a folder of that name deleted earlier, made again) is read again first.
  const gone =
    value !== '/' &&
    inside.error instanceof ApiFailure &&
    inside.error.status === 404 &&
    inside.fetchStatus === 'idle' &&
    inside.errorUpdatedAt > inside.dataUpdatedAt
  useEffect(() => {
    if (gone) onChange(parentPath(value))
  }, [gone, value, onChange])
  const known = new Set(['/', ...ancestorsOf(value), value])
  for (const e of [...(top.data ?? []), ...(inside.data ?? [])]) if (e.is_directory) known.add(e.path)
  // The box shows the chosen folder's label (Select writes it there): only other text is a search.
  const typed = [...known].some((f) => labelOf(f) === search) ? '' : search
  const found = useVfsFind(typed, 'folder')
  const folders = new Set(known)
  if (nameSearchWords(typed).length > 0) for (const e of found.data ?? []) folders.add(e.path)
  const options = [...folders]
    .filter((f) => f === value || !exclude(f))
    .sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)))
    .map((f) => ({ value: f, label: labelOf(f) }))
  return (
    <Select
      ref={field}
      // The whole path, for a mouse pointer resting on the field.
      title={labelOf(value)}
      label={label}
      // Labelled (a dialog's field, not a toolbar's): the list opened holds the folders near this one
      // only, and nothing said the others were found by typing.
      description={label ? 'Lists the folders near this one; type a name to find any folder.' : undefined}
      aria-label={ariaLabel}
      size={size}
      w={w}
      data={options}
      value={value}
      onChange={(v) => onChange(v ?? '/')}
      allowDeselect={false}
      searchable
      {...searchProps}
      filter={everyWord}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No folder is named like that'}
    />
  )
}
