import { Select } from '@mantine/core'
import { useState } from 'react'
import { useVfsFind, useVfsFolder } from '../../api/queries'
import { nameSearchWords } from '../../../../shared/contract/vector-fs-names'
import { everyWord } from './folder-filter'
import { ancestorsOf } from './vfs-paths'

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
  const [search, setSearch] = useState('')
  const top = useVfsFolder('/')
  const inside = useVfsFolder(value, value !== '/')
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
      label={label}
      aria-label={ariaLabel}
      size={size}
      w={w}
      data={options}
      value={value}
      onChange={(v) => onChange(v ?? '/')}
      allowDeselect={false}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={everyWord}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No folder is named like that'}
    />
  )
}
