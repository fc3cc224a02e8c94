import type { ComboboxItem, OptionsFilter } from '@mantine/core'
import type { ProviderListEntry } from '../../../../shared/contract/provider'
import { providerMatches, providerOptionLabel } from './provider-display'

/** The options and search of a provider picker: labelled by display name, found by name, id, model or description. */
export function providerSelectProps(providers: readonly ProviderListEntry[] | undefined): { data: ComboboxItem[]; filter: OptionsFilter } {
  const byId = new Map((providers ?? []).map((p) => [p.id, p]))
  return {
    data: (providers ?? []).map((p) => ({ value: p.id, label: providerOptionLabel(p) })),
    filter: ({ options, search }) =>
      (options as ComboboxItem[]).filter((o) => {
        const p = byId.get(o.value)
        return p ? providerMatches(p, search) : o.label.toLowerCase().includes(search.toLowerCase())
      })
  }
}
