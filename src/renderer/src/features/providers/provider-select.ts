import type { ComboboxItem, OptionsFilter } from '@mantine/core'
import type { ProviderListEntry } from '../../../../shared/contract/provider'
import { checkDisplay, providerMatches, providerOptionLabel } from './provider-display'

/** What an option adds to a provider whose last check failed (`markFailed`). */
export const FAILED_MARK = ' — last check failed'

/** Whether the provider's last check failed, as its row on the Providers page shows it ("Not working"). */
export const lastCheckFailed = (p: ProviderListEntry) => checkDisplay(p.last_check).state === 'failed'

/**
 * The options and search of a provider picker: labelled by display name, found by name, id, model or description.
 * `markFailed`: a provider whose last check failed says so in its option's words (read by a screen reader
 * too, and shown in the field once chosen), where jobs could otherwise be moved onto it unawares.
 */
export function providerSelectProps(
  providers: readonly ProviderListEntry[] | undefined,
  { markFailed = false }: { markFailed?: boolean } = {}
): { data: ComboboxItem[]; filter: OptionsFilter } {
  const byId = new Map((providers ?? []).map((p) => [p.id, p]))
  return {
    data: (providers ?? []).map((p) => ({
      value: p.id,
      label: markFailed && lastCheckFailed(p) ? `${providerOptionLabel(p)}${FAILED_MARK}` : providerOptionLabel(p)
    })),
    filter: ({ options, search }) =>
      (options as ComboboxItem[]).filter((o) => {
        const p = byId.get(o.value)
        return p ? providerMatches(p, search) : o.label.toLowerCase().includes(search.toLowerCase())
      })
  }
}
