import type { ComboboxItem, OptionsFilter } from '@mantine/core'
import { foldName, nameSearchWords } from '../../../../shared/contract/vector-fs-names'

/** Options whose label holds every typed word, folded as the node folds names (the node finds the deeper ones by name). */
export const everyWord: OptionsFilter = ({ options, search }) => {
  const words = nameSearchWords(search)
  return (options as ComboboxItem[]).filter((o) => {
    const label = foldName(o.label)
    return words.every((w) => label.includes(w))
  })
}
