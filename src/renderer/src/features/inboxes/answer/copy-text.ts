import { useClipboard } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { useEffect } from 'react'

/**
 * The clipboard as answers' copy buttons use it: `copied` for a moment after a copy, and a copy the
 * system refused said in a notice (the button alone would only not turn green).
 */
export function useCopyText(): { copy: (text: string) => void; copied: boolean } {
  const clipboard = useClipboard({ timeout: 1500 })
  const { error } = clipboard
  useEffect(() => {
    if (error) notifications.show({ color: 'red', title: 'Not copied', message: error.message })
  }, [error])
  return { copy: clipboard.copy, copied: clipboard.copied }
}
