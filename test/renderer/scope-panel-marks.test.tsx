// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import type { Inbox } from '../../src/shared/contract/inbox'
import { emptyScope } from '../../src/shared/contract/scope'
import { addProvider, createJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

/*
 * The job's scope beside a conversation (Details) listed its kinds as plain lines of text: nothing
 * showed that "Library files (1)" opens to list the file. A kind with entries now has a chevron,
 * turned down when open; an empty kind is not listed (there is nothing to open).
 */
const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
beforeEach(() => setWindowWidth(1600))
afterEach(cleanup)

it('a kind with entries shows a chevron that turns when it opens; an empty kind is not listed', async () => {
  const lease = {
    name: 'lease.txt',
    path: { path_ids: ['Contracts', 'lease.txt'] },
    source: { Standard: { FileRef: { file_name: 'lease.txt', file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
  }
  const jobId = await createJob(node, 'gpt', { ...emptyScope(), vector_fs_items: [lease] })
  const inbox = (await node.get('/v2/get_inbox', { inbox_name: `job_inbox::${jobId}::false` })).body as Inbox
  renderWithApp(<InboxSidePanel jobId={jobId} inbox={inbox} />, routerTransport(node.router))
  const tree = await screen.findByRole('tree', { name: 'Scope' })
  const row = (value: string) => tree.querySelector<HTMLElement>(`[role="treeitem"][data-value="${value}"]`)!
  const mark = (value: string) => within(row(value)).queryAllByTestId('scope-branch-mark')[0]
  await waitFor(() => expect(row('vector_fs_items')).toBeTruthy())
  expect(mark('vector_fs_items')).toBeTruthy()
  expect(mark('vector_fs_items')!.hasAttribute('data-expanded')).toBe(false)
  expect(row('vector_fs_folders')).toBeNull()
  // For assistive technology the tree says so as before.
  expect(row('vector_fs_items').getAttribute('aria-expanded')).toBe('false')
  await userEvent.click(within(tree).getByText('Library files (1)'))
  await waitFor(() => expect(row('vector_fs_items').getAttribute('aria-expanded')).toBe('true'))
  expect(mark('vector_fs_items')!.hasAttribute('data-expanded')).toBe(true)
  expect(within(tree).getByText(/^lease\.txt — in Contracts/)).toBeTruthy()
})
