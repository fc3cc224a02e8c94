// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import type { Inbox } from '../../src/shared/contract/inbox'
import { addProvider, createJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

/*
 * The Edit scope dialog of the Job details panel is the scope editor New job has: a network folder
 * typed into it but not added with "Add network folder" was left out of the saved scope without a word
 * (Save scope closed the dialog, "Scope saved", the folder nowhere). Save now stops as Create job does.
 */
describe('Edit scope in the Job details panel, a network folder typed but not added', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  beforeEach(() => setWindowWidth(1600))
  afterEach(cleanup)

  const scopeOf = async (jobId: string) =>
    (await node.get('/v2/get_job_scope', { job_id: jobId })).body as { network_folders: { path: { path_ids: string[] } }[] }

  /** A new job's panel, its Edit scope dialog open. */
  const openEditScope = async () => {
    const jobId = await createJob(node, 'gpt')
    const inbox = (await node.get('/v2/get_inbox', { inbox_name: `job_inbox::${jobId}::false` })).body as Inbox
    renderWithApp(<InboxSidePanel jobId={jobId} inbox={inbox} />, routerTransport(node.router))
    const edit = await screen.findByRole('button', { name: 'Edit scope' })
    await waitFor(() => expect(edit.hasAttribute('disabled')).toBe(false))
    await userEvent.click(edit)
    return { jobId, dialog: within(await screen.findByRole('dialog', { name: 'Edit scope' })) }
  }

  it('stops Save scope with a sentence on its field, the typing kept and the dialog open; added, it is saved', async () => {
    const { jobId, dialog } = await openEditScope()
    const advanced = dialog.getByRole('button', { name: 'Advanced: folders on other nodes' })
    await userEvent.click(advanced)
    const network = within(dialog.getByRole('region', { name: 'Folders on other nodes' }))
    const field = (label: string) => network.getByLabelText<HTMLInputElement>(label, { exact: false, selector: 'input' })
    await userEvent.type(field('Remote node'), '@@other.sep-shinkai')
    await userEvent.type(field('Remote agent'), 'my_agent')
    await userEvent.type(field('Shared folder name'), 'Shared')
    await userEvent.type(field('Path'), 'Reports{Enter}')
    // Closed again: Save still finds the typing, and opens the part to say so.
    await userEvent.click(advanced)
    await userEvent.click(dialog.getByRole('button', { name: 'Save scope' }))
    expect(await network.findByText('Press Add network folder to include this folder, or clear the field.')).toBeTruthy()
    expect(advanced.getAttribute('aria-expanded')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(field('Remote node')))
    expect(field('Remote node').getAttribute('aria-invalid')).toBe('true')
    // Nothing saved, the dialog still open, nothing typed lost.
    await new Promise((r) => setTimeout(r, 300))
    expect(screen.getByRole('dialog', { name: 'Edit scope' })).toBeTruthy()
    expect((await scopeOf(jobId)).network_folders).toEqual([])
    expect(field('Remote node').value).toBe('@@other.sep-shinkai')
    expect(network.getByText('Reports')).toBeTruthy()
    // Added, the sentence goes and Save scope saves the folder.
    await userEvent.click(network.getByRole('button', { name: 'Add network folder' }))
    expect(network.queryByText(/Press Add network folder/)).toBeNull()
    await userEvent.click(dialog.getByRole('button', { name: 'Save scope' }))
    await waitFor(async () => expect((await scopeOf(jobId)).network_folders.map((f) => f.path.path_ids)).toEqual([['Reports']]))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit scope' })).toBeNull())
  })

  it('Escape and Cancel ask before a network folder typed but not added is dropped; kept, the typing stays', async () => {
    const { jobId, dialog } = await openEditScope()
    await userEvent.click(dialog.getByRole('button', { name: 'Advanced: folders on other nodes' }))
    const network = within(dialog.getByRole('region', { name: 'Folders on other nodes' }))
    const name = network.getByLabelText<HTMLInputElement>('Shared folder name', { exact: false, selector: 'input' })
    await userEvent.type(name, 'Shared')
    const question = 'Discard your changes to the scope?'

    await userEvent.keyboard('{Escape}')
    const asked = within(await screen.findByRole('dialog', { name: question }))
    expect(asked.getByText('The network folder you typed but did not add will be lost.')).toBeTruthy()
    await userEvent.click(asked.getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: question })).toBeNull())
    expect(screen.getByRole('dialog', { name: 'Edit scope' })).toBeTruthy()
    expect(name.value).toBe('Shared')
    // Asked, not said on the field: the question is the only word.
    expect(network.queryByText(/Press Add network folder/)).toBeNull()

    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    await userEvent.click(within(await screen.findByRole('dialog', { name: question })).getByRole('button', { name: 'Discard changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit scope' })).toBeNull())
    expect((await scopeOf(jobId)).network_folders).toEqual([])
  })
})
