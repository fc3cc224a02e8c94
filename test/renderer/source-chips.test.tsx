// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { SourceChips } from '../../src/renderer/src/features/inboxes/answer/SourceChips'
import { renderWithApp } from './render'

afterEach(cleanup)

it('two passages of a file under one node id (a library stored before such files were refused) are two chips, each its own', () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const source = { path: '/Handbook/rules.vrkai', name: 'rules.vrkai', node_id: '3', score: 0.9 }
    renderWithApp(<SourceChips sources={[source, { ...source, score: 0.8 }, { ...source, node_id: '4', score: 0.7 }]} />)
    const chips = within(screen.getByRole('list', { name: 'Sources' })).getAllByRole('listitem')
    expect(chips.map((c) => c.textContent)).toEqual(['rules.vrkai · passage 3', 'rules.vrkai · passage 3', 'rules.vrkai · passage 4'])
    // React's warning for two children of one key (which can drop or repeat a row as the list changes).
    expect(errors.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('same key'))).toEqual([])
  } finally {
    errors.mockRestore()
  }
})
