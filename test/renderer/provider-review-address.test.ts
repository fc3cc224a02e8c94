import { expect, it } from 'vitest'
import { emptyDraft, toProviders } from '../../src/renderer/src/features/providers/provider-draft'
import { reviewRows } from '../../src/renderer/src/features/providers/ReviewStep'

it('the review shows the address with the query string every call carries, not the fragment', () => {
  const draft = {
    ...emptyDraft('@@localhost.sep-shinkai'),
    choice: 'compatible' as const,
    externalUrl: 'https://gw.example/openai/v1?api-version=2024-10-21#notes',
    models: ['gpt-4o'],
    id: 'gw',
    subidentityName: 'gw'
  }
  const rows = new Map(reviewRows(draft, 'add', toProviders(draft), false))
  // Before: 'https://gw.example/openai/v1', as if the query were dropped.
  expect(rows.get('Address')).toBe('https://gw.example/openai/v1?api-version=2024-10-21')
})
