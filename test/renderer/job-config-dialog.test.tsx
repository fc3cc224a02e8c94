// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import type { Inbox } from '../../src/shared/contract/inbox'
import { addProvider, createJob, startTestNode, tempDir, type TestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

describe('Job config dialog against a real node', () => {
  let node: TestNode
  let cleanupDir: () => void
  let jobId: string
  const inbox = async () => (await node.get(`/v2/get_inbox?inbox_name=${encodeURIComponent(`job_inbox::${jobId}::false`)}`)).body as Inbox
  beforeEach(async () => {
    // happy-dom has no document.fonts, which the prompt's auto-sizing textarea listens to.
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
    const t = tempDir()
    cleanupDir = t.cleanup
    node = startTestNode(t.dir)
    await addProvider(node, 'gpt')
    jobId = await createJob(node, 'gpt')
  })
  afterEach(async () => {
    cleanup()
    await node.close()
    cleanupDir()
  })

  it.each(['Temperature', 'Top p', 'Top k', 'Seed'])(
    'a %s field left blank is refused on the field, the dialog stays open, and nothing is saved (it was saved as 0, or clamped to the minimum)',
    async (label) => {
      const before = (await inbox()).job_config
      renderWithApp(<InboxSidePanel jobId={jobId} inbox={await inbox()} />, routerTransport(node.router))
      await userEvent.click(screen.getByRole('button', { name: 'Edit' }))
      const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
      await userEvent.type(dialog.getByLabelText('System prompt'), 'Be terse.')
      const field = dialog.getByLabelText(label)
      await userEvent.clear(field)
      await userEvent.tab()
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
      await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
      expect(dialog.getByText(`Enter the ${label.toLowerCase()}:`, { exact: false })).toBeTruthy()
      expect(screen.getByRole('dialog', { name: 'Job config' })).toBeTruthy()
      expect((await inbox()).job_config).toEqual(before)
    }
  )

  it('filled in again, the same form saves', async () => {
    renderWithApp(<InboxSidePanel jobId={jobId} inbox={await inbox()} />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
    const temperature = dialog.getByLabelText('Temperature')
    await userEvent.clear(temperature)
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(temperature.getAttribute('aria-invalid')).toBe('true'))
    await userEvent.type(temperature, '0.2')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(async () => expect((await inbox()).job_config.temperature).toBe(0.2))
  })
})

describe('Job config dialog from the keyboard', () => {
  let node: TestNode
  let cleanupDir: () => void
  beforeEach(async () => {
    if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
    const t = tempDir()
    cleanupDir = t.cleanup
    node = startTestNode(t.dir)
    await addProvider(node, 'gpt')
  })
  afterEach(async () => {
    cleanup()
    await node.close()
    cleanupDir()
  })

  it('Enter in a number field saves, as in any form; Enter in the prompt starts a new line', async () => {
    const jobId = await createJob(node, 'gpt')
    const inboxName = encodeURIComponent(`job_inbox::${jobId}::false`)
    const inbox = async () => (await node.get(`/v2/get_inbox?inbox_name=${inboxName}`)).body as Inbox
    renderWithApp(<InboxSidePanel jobId={jobId} inbox={await inbox()} />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
    await userEvent.type(dialog.getByLabelText('System prompt'), 'Line one{Enter}Line two')
    const temperature = dialog.getByLabelText('Temperature')
    await userEvent.clear(temperature)
    await userEvent.type(temperature, '0.3{Enter}')
    await waitFor(async () => expect((await inbox()).job_config).toMatchObject({ temperature: 0.3, custom_prompt: 'Line one\nLine two' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Job config' })).toBeNull())
  })
})
