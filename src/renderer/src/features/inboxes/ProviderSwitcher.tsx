import { Select } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { forwardRef } from 'react'
import { modelKind } from '../../../../shared/contract/identity'
import { useProviders, useRouteMutation } from '../../api/queries'
import { errorText } from '../../api/client'

/** Switches the job to another provider; the list and this view show it at once. */
export const ProviderSwitcher = forwardRef<HTMLInputElement, { jobId: string; providerId: string }>(function ProviderSwitcher(
  { jobId, providerId },
  ref
) {
  const providers = useProviders()
  const change = useRouteMutation('change_job_llm_provider')
  return (
    <Select
      ref={ref}
      label="Provider"
      size="xs"
      w={240}
      allowDeselect={false}
      data={(providers.data ?? []).map((p) => ({ value: p.id, label: `${p.id} · ${modelKind(p.model).modelType}` }))}
      value={providerId}
      disabled={change.isPending}
      onChange={(v) => {
        if (!v || v === providerId) return
        change.mutate(
          { job_id: jobId, new_agent_id: v },
          {
            onSuccess: () => notifications.show({ color: 'teal', message: `Answers now come from ${v}` }),
            onError: (err) => notifications.show({ color: 'red', title: 'Provider not switched', message: errorText(err) })
          }
        )
      }}
    />
  )
})
