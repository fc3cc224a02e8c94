import { Button, Stack, Text } from '@mantine/core'
import { useClipboard } from '@mantine/hooks'
import { IconCheck, IconCopy } from '@tabler/icons-react'

/**
 * A message that could not be sent because its conversation was deleted meanwhile: it has no box to
 * go back to, so the notice keeps it (until dismissed) with a way to take it elsewhere. Also what was
 * being written in the open conversation when it was deleted, in the view that says so (`lead` then).
 */
export function UnsentMessage({
  text,
  lead = 'This conversation was deleted, so the message was not sent.'
}: {
  text: string
  lead?: string
}) {
  const clipboard = useClipboard({ timeout: 2000 })
  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm">{lead}</Text>
      <Text size="sm" c="dimmed" lineClamp={3} data-testid="unsent-text">
        {text}
      </Text>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={clipboard.copied ? <IconCheck size="0.875rem" /> : <IconCopy size="0.875rem" />}
        onClick={() => clipboard.copy(text)}
      >
        {clipboard.copied ? 'Copied' : clipboard.error ? 'Could not copy' : 'Copy the message'}
      </Button>
    </Stack>
  )
}
