// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import { addProvider, useJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

beforeEach(() => setWindowWidth(1600))
// happy-dom has no document.fonts, which the prompt's auto-sizing textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })

/*
 * A system prompt over the node's 1 MiB limit: the node's 413 came in a notice, "Config not saved: larger
 * than the 1 MiB limit (1,048,576 bytes of UTF-8)", naming no field, and the focus stayed on Save.
 */
describe('Job config dialog, a system prompt over the limit', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  const job = useJob(node, 'gpt')
  afterEach(cleanup)

  it('is refused on the System prompt field, which takes the focus; nothing is saved; shortened, it saves', async () => {
    const before = (await job.inbox()).job_config
    renderWithApp(<InboxSidePanel jobId={job.id} inbox={await job.inbox()} />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Edit config' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
    const prompt = dialog.getByLabelText<HTMLTextAreaElement>('System prompt')
    // 1 MiB of "é" (2 bytes each) is half as many characters: the limit is in bytes of UTF-8.
    fireEvent.change(prompt, { target: { value: 'é'.repeat(512 * 1024) + 'x' } })
    const save = dialog.getByRole('button', { name: 'Save' })
    save.focus()
    await userEvent.click(save)
    await waitFor(() => expect(prompt.getAttribute('aria-invalid')).toBe('true'))
    expect(dialog.getByText(/^The system prompt is larger than the 1 MiB limit \(1,048,576 bytes of UTF-8\)/)).toBeTruthy()
    expect(document.activeElement).toBe(prompt)
    await new Promise((r) => setTimeout(r, 300))
    expect(screen.getByRole('dialog', { name: 'Job config' })).toBeTruthy()
    expect((await job.inbox()).job_config).toEqual(before)
    // At the limit exactly, it is taken.
    fireEvent.change(prompt, { target: { value: 'é'.repeat(512 * 1024) } })
    expect(prompt.getAttribute('aria-invalid')).not.toBe('true')
    await userEvent.click(save)
    await waitFor(async () => expect((await job.inbox()).job_config.custom_prompt).toHaveLength(512 * 1024))
  })
})

describe('Job config dialog, a seed or top k past the largest whole number', () => {
  const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
  const job = useJob(node, 'gpt')
  afterEach(cleanup)

  it.each([
    ['Seed', 'Enter the seed: a whole number from -9,007,199,254,740,991 to 9,007,199,254,740,991 (0 is the default)'],
    ['Top k', 'Enter the top k: a whole number from 1 to 9,007,199,254,740,991']
  ])('%s: 20 digits are refused with the range it takes, not as "not a whole number"', async (label, sentence) => {
    const before = (await job.inbox()).job_config
    renderWithApp(<InboxSidePanel jobId={job.id} inbox={await job.inbox()} />, routerTransport(node.router))
    await userEvent.click(screen.getByRole('button', { name: 'Edit config' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
    const field = dialog.getByLabelText(label)
    await userEvent.clear(field)
    await userEvent.type(field, '99999999999999999999')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
    expect(dialog.getByText(sentence)).toBeTruthy()
    expect((await job.inbox()).job_config).toEqual(before)
  })
})
