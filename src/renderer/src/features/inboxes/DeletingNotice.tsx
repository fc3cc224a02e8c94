import { Button, Group, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { deletingText } from './delete-progress'

let shown = 0

/**
 * "Deleting n of N…" while a delete of many conversations goes, with Stop (the part under way is
 * finished, the rest not sent). Between Confirm and the final notice nothing was shown: at 100,000 a
 * minute or more with no word and no way to stop.
 */
export function showDeleting(total: number): { update(removed: number): void; stopAsked(): boolean; hide(): void } {
  const id = `deleting-${++shown}`
  let stop = false
  let last = 0
  const body = (removed: number) => (
    <Group gap="sm" wrap="nowrap" justify="space-between">
      <Text size="sm" data-testid="deleting-progress">
        {stop ? `Stopping after this part… ${deletingText(removed, total)}` : deletingText(removed, total)}
      </Text>
      {!stop && (
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => {
            stop = true
            notifications.update({ id, message: body(last) })
          }}
        >
          Stop
        </Button>
      )}
    </Group>
  )
  notifications.show({ id, loading: true, autoClose: false, withCloseButton: false, message: body(0) })
  return {
    update: (removed) => {
      last = removed
      notifications.update({ id, message: body(removed) })
    },
    stopAsked: () => stop,
    hide: () => notifications.hide(id)
  }
}
