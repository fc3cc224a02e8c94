import { Button, Group, Stack, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import type { ProviderUsage } from '../../../../shared/contract/provider-usage'
import { groupedNumber } from '../../../../shared/byte-size'
import { JobLinks } from '../../app/JobLinks'

/**
 * The dialog's content when jobs use the provider: the node refuses to remove it then, so instead of a
 * Remove that can only fail, it says which jobs to switch or delete first, each a way to its conversation.
 */
export function ProviderInUse({ usage, modalId }: { usage: ProviderUsage; modalId: string }) {
  const them = usage.jobs === 1 ? 'it' : 'them'
  return (
    <Stack gap="sm" data-testid="provider-in-use">
      <Text size="sm">
        It is used by {usage.jobs === 1 ? '1 job' : `${groupedNumber(usage.jobs)} jobs`}, and cannot be removed while any job uses it. Open{' '}
        {them} to choose another provider, or delete {them}, first.
      </Text>
      {/* A link leaves the page: the dialog goes with it. */}
      <JobLinks jobs={usage.jobs} recent={usage.recent} onFollow={() => modals.close(modalId)} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.close(modalId)} data-autofocus>
          OK
        </Button>
      </Group>
    </Stack>
  )
}
