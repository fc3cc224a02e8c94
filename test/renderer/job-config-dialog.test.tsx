// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import type { Inbox } from '../../src/shared/contract/inbox'
import { addProvider, createJob, useTestNode, type TestNode, useJob } from '../support/node'
import { layOutLists } from './list-layout'
import { renderWithApp, routerTransport } from './render'
import { createClient } from '../../src/renderer/src/api/client'
import { setWindowWidth } from './window-width'

// The scope dialog's library tree is a virtual list: it draws the rows a list of this height shows.
layOutLists()

// A window wide enough for the Job details panel beside the conversation (its Edit buttons shown).
beforeEach(() => setWindowWidth(1600))

// happy-dom has no document.fonts, which the prompt's auto-sizing textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })

/** Each test's node has the provider 'gpt'. */
const withProvider = async (node: TestNode) => {
  await addProvider(node, 'gpt')
}

describe('Job config dialog against a real node', () => {
  const node = useTestNode({ setup: withProvider })
  const job = useJob(node, 'gpt')
  afterEach(cleanup)

  it.each(['Temperature', 'Top p', 'Top k', 'Seed'])(
    'a %s field left blank is refused on the field, the dialog stays open, and nothing is saved (it was saved as 0, or clamped to the minimum)',
    async (label) => {
      const before = (await job.inbox()).job_config
      renderWithApp(<InboxSidePanel jobId={job.id} inbox={await job.inbox()} />, routerTransport(node.router))
      await userEvent.click(screen.getByRole('button', { name: 'Edit config' }))
      const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
      await userEvent.type(dialog.getByLabelText('System prompt'), 'Be terse.')
      const field = dialog.getByLabelText(label)
      await userEvent.clear(field)
      await userEvent.tab()
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
      await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
      expect(dialog.getByText(`Enter the ${label.toLowerCase()}:`, { exact: false })).toBeTruthy()
      expect(screen.getByRole('dialog', { name: 'Job config' })).toBeTruthy()
      expect((await job.inbox()).job_config).toEqual(before)
    }
  )

  it('says what each setting does, read with the field (a first-time user does not know what Seed 0 or Top k means)', async () => {
    renderWithApp(<InboxSidePanel jobId={job.id} inbox={await job.inbox()} />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Edit config' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
    const explained: [string, RegExp][] = [
      ['System prompt', /before every question/],
      ['Temperature', /more varied/],
      ['Seed', /same answer again/],
      ['Top p', /likeliest words/],
      ['Top k', /likeliest words/]
    ]
    for (const [name, description] of explained) expect(dialog.getByRole('textbox', { name, description })).toBeTruthy()
    expect(dialog.getByText(/Show an answer as it is written/)).toBeTruthy()
  })

  it('filled in again, the same form saves', async () => {
    renderWithApp(<InboxSidePanel jobId={job.id} inbox={await job.inbox()} />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Edit config' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
    const temperature = dialog.getByLabelText('Temperature')
    await userEvent.clear(temperature)
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(temperature.getAttribute('aria-invalid')).toBe('true'))
    await userEvent.type(temperature, '0.2')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(async () => expect((await job.inbox()).job_config.temperature).toBe(0.2))
  })
})

describe('Job config dialog and numbers past 2^53', () => {
  const node = useTestNode({ setup: withProvider })
  const job = useJob(node, 'gpt')
  afterEach(cleanup)

  it("saving the dialog keeps other_model_params' whole number past 2^53 digit for digit (the window read it rounded and saved that back)", async () => {
    const BIG = '12345678901234567890'
    const config = { ...(await job.inbox()).job_config, other_model_params: { logit_seed: JSON.rawJSON(BIG) } }
    expect((await node.post('/v2/update_job_config', { job_id: job.id, config })).status).toBe(200)
    const transport = routerTransport(node.router)
    // The inbox as the window reads it: through its own transport, parsed by the window.
    const inbox = await createClient(transport).call('get_inbox', { query: { inbox_name: `job_inbox::${job.id}::false` } })
    renderWithApp(<InboxSidePanel jobId={job.id} inbox={inbox} />, transport)
    await userEvent.click(screen.getByRole('button', { name: 'Edit config' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
    const temperature = dialog.getByLabelText('Temperature')
    await userEvent.clear(temperature)
    await userEvent.type(temperature, '0.3')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(async () => expect((await job.inbox()).job_config.temperature).toBe(0.3))
    expect(JSON.stringify((await job.inbox()).job_config.other_model_params)).toBe(`{"logit_seed":${BIG}}`)
  })
})

describe('Job config dialog from the keyboard', () => {
  const node = useTestNode({ setup: withProvider })
  afterEach(cleanup)

  it('Enter in a number field saves, as in any form; Enter in the prompt starts a new line', async () => {
    const jobId = await createJob(node, 'gpt')
    const inboxName = encodeURIComponent(`job_inbox::${jobId}::false`)
    const inbox = async () => (await node.get(`/v2/get_inbox?inbox_name=${inboxName}`)).body as Inbox
    renderWithApp(<InboxSidePanel jobId={jobId} inbox={await inbox()} />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Edit config' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
    await userEvent.type(dialog.getByLabelText('System prompt'), 'Line one{Enter}Line two')
    const temperature = dialog.getByLabelText('Temperature')
    await userEvent.clear(temperature)
    await userEvent.type(temperature, '0.3{Enter}')
    await waitFor(async () => expect((await inbox()).job_config).toMatchObject({ temperature: 0.3, custom_prompt: 'Line one\nLine two' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Job config' })).toBeNull())
  })
})

describe('Two windows editing one job', () => {
  const node = useTestNode({ setup: withProvider })
  afterEach(cleanup)

  it('a config saved in another window while this dialog was open is kept: only the fields changed here are saved', async () => {
    const jobId = await createJob(node, 'gpt')
    const inbox = async () => (await node.get(`/v2/get_inbox?inbox_name=${encodeURIComponent(`job_inbox::${jobId}::false`)}`)).body as Inbox
    renderWithApp(<InboxSidePanel jobId={jobId} inbox={await inbox()} />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Edit config' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
    const other = { ...(await inbox()).job_config, temperature: 1.5 }
    expect((await node.post('/v2/update_job_config', { job_id: jobId, config: other })).status).toBe(200)
    await userEvent.type(dialog.getByLabelText('System prompt'), 'Be terse.')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(async () => expect((await inbox()).job_config).toMatchObject({ custom_prompt: 'Be terse.', temperature: 1.5 }))
  })

  it('a scope saved in another window while this dialog was open is kept, with the folder picked here', async () => {
    expect((await node.post('/v2/create_folder', { path: '/', folder_name: 'Contracts' })).status).toBe(200)
    const jobId = await createJob(node, 'gpt')
    const inbox = (await node.get(`/v2/get_inbox?inbox_name=${encodeURIComponent(`job_inbox::${jobId}::false`)}`)).body as Inbox
    renderWithApp(<InboxSidePanel jobId={jobId} inbox={inbox} />, routerTransport(node.router))
    const edit = await screen.findByRole('button', { name: 'Edit scope' })
    await waitFor(() => expect(edit.hasAttribute('disabled')).toBe(false))
    await userEvent.click(edit)
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit scope' }))
    const elsewhere = { name: 'Reports', path: { path_ids: ['Reports'] } }
    const scope = (await node.get(`/v2/get_job_scope?job_id=${jobId}`)).body as Record<string, unknown>
    expect(
      (await node.post('/v2/update_job_scope', { job_id: jobId, job_scope: { ...scope, vector_fs_folders: [elsewhere] } })).status
    ).toBe(200)
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Contracts' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Save scope' }))
    await waitFor(async () =>
      expect(((await node.get(`/v2/get_job_scope?job_id=${jobId}`)).body as { vector_fs_folders: unknown[] }).vector_fs_folders).toEqual([
        elsewhere,
        { name: 'Contracts', path: { path_ids: ['Contracts'] } }
      ])
    )
  })
})

describe('The scope in the Job details panel', () => {
  const node = useTestNode({ setup: withProvider })
  afterEach(cleanup)

  it('marks a folder or file whose path is gone from the library (renamed or deleted since) as missing, as the scope editor does', async () => {
    expect((await node.post('/v2/create_folder', { path: '/', folder_name: 'Contracts' })).status).toBe(200)
    const folder = (name: string) => ({ name, path: { path_ids: [name] } })
    const scope = {
      local_vrkai: [],
      local_vrpack: [],
      network_folders: [],
      vector_fs_folders: [folder('Contracts'), folder('Old')],
      vector_fs_items: []
    }
    const jobId = await createJob(node, 'gpt', scope)
    const inbox = (await node.get(`/v2/get_inbox?inbox_name=${encodeURIComponent(`job_inbox::${jobId}::false`)}`)).body as Inbox
    renderWithApp(<InboxSidePanel jobId={jobId} inbox={inbox} />, routerTransport(node.router))
    expect(await screen.findByText(/2 entries, 1 of them missing/)).toBeTruthy()
    await userEvent.click(await screen.findByText('Library folders (2)'))
    expect(await screen.findByText('Old — missing: no longer in the library, finds nothing')).toBeTruthy()
    expect(screen.getByText('Contracts')).toBeTruthy()
  })
})
