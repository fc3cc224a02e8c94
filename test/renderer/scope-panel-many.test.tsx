// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import type { Inbox } from '../../src/shared/contract/inbox'
import { emptyScope } from '../../src/shared/contract/scope'
import { addProvider, createJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

/*
 * A job whose scope holds 5,000 files of one folder. Opening the scope panel's "Library files"
 * branch drew a row for each (11,000 elements, a quarter of a second frozen in Chromium; at
 * 20,000 files four times that).
 */
const FILES = 5000
const file = (i: number) => `file ${String(i).padStart(5, '0')}.txt`

describe('the scope panel of a job with 5,000 files', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  beforeEach(() => setWindowWidth(1600))
  afterEach(cleanup)

  it('draws 100 entries of a branch, and 100 more on each "Show more", the focus on the first of them', async () => {
    const items = Array.from({ length: FILES }, (_, i) => ({
      name: file(i),
      path: { path_ids: ['Big', file(i)] },
      source: { Standard: { FileRef: { file_name: file(i), file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
    }))
    const jobId = await createJob(node, 'gpt', { ...emptyScope(), vector_fs_items: items })
    const inbox = (await node.get('/v2/get_inbox', { inbox_name: `job_inbox::${jobId}::false` })).body as Inbox
    renderWithApp(<InboxSidePanel jobId={jobId} inbox={inbox} />, routerTransport(node.router))
    const tree = await screen.findByRole('tree', { name: 'Scope' })
    const rows = () => within(tree).getAllByRole('treeitem')
    fireEvent.click(await within(tree).findByText('Library files (5,000)'))
    await waitFor(() => expect(rows().length).toBeGreaterThan(5))
    const entries = () => rows().filter((r) => /^vector_fs_items\/\d+$/.test(r.dataset.value ?? ''))
    expect(entries()).toHaveLength(100)
    const more = within(tree).getByText('Show 100 more (4,900 not shown)')

    fireEvent.click(more)
    await waitFor(() => expect(entries()).toHaveLength(200))
    await waitFor(() => expect(document.activeElement?.getAttribute('data-value')).toBe('vector_fs_items/100'))
    expect(document.activeElement?.textContent).toMatch(/^file 00100\.txt — in Big/)

    // From the keyboard: Enter on the "Show more" row shows the next 100.
    within(tree).getByText('Show 100 more (4,800 not shown)').closest<HTMLElement>('[role="treeitem"]')!.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(entries()).toHaveLength(300))
    await waitFor(() => expect(document.activeElement?.getAttribute('data-value')).toBe('vector_fs_items/200'))
  })

  it('a key pressed right after Enter on "Show more", before a frame passes, moves on from the first entry shown', async () => {
    const items = Array.from({ length: 300 }, (_, i) => ({
      name: file(i),
      path: { path_ids: ['Big', file(i)] },
      source: { Standard: { FileRef: { file_name: file(i), file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
    }))
    const jobId = await createJob(node, 'gpt', { ...emptyScope(), vector_fs_items: items })
    const inbox = (await node.get('/v2/get_inbox', { inbox_name: `job_inbox::${jobId}::false` })).body as Inbox
    renderWithApp(<InboxSidePanel jobId={jobId} inbox={inbox} />, routerTransport(node.router))
    const tree = await screen.findByRole('tree', { name: 'Scope' })
    fireEvent.click(await within(tree).findByText('Library files (300)'))
    const more = (await within(tree).findByText('Show 100 more (200 not shown)')).closest<HTMLElement>('[role="treeitem"]')!
    more.focus()
    // Both keys reach the tree before the next frame: the second counts from the first entry Enter showed.
    fireEvent.keyDown(more, { key: 'Enter', code: 'Enter' })
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown', code: 'ArrowDown' })
    await waitFor(() => expect(document.activeElement?.getAttribute('data-value')).toBe('vector_fs_items/101'))
    // Stays there: no focus asked for earlier lands later.
    await new Promise((r) => setTimeout(r, 100))
    expect(document.activeElement?.getAttribute('data-value')).toBe('vector_fs_items/101')
  })

  it('the next conversation’s panel starts again from 100 entries a branch', async () => {
    const items = Array.from({ length: FILES }, (_, i) => ({
      name: file(i),
      path: { path_ids: ['Big', file(i)] },
      source: { Standard: { FileRef: { file_name: file(i), file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
    }))
    const inboxOf = async () => {
      const jobId = await createJob(node, 'gpt', { ...emptyScope(), vector_fs_items: items })
      return { jobId, inbox: (await node.get('/v2/get_inbox', { inbox_name: `job_inbox::${jobId}::false` })).body as Inbox }
    }
    const first = await inboxOf()
    const second = await inboxOf()
    // Alt+Down moves to the next conversation: the same panel, given another job.
    function Conversation() {
      const [shown, setShown] = useState(first)
      return (
        <>
          <button onClick={() => setShown(second)}>Next conversation</button>
          <InboxSidePanel jobId={shown.jobId} inbox={shown.inbox} />
        </>
      )
    }
    renderWithApp(<Conversation />, routerTransport(node.router))
    const tree = await screen.findByRole('tree', { name: 'Scope' })
    const entries = () =>
      within(tree)
        .queryAllByRole('treeitem')
        .filter((r) => /^vector_fs_items\/\d+$/.test(r.dataset.value ?? ''))
    fireEvent.click(await within(tree).findByText('Library files (5,000)'))
    await waitFor(() => expect(entries()).toHaveLength(100))
    fireEvent.click(within(tree).getByText('Show 100 more (4,900 not shown)'))
    await waitFor(() => expect(entries()).toHaveLength(200))

    fireEvent.click(screen.getByRole('button', { name: 'Next conversation' }))
    const next = await screen.findByRole('tree', { name: 'Scope' })
    if (entries().length === 0) fireEvent.click(await within(next).findByText('Library files (5,000)'))
    await waitFor(() => expect(entries()).toHaveLength(100))
    expect(within(next).getByText('Show 100 more (4,900 not shown)')).toBeTruthy()
  })
})
