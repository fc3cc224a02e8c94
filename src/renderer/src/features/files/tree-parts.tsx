import { Loader, Text } from '@mantine/core'
import type { VirtualItem } from '@tanstack/react-virtual'
import type { TreeLine } from './tree-lines'

/** Where a virtual tree's row sits in its list (absolutely placed, as TanStack Virtual measures it). */
export const treeRowPlace = (item: VirtualItem, key: string) => ({
  'data-index': item.index,
  'data-line': key,
  style: { position: 'absolute', top: 0, left: 0, right: 0, height: item.size, transform: `translateY(${item.start}px)` } as const
})

/** The list holding a virtual tree's rows, as tall as all of them. */
export const treeListStyle = (height: number) => ({ listStyle: 'none', margin: 0, padding: 0, position: 'relative', height }) as const

/** A folder's note in a tree, under the folder: loading, why it could not be read, or empty. */
export function TreeNote<E>({
  line,
  indent,
  size = 'sm'
}: {
  line: Extract<TreeLine<E>, { kind: 'note' }>
  indent: number
  size?: 'sm' | 'xs'
}) {
  const pl = line.depth * indent + 26
  if (line.note === 'loading') return <Loader role="img" size="xs" m={4} ml={pl} aria-label={`Loading ${line.folder}`} />
  if (line.note === 'error')
    return (
      <Text size={size} c="red" pl={pl} truncate>
        {line.message}
      </Text>
    )
  return (
    <Text size="xs" c="dimmed" p={size === 'sm' ? 4 : 0} pl={pl}>
      Empty folder
    </Text>
  )
}
