// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { useInboxFilters } from '../../src/renderer/src/stores/inbox-filters'

const STORAGE_KEY = 'nodedesk.inboxFilters'

beforeEach(() => {
  localStorage.clear()
  useInboxFilters.setState({ search: '', showHidden: false })
})

describe('inbox list filters', () => {
  it('start with no search and hidden inboxes left out', () => {
    localStorage.clear()
    useInboxFilters.setState(useInboxFilters.getInitialState())
    expect(useInboxFilters.getState()).toMatchObject({ search: '', showHidden: false })
  })

  it('the search is kept exactly as typed, spaces included (the next word is being typed)', () => {
    useInboxFilters.getState().setSearch('two words ')
    expect(useInboxFilters.getState().search).toBe('two words ')
  })

  it('each setter changes only its own filter', () => {
    useInboxFilters.getState().setSearch('review')
    expect(useInboxFilters.getState()).toMatchObject({ search: 'review', showHidden: false })
    useInboxFilters.getState().setShowHidden(true)
    expect(useInboxFilters.getState()).toMatchObject({ search: 'review', showHidden: true })
  })

  it('are kept across a reload: written to localStorage and read back', async () => {
    useInboxFilters.getState().setSearch('résumé')
    useInboxFilters.getState().setShowHidden(true)
    expect((JSON.parse(localStorage.getItem(STORAGE_KEY)!) as { state: unknown }).state).toEqual({ search: 'résumé', showHidden: true })

    // A reload: the in-memory state is gone, the saved one comes back.
    useInboxFilters.setState({ search: '', showHidden: false })
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ state: { search: 'résumé', showHidden: true }, version: 0 }))
    await useInboxFilters.persist.rehydrate()
    expect(useInboxFilters.getState()).toMatchObject({ search: 'résumé', showHidden: true })
  })
})
