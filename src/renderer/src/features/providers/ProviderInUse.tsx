import { Anchor, Button, Group, List, Stack, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import type { ProviderUsage } from '../../../../shared/contract/provider-usage'
import { groupedNumber } from '../../../../shared/byte-size'
import { hrefOf } from '../../app/router'

/**
 * The dialog's content when jobs use the provider: the node refuses to remove it then, so instead of a
 * Remove that can only fail, it says which jobs to switch or delete first, each a way to its conversation.
 */
export function ProviderInUse({ usage, modalId }: { usage: ProviderUsage; modalId: string }) {
  const more = usage.jobs - usage.recent.length
  const them = usage.jobs === 1 ? 'it' : 'them'
  return (
    <Stack gap="sm" data-testid="provider-in-use">
      <Text size="sm">
        It is used by {usage.jobs === 1 ? '1 job' : `${groupedNumber(usage.jobs)} jobs`}, and cannot be removed while any job uses it. Open{' '}
        {them} to choose another provider, or delete {them}, first.
      </Text>
      <List size="sm" spacing={4}>
        {usage.recent.map((r) => (
          <List.Item key={r.inbox_id}>
            {/* The link leaves the page: the dialog goes with it. */}
            <Anchor
              href={hrefOf({ name: 'inbox', inboxId: r.inbox_id })}
              onClick={() => modals.close(modalId)}
              style={{ overflowWrap: 'anywhere' }}
            >
              {r.custom_name}
            </Anchor>
            {r.is_hidden && (
              <Text span size="xs" c="dimmed">
                {' '}
                (hidden)
              </Text>
            )}
          </List.Item>
        ))}
      </List>
      {more > 0 && (
        <Text size="sm" c="dimmed">
          and {more === 1 ? '1 more job' : `${groupedNumber(more)} more jobs`}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.close(modalId)} data-autofocus>
          OK
        </Button>
      </Group>
    </Stack>
  )
}
