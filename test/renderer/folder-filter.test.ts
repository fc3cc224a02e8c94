import type { ComboboxItem } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { everyWord } from '../../src/renderer/src/features/files/folder-filter'

const options: ComboboxItem[] = ['/ (top)', '/Études', '/Études/Été 2026', '/Cafe\u0301 menus', '/ÄRGER', '/Leases'].map((label) => ({
  value: label,
  label
}))
const shown = (search: string) => (everyWord({ options, search, limit: 100 }) as ComboboxItem[]).map((o) => o.label)

describe('the folder picker keeps the options the node would find by name', () => {
  it('matches every typed word whatever its accents or case, as the node folds names', () => {
    for (const search of ['études', 'Études', 'etudes', 'ETUDES']) expect(shown(search)).toEqual(['/Études', '/Études/Été 2026'])
    expect(shown('ete 2026')).toEqual(['/Études/Été 2026'])
    expect(shown('café')).toEqual(['/Cafe\u0301 menus'])
    expect(shown('arger')).toEqual(['/ÄRGER'])
    expect(shown('etudes/ete')).toEqual(['/Études/Été 2026'])
  })

  it('an empty search keeps everything, a word nothing holds keeps nothing', () => {
    expect(shown('')).toHaveLength(options.length)
    expect(shown('nothing')).toEqual([])
  })
})
