import { ActionIcon, VisuallyHidden } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useCopyText } from './copy-text'

/**
 * Copies an answer as written (its Markdown) to the clipboard: the one way to take a whole answer, or
 * any of it, from the keyboard alone, and the source of its code blocks rather than their rendering.
 */
export function CopyAnswer({ text }: { text: string }) {
  const clipboard = useCopyText()
  return (
    <>
      {/* The label stays the same (the focus kept across a row's re-render finds its control by it). */}
      <ActionIcon
        size="sm"
        variant="subtle"
        color={clipboard.copied ? 'teal' : undefined}
        aria-label="Copy answer"
        title={clipboard.copied ? 'Copied' : 'Copy answer'}
        onClick={() => clipboard.copy(text)}
      >
        {clipboard.copied ? <IconCheck size="0.875rem" /> : <IconCopy size="0.875rem" />}
      </ActionIcon>
      <VisuallyHidden role="status">{clipboard.copied ? 'Answer copied' : ''}</VisuallyHidden>
    </>
  )
}
