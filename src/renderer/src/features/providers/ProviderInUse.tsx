import { Button, Group, Select, Stack, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { useState } from 'react'
import type { ProviderListEntry } from '../../../../shared/contract/provider'
import type { ProviderUsage } from '../../../../shared/contract/provider-usage'
import { groupedNumber } from '../../../../shared/byte-size'
import { BusyButton } from '../../app/BusyButton'
import { JobLinks } from '../../app/JobLinks'
import { providerSelectProps } from './provider-select'

export const jobsText = (n: number) => (n === 1 ? '1 job' : `${groupedNumber(n)} jobs`)

/**
 * The dialog's content when jobs use the provider: the node refuses to remove it then, so instead of a
 * Remove that can only fail, it says which jobs use it, each a way to its conversation, and offers to
 * switch them all to another provider at once (`onSwitch` confirms and does it).
 */
export function ProviderInUse({
  usage,
  modalId,
  others,
  lastActive,
  onSwitch
}: {
  usage: ProviderUsage
  modalId: string
  /** The providers the jobs could be switched to. */
  others: readonly ProviderListEntry[]
  lastActive: ReadonlyMap<string, string>
  onSwitch: (to: string, busy: (on: boolean) => void) => void
}) {
  const them = usage.jobs === 1 ? 'it' : 'them'
  const [target, setTarget] = useState<string | null>(null)
  const [targetError, setTargetError] = useState<string | null>(null)
  const [switching, setSwitching] = useState(false)
  const fieldId = `${modalId}-switch-to`
  return (
    <Stack gap="sm" data-testid="provider-in-use">
      <Text size="sm">
        It is used by {jobsText(usage.jobs)}, and cannot be removed while any job uses it.{' '}
        {others.length > 0 ? `Switch ${them} to another provider here, open ${them}` : `Open ${them}`} to choose another provider, or delete{' '}
        {them}, first.
      </Text>
      {/* A link leaves the page: the dialog goes with it. */}
      <JobLinks jobs={usage.jobs} recent={usage.recent} lastActive={lastActive} onFollow={() => modals.close(modalId)} />
      {others.length > 0 && (
        <Group align="flex-start" gap="xs" wrap="wrap">
          <Select
            id={fieldId}
            label={usage.jobs === 1 ? 'Switch it to' : `Switch all ${groupedNumber(usage.jobs)} to`}
            placeholder="Choose a provider"
            searchable
            nothingFoundMessage="No provider matches"
            {...providerSelectProps(others)}
            value={target}
            onChange={(v) => {
              setTarget(v)
              setTargetError(null)
            }}
            error={targetError}
            // Read-only while switching, not disabled: a disabled field drops the focus to the page.
            readOnly={switching}
            style={{ flex: '1 1 14rem', minWidth: 0 }}
          />
          <BusyButton
            variant="light"
            mt={24} // level with the field under its label
            loading={switching}
            onClick={() => {
              if (target) return onSwitch(target, setSwitching)
              setTargetError('Choose the provider the jobs are to answer through')
              document.getElementById(fieldId)?.focus()
            }}
          >
            Switch {jobsText(usage.jobs)}
          </BusyButton>
        </Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.close(modalId)} data-autofocus>
          OK
        </Button>
      </Group>
    </Stack>
  )
}
