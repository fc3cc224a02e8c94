// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import { addProvider, useTestNode, useFakeLlm } from '../support/node'
import { openEdit } from './provider-edit'

const node = useTestNode()
const fake = useFakeLlm(['llama3.2'])
afterEach(cleanup)

/**
 * Editing, Test & save pressed on the Identity step opens the review with the test running. The focus
 * went to the review's first line, at its top, which was then scrolled out of sight to show the test
 * at the foot: the keyboard had no visible place, and Cancel test was not where it was. It now takes
 * the focus there as it does when Test & save is pressed on the review; cancelled, the focus is on Test &
 * save, beside the outcome.
 */
it('Test & save pressed on an earlier step of an edit gives the focus to Cancel test, then to Test & save once cancelled', async () => {
  await addProvider(node, 'b', { name: 'Local', external_url: fake.url, model: { OpenAI: { model_type: 'gpt-e2e' } } })
  await openEdit(node, 'b', 'Edit provider “Local” (b)')
  await screen.findByLabelText('Display name')

  // The test call's answer is held until the focus has been looked at.
  let release: () => void = () => {}
  fake.queue = [{ type: 'reply', chunks: ['OK'], after: new Promise<void>((r) => (release = r)) }]
  screen.getByRole('button', { name: 'Test & save' }).focus()
  await userEvent.keyboard('{Enter}')

  const cancel = await screen.findByRole('button', { name: 'Cancel test' })
  await waitFor(() => expect(document.activeElement).toBe(cancel))
  // Cancelled, the focus is on Test & save beside the outcome (as on the review itself).
  await userEvent.keyboard('{Enter}')
  expect(await screen.findByText('The test was cancelled')).toBeTruthy()
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Test & save' })))
  release()
  release()
})
