import { pickMarkedOptionOnEnter } from '../../app/enter-picks-marked'
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { useEffect, useRef, useState } from 'react'
import type { ProviderListEntry } from '../../../../shared/contract/provider'
import type { ProviderUsage } from '../../../../shared/contract/provider-usage'
import { groupedNumber } from '../../../../shared/byte-size'
import { BusyButton } from '../../app/BusyButton'
import { JobLinks } from '../../app/JobLinks'
import { lastCheckFailed, providerSelectProps } from './provider-select'

export const jobsText = (n: number) => (n === 1 ? '1 job' : `${groupedNumber(n)} jobs`)

/**
 * The dialog's content when jobs use the provider: the node refuses to remove it then, so instead of a
 * Remove that can only fail, it says which jobs use it, each a way to its conversation, and offers to
 * switch them all to another provider at once (`onSwitch` confirms and does it).
 */
export function ProviderInUse({
  usage,
  modalId,
  named,
  others,
  nameOf,
  lastActive,
  onSwitch
}: {
  usage: ProviderUsage
  modalId: string
  /** The provider being removed, as the dialog's title names it. */
  named: string
  /** How a provider is named where several may be alike (providerNamer). */
  nameOf: (providerId: string) => string
  /** The providers the jobs could be switched to. */
  others: readonly ProviderListEntry[]
  lastActive: ReadonlyMap<string, string>
  onSwitch: (to: string, busy: (on: boolean) => void) => void
}) {
  const them = usage.jobs === 1 ? 'it' : 'them'
  const [target, setTarget] = useState<string | null>(null)
  const [targetError, setTargetError] = useState<string | null>(null)
  const [switching, setSwitching] = useState(false)
  /** Asked in the dialog, not in a second one over it (that one replaced it, drawn anew on Cancel). */
  const [confirming, setConfirming] = useState(false)
  const fieldId = `${modalId}-switch-to`
  const switchButton = useRef<HTMLButtonElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const okButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!confirming) return
    // The question opens above the dialog's OK, which it pushed below the window's edge in a short
    // window (800x600, a few jobs listed): the dialog scrolls to show it, the question's own buttons
    // (the focus on Cancel) kept in sight first where both do not fit.
    okButton.current?.scrollIntoView({ block: 'nearest' })
    cancelButton.current?.focus()
    cancelButton.current?.scrollIntoView({ block: 'nearest' })
  }, [confirming])
  const many = jobsText(usage.jobs)
  const targetFailed = others.find((p) => p.id === target && lastCheckFailed(p))?.last_check
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
            {...providerSelectProps(others, { markFailed: true })}
            onKeyDownCapture={pickMarkedOptionOnEnter}
            value={target}
            onChange={(v) => {
              setTarget(v)
              setTargetError(null)
              setConfirming(false)
            }}
            error={targetError}
            // Read-only while switching, not disabled: a disabled field drops the focus to the page.
            readOnly={switching}
            style={{ flex: '1 1 14rem', minWidth: 0 }}
          />
          <BusyButton
            ref={switchButton}
            variant="light"
            mt={24} // level with the field under its label
            loading={switching}
            aria-expanded={confirming}
            onClick={() => {
              if (target) return setConfirming(true)
              setTargetError('Choose the provider the jobs are to answer through')
              document.getElementById(fieldId)?.focus()
            }}
          >
            Switch {many}
          </BusyButton>
        </Group>
      )}
      {confirming && target && (
        <Alert color="blue" variant="light" title={`Switch ${many} to ${nameOf(target)}?`} data-testid="confirm-switch">
          <Text size="sm">
            {usage.jobs === 1 ? 'Its conversation stays as it is' : 'Their conversations stay as they are'}; the next answers come from{' '}
            {nameOf(target)}. Then you are asked to confirm the removal of {named}.
          </Text>
          {targetFailed && (
            <Text size="sm" mt="xs" data-testid="switch-target-failed">
              The last check of {nameOf(target)} failed: {targetFailed.message} The jobs may get no answers from it until it works again.
            </Text>
          )}
          <Group justify="flex-end" gap="xs" mt="sm">
            {/* The safe choice has the focus, as in every confirmation; Cancel puts it back on Switch. */}
            <Button
              variant="default"
              size="xs"
              ref={cancelButton}
              onClick={() => {
                setConfirming(false)
                switchButton.current?.focus()
              }}
            >
              Cancel
            </Button>
            <Button
              size="xs"
              onClick={() => {
                setConfirming(false)
                onSwitch(target, setSwitching)
                switchButton.current?.focus()
              }}
            >
              Switch {many}
            </Button>
          </Group>
        </Alert>
      )}
      <Group justify="flex-end">
        {/* A little room below it when the dialog scrolls it into sight: scroll positions are whole
            pixels, and scrolled to the nearest edge, a part of a pixel of it was left below the fold. */}
        <Button ref={okButton} variant="default" onClick={() => modals.close(modalId)} data-autofocus style={{ scrollMarginBottom: 4 }}>
          OK
        </Button>
      </Group>
    </Stack>
  )
}
