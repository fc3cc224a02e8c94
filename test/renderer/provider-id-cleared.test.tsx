// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { useFakeLlm, useTestNode } from '../support/node'
import { useFreshAddWizard, wizardAtIdentity } from './add-wizard'

/*
 * The provider id is derived from the display name until it is typed by hand. Once typed, clearing
 * it left it empty for good: the agent identity read `…/agent/` and Next said "Enter an id", though
 * the step says the id is derived. Cleared, it follows the display name again. Real node, loopback model server.
 */

const node = useTestNode()
const fake = useFakeLlm(['llama3.2'])
useFreshAddWizard()

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }))

it('an id typed by hand, then cleared, follows the display name again', async () => {
  await wizardAtIdentity(node, fake.url, 'llama3.2')
  const name = screen.getByLabelText('Display name')
  const id = screen.getByLabelText<HTMLInputElement>(/^Provider id/)
  await userEvent.type(name, 'Box')
  expect(id.value).toBe('box')
  await userEvent.clear(id)
  await userEvent.type(id, 'mine!')
  await userEvent.clear(id)
  // Cleared, it follows the display name again, and the identity with it.
  await userEvent.type(name, ' two')
  expect(id.value).toBe('box-two')
  expect(screen.getByTestId('full-identity-name').textContent).toMatch(/\/agent\/box-two$/)
  await next()
  expect(await screen.findByRole('button', { name: /^Test & add/ })).toBeTruthy()
})
