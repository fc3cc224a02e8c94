// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { InboxSidePanel } from '../../src/renderer/src/features/inboxes/InboxSidePanel'
import { addProvider, useJob, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { setWindowWidth } from './window-width'

/*
 * The Job config dialog with changes in it (a system prompt being written) closed on a stray
 * Escape, its close button, Cancel or a click beside it, and what was typed was gone without a
 * word; the scope dialog beside it asks first. It asks as well now, the same question. Real node.
 */

beforeEach(() => setWindowWidth(1600))
// happy-dom has no document.fonts, which the prompt's auto-sizing textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })

const node = useTestNode({ setup: (n) => addProvider(n, 'gpt') })
const job = useJob(node, 'gpt')
afterEach(cleanup)

const question = () => screen.queryByRole('dialog', { name: 'Discard your changes to the job config?' })

it('Escape, Cancel and the close button ask before a changed config is dropped; unchanged, they close at once', async () => {
  const before = (await job.inbox()).job_config
  renderWithApp(<InboxSidePanel jobId={job.id} inbox={await job.inbox()} />, routerTransport(node.router))
  const editConfig = screen.getByRole('button', { name: 'Edit config' })

  // Nothing changed: Escape closes at once.
  await userEvent.click(editConfig)
  await screen.findByRole('dialog', { name: 'Job config' })
  await userEvent.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Job config' })).toBeNull())
  expect(question()).toBeNull()

  await userEvent.click(editConfig)
  const dialog = within(await screen.findByRole('dialog', { name: 'Job config' }))
  const prompt = dialog.getByLabelText<HTMLTextAreaElement>('System prompt')
  await userEvent.type(prompt, 'Answer in French, briefly.')

  // Escape: asked, and "Keep editing" keeps what was typed.
  await userEvent.keyboard('{Escape}')
  const asked = within(await screen.findByRole('dialog', { name: 'Discard your changes to the job config?' }))
  await userEvent.click(asked.getByRole('button', { name: 'Keep editing' }))
  await waitFor(() => expect(question()).toBeNull())
  expect(screen.getByRole('dialog', { name: 'Job config' })).toBeTruthy()
  expect(prompt.value).toBe('Answer in French, briefly.')

  // The close button and Cancel ask as well.
  await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
  await userEvent.click(
    within(await screen.findByRole('dialog', { name: 'Discard your changes to the job config?' })).getByRole('button', {
      name: 'Keep editing'
    })
  )
  await waitFor(() => expect(question()).toBeNull())
  expect(prompt.value).toBe('Answer in French, briefly.')

  // "Discard changes" closes it, and the stored config is as it was. (The close button: the test's
  // Mantine has no app theme, so the button is found as the dialog's first, in its header.)
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Job config' })).getAllByRole('button')[0]!)
  await userEvent.click(
    within(await screen.findByRole('dialog', { name: 'Discard your changes to the job config?' })).getByRole('button', {
      name: 'Discard changes'
    })
  )
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Job config' })).toBeNull())
  expect((await job.inbox()).job_config).toEqual(before)
})
