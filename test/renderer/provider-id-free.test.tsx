// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { addProvider, useFakeLlm, useTestNode } from '../support/node'
import { useFreshAddWizard, wizardAtIdentity } from './add-wizard'

/*
 * A second provider for a model the node has one for already (the same server's only model, say):
 * the identity step proposed the id the first one has, then Next said "A provider with id … exists
 * already. Choose another id." about an id the operator never typed. The id proposed is one no
 * provider has (`-2` added); one typed by hand is still refused. Real node, loopback model server.
 */

const node = useTestNode()
const fake = useFakeLlm(['llama3.2'])
useFreshAddWizard()

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }))

const toIdentityStep = () => wizardAtIdentity(node, fake.url, 'llama3.2')

it('proposes an id no provider has, and the identity follows it', async () => {
  await addProvider(node, 'llama3-2')
  await addProvider(node, 'box')
  await toIdentityStep()
  const id = screen.getByLabelText<HTMLInputElement>(/^Provider id/)
  await waitFor(() => expect(id.value).toBe('llama3-2-2'))
  expect(screen.getByTestId('full-identity-name').textContent).toMatch(/\/agent\/llama3-2-2$/)
  // Named after a display name that a provider's id already is: that one gets -2 as well.
  await userEvent.type(screen.getByLabelText('Display name'), 'Box')
  await waitFor(() => expect(id.value).toBe('box-2'))
  await next()
  expect(await screen.findByRole('button', { name: /^Test & add/ })).toBeTruthy()
  expect(screen.queryByText(/exists already/)).toBeNull()
})

it('an id typed by hand that a provider has is still refused, not changed', async () => {
  await addProvider(node, 'llama3-2')
  await toIdentityStep()
  const id = screen.getByLabelText<HTMLInputElement>(/^Provider id/)
  await waitFor(() => expect(id.value).toBe('llama3-2-2'))
  await userEvent.clear(id)
  await userEvent.type(id, 'llama3-2')
  await next()
  expect(await screen.findByText('A provider with id “llama3-2” exists already. Choose another id.')).toBeTruthy()
  expect(id.value).toBe('llama3-2')
})
