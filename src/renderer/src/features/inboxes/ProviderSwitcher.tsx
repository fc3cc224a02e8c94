import { Loader, Select } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { forwardRef } from 'react'
import { useProviders, useRouteMutation } from '../../api/queries'
import { noticeText } from '../../api/client'
import { providerSelectProps } from '../providers'
import { providerNamer } from '../../../../shared/provider-title'
import { useReplacingSearch } from '../../app/replacing-search'
import classes from './short-window.module.css'

/** Switches the job to another provider; the list and this view show it at once. */
export const ProviderSwitcher = forwardRef<HTMLInputElement, { jobId: string; providerId: string }>(function ProviderSwitcher(
  { jobId, providerId },
  ref
) {
  const providers = useProviders()
  const change = useRouteMutation('change_job_llm_provider')
  const providerSelect = providerSelectProps(providers.data)
  const chosenLabel = providerSelect.data.find((o) => o.value === providerId)?.label
  const { props: providerSearch } = useReplacingSearch(chosenLabel)
  return (
    <Select
      ref={ref}
      label="Provider"
      classNames={{ label: classes.label }}
      // A long name ends in "…" rather than mid-letter at the field's edge, and shows whole on hover.
      styles={{ input: { textOverflow: 'ellipsis' } }}
      title={chosenLabel}
      size="xs"
      w={320}
      miw={0}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No provider matches"
      {...providerSelect}
      {...providerSearch}
      value={providerId}
      // Read-only while switching, not disabled: a disabled field drops the focus to the page.
      readOnly={change.isPending}
      rightSection={change.isPending ? <Loader role="img" size="xs" aria-label="Switching the provider" /> : undefined}
      onChange={(v) => {
        if (!v || v === providerId) return
        change.mutate(
          { job_id: jobId, new_agent_id: v },
          {
            onSuccess: () => {
              // Named as the conversation names it: "Local" alone did not say which of two "Local" servers it was.
              notifications.show({ color: 'teal', message: `Answers now come from ${providerNamer(providers.data ?? [])(v)}` })
            },
            onError: (err) => notifications.show({ color: 'red', title: 'Provider not switched', message: noticeText(err) })
          }
        )
      }}
    />
  )
})
