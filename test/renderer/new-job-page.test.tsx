// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { NewJobPage } from '../../src/renderer/src/features/jobs/NewJobPage'
import { useNewJobDraft } from '../../src/renderer/src/features/jobs/new-job-draft'
import type { Inbox } from '../../src/shared/contract/inbox'
import { addProvider, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

describe('New job page against a real node', () => {
  const node = useTestNode({
    setup: async (n) => {
      await addProvider(n, 'gpt')
      useNewJobDraft.getState().reset()
    }
  })
  afterEach(cleanup)

  it('a draft naming a provider that was removed since (kept across reloads) falls back to a stored one; Create job creates the job', async () => {
    await addProvider(node, 'gone')
    useNewJobDraft.getState().set({ providerId: 'gone' })
    expect((await node.post('/v2/remove_llm_provider', { llm_provider_id: 'gone' })).status).toBe(200)
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    const select = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(select.value).toMatch(/^gpt/))
    await userEvent.click(screen.getByRole('button', { name: 'Create job' }))
    await waitFor(async () => expect((await node.get('/v2/all_inboxes')).body as Inbox[]).toHaveLength(1))
    expect(((await node.get('/v2/all_inboxes')).body as Inbox[])[0]!.agent.id).toBe('gpt')
  })
})

describe('New job page: the provider offered first', () => {
  const node = useTestNode({
    setup: async (n) => {
      // Listed first, but its server is down: its last check failed.
      await addProvider(n, 'down', { external_url: 'http://127.0.0.1:9/v1' })
      await addProvider(n, 'gpt')
      useNewJobDraft.getState().reset()
      useNewJobDraft.getState().set({ providerId: null })
    }
  })
  afterEach(cleanup)

  it('is the first one whose last check did not fail', async () => {
    expect((await node.post('/v2/check_llm_provider', { llm_provider_id: 'down' })).status).not.toBe(200)
    const listed = (await node.get('/v2/available_llm_providers')).body as { id: string; last_check: { ok: boolean } | null }[]
    expect(listed.map((p) => [p.id, p.last_check?.ok ?? null])).toEqual([
      ['down', false],
      ['gpt', null]
    ])
    renderWithApp(<NewJobPage />, routerTransport(node.router))
    const select = screen.getByLabelText<HTMLInputElement>(/^Provider/, { selector: 'input' })
    await waitFor(() => expect(select.value).toMatch(/^gpt/))
  })
})
