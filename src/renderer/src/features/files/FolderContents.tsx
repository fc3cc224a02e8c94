import { Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { countFolder, folderCountText, type FolderCount } from './folder-count'
import type { FileInfo } from '../../../../shared/contract/vector-fs'

/**
 * A delete confirmation's line saying how much the folder holds, counted as the dialog opens (the
 * dialog is not held back for it). Announced when it arrives; the count stops if the dialog closes first.
 */
export function FolderContents({ path, read }: { path: string; read: (path: string) => Promise<readonly FileInfo[]> }) {
  const [count, setCount] = useState<FolderCount | 'counting' | 'unknown'>('counting')
  useEffect(() => {
    const stop = new AbortController()
    countFolder(read, path, stop.signal).then(
      (c) => !stop.signal.aborted && setCount(c),
      () => !stop.signal.aborted && setCount('unknown')
    )
    return () => stop.abort()
  }, [path, read])
  if (count === 'unknown') return null
  return (
    <Text
      size="sm"
      fw={count === 'counting' ? undefined : 600}
      c={count === 'counting' ? 'dimmed' : undefined}
      aria-live="polite"
      data-testid="folder-contents"
    >
      {count === 'counting' ? 'Counting what it holds…' : folderCountText(count)}
    </Text>
  )
}
