// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it } from 'vitest'
import { useFakeLlm, useTestNode } from '../support/node'
import { renderAddWizard, useFreshAddWizard } from './add-wizard'

/*
 * Several models ticked, the Identity step listed each model beside the provider id made for it in a
 * table without column headers (a screen reader read "llama3.2 box-llama3-2", not which was which), and
 * drew the agent identities as one inline code, run together into what read as one long name.
 * Real node, loopback model server.
 */

const node = useTestNode()
const fake = useFakeLlm(['llama3.2', 'qwen2.5'])
useFreshAddWizard()

it('several models: the ids table names its columns, and each agent identity is on a line of its own', async () => {
  const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }))
  renderAddWizard(node)
  await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
  await next()
  await userEvent.type(screen.getByLabelText(/^API base URL/), `${fake.url}/v1`)
  await next()
  await userEvent.click(await screen.findByRole('checkbox', { name: 'llama3.2' }))
  await userEvent.click(screen.getByRole('checkbox', { name: 'qwen2.5' }))
  await next()
  await userEvent.type(screen.getByLabelText('Display name'), 'Box')

  const table = screen.getByRole('table', { name: 'Provider ids' })
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
  ).toEqual(['Model', 'Provider id'])
  expect(
    within(table)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent)
      )
  ).toEqual([[], ['llama3.2', 'box-llama3-2'], ['qwen2.5', 'box-qwen2-5']])

  const identities = screen.getByTestId('full-identity-name')
  // A block (<pre>) keeps the line breaks between them; inline code folded them into spaces.
  expect(identities.tagName).toBe('PRE')
  expect(identities.textContent).toBe('@@localhost.sep-shinkai/main/agent/box-llama3-2\n@@localhost.sep-shinkai/main/agent/box-qwen2-5')
})
