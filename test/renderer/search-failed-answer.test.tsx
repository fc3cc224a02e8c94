// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { InboxesPage } from '../../src/renderer/src/features/inboxes/InboxesPage'
import { useInboxFilters } from '../../src/renderer/src/stores/inbox-filters'
import type { Inbox } from '../../src/shared/contract/inbox'
import { addProvider, createJob, useFakeLlm, useTestNode } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'

/*
 * A search found in a failed answer (the node's error note) quoted the note as if it were the model's
 * words, while the list's preview of the same message says "Answer failed:" first. The hit says it too.
 * A real in-process node whose provider (a loopback fake) answers 500.
 */

layOutLists()
const node = useTestNode({ runtime: { timeouts: { firstChunkMs: 3000, idleMs: 3000 } } })
const fake = useFakeLlm(['gpt-4o-mini'])

afterEach(() => {
  cleanup()
  useInboxFilters.setState({ search: '', showHidden: false })
})

async function searchFor(text: string): Promise<HTMLElement> {
  useInboxFilters.setState({ search: text, showHidden: false })
  renderWithApp(<InboxesPage />, routerTransport(node.router))
  return screen.findByTestId('inbox-snippet', {}, { timeout: 5000 })
}

it('a hit in a failed answer says the answer failed before quoting it, as the preview does; a hit in the question is quoted as it is', async () => {
  await addProvider(node, 'gpt', { external_url: `${fake.url}/v1` })
  fake.queue = [{ type: 'status', status: 500, body: { error: { message: 'quota exhausted' } } }]
  const jobId = await createJob(node, 'gpt')
  // Two lines: the inbox is named after the first, and a hit in its name shows the last message instead.
  await node.post('/v2/job_message', { job_id: jobId, content: 'How much quota?\nIs any left?' })
  const inboxId = `job_inbox::${jobId}::false`
  await waitFor(
    async () =>
      expect(((await node.get('/v2/get_inbox', { inbox_name: inboxId })).body as Inbox).last_message?.job_message.error).toBeTruthy(),
    { timeout: 10_000 }
  )

  const failed = await searchFor('exhausted')
  // The quote is cut to a few words before the one found, as every hit is; what it is stays said first.
  expect(failed.textContent).toMatch(/^Answer failed: …failed \(HTTP 500: "quota exhausted"\)\. /)
  expect(failed.getAttribute('data-state')).toBe('error')
  expect([...failed.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['exhausted'])
  cleanup()

  const question = await searchFor('left')
  expect(question.textContent).toBe('How much quota? Is any left?')
  expect(question.getAttribute('data-state')).toBeNull()
})
