// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import { networkFolder } from '../../src/renderer/src/features/jobs/scope-entries'
import type { Inbox } from '../../src/shared/contract/inbox'
import { emptyScope, type JobScope } from '../../src/shared/contract/scope'
import { addProvider, createJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

const file = (name: string, folder: string) => ({
  name,
  path: { path_ids: [folder, name] },
  source: { Standard: { FileRef: { file_name: name, file_type: { Document: 'Txt' }, text_chunking_strategy: 'V1' } } }
})

describe('the job’s scope tree beside a conversation, from the keyboard', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  // A window wide enough for the panel beside the conversation.
  beforeEach(() => setWindowWidth(1600))
  afterEach(cleanup)

  const panel = async (scope: JobScope) => {
    const jobId = await createJob(node, 'gpt', scope)
    const inbox = (await node.get('/v2/get_inbox', { inbox_name: `job_inbox::${jobId}::false` })).body as Inbox
    renderWithApp(<InboxSidePanel jobId={jobId} inbox={inbox} />, routerTransport(node.router))
  }

  it('is one Tab stop that stays on the row last focused; Home and End go to the first and last rows', async () => {
    await panel({
      ...emptyScope(),
      vector_fs_folders: [{ name: 'Contracts', path: { path_ids: ['Contracts'] } }],
      vector_fs_items: [file('lease.txt', 'Contracts')],
      network_folders: [networkFolder({ nodeName: '@@other.sep-shinkai', profileName: 'main', agentName: 'a' }, 'Shared', ['Shared'])]
    })
    const tree = await screen.findByRole('tree', { name: 'Scope' })
    const rows = () => within(tree).getAllByRole('treeitem')
    await waitFor(() => expect(rows()).toHaveLength(3))
    const stops = () => rows().filter((r) => r.tabIndex === 0)
    const focused = () => document.activeElement?.textContent
    expect(stops()).toHaveLength(1)

    screen.getByRole('button', { name: 'Edit scope' }).focus()
    await userEvent.tab()
    expect(focused()).toBe('Library folders (1)')
    await userEvent.keyboard('{End}')
    expect(focused()).toBe('Folders on other nodes (1)')
    await userEvent.keyboard('{Home}')
    expect(focused()).toBe('Library folders (1)')
    await userEvent.keyboard('{ArrowDown}')
    expect(focused()).toBe('Library files (1)')
    expect(stops().map((r) => r.textContent)).toEqual(['Library files (1)'])
    // Out with Tab and back with Shift+Tab: on the row it left.
    await userEvent.tab()
    expect(tree.contains(document.activeElement)).toBe(false)
    await userEvent.tab({ shift: true })
    expect(focused()).toBe('Library files (1)')
  })
})

describe('the job’s scope beside a conversation, in the operator’s words', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  beforeEach(() => setWindowWidth(1600))
  afterEach(cleanup)

  it('lists only the kinds the scope holds, named as the Files page and New job name them', async () => {
    const jobId = await createJob(node, 'gpt', { ...emptyScope(), vector_fs_items: [file('lease.txt', 'Contracts')] })
    const inbox = (await node.get('/v2/get_inbox', { inbox_name: `job_inbox::${jobId}::false` })).body as Inbox
    renderWithApp(<InboxSidePanel jobId={jobId} inbox={inbox} />, routerTransport(node.router))
    const tree = await screen.findByRole('tree', { name: 'Scope' })
    await waitFor(() =>
      expect(
        within(tree)
          .getAllByRole('treeitem')
          .map((r) => r.textContent)
      ).toEqual(['Library files (1)'])
    )
    const details = screen.getByRole('complementary', { name: 'Job details' })
    expect(details.textContent).not.toMatch(/VectorFS|\(0\)/)
  })

  it('says "None" for a job that draws on no documents, rather than five kinds counting (0)', async () => {
    const jobId = await createJob(node, 'gpt', emptyScope())
    const inbox = (await node.get('/v2/get_inbox', { inbox_name: `job_inbox::${jobId}::false` })).body as Inbox
    renderWithApp(<InboxSidePanel jobId={jobId} inbox={inbox} />, routerTransport(node.router))
    const details = await screen.findByRole('complementary', { name: 'Job details' })
    expect(await within(details).findByText('None: the job draws on no documents.')).toBeTruthy()
    expect(within(details).queryByRole('tree')).toBeNull()
    expect(details.textContent).not.toMatch(/\(0\)|0 entries/)
  })
})
