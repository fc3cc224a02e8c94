// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ProvidersPage } from '../../src/renderer/src/features/providers/ProvidersPage'
import { addProvider, createJob, useFakeLlm, useTestNode } from '../support/node'
import { renderWithApp, routerTransport } from './render'

describe('the "cannot be removed yet" dialog: providers to switch the jobs to', () => {
  const node = useTestNode()
  const fake = useFakeLlm(['llama3.2'])
  afterEach(cleanup)

  it('marks those whose last check failed, in words a screen reader reads, and says so when one is chosen', async () => {
    await addProvider(node, 'busy', { external_url: `${fake.url}/v1`, name: 'Box' })
    await addProvider(node, 'works', { external_url: `${fake.url}/v1`, name: 'Spare' })
    // Its server is down: the check fails and is kept as its last check (what the Providers page shows).
    await addProvider(node, 'down', { external_url: 'http://127.0.0.1:9/v1', name: 'Broken' })
    await addProvider(node, 'unchecked', { external_url: `${fake.url}/v1`, name: 'Fresh' })
    expect((await node.post('/v2/check_llm_provider', { llm_provider_id: 'works' })).status).toBe(200)
    expect((await node.post('/v2/check_llm_provider', { llm_provider_id: 'down' })).status).not.toBe(200)
    await createJob(node, 'busy')
    renderWithApp(<ProvidersPage />, routerTransport(node.router))
    // The page shows its check as failed: the dialog reads the same list.
    const downRow = await screen.findByTestId('provider-row-down')
    expect(within(downRow).getByTestId('last-check').getAttribute('data-state')).toBe('failed')

    await userEvent.click(await screen.findByRole('button', { name: 'Remove Box' }))
    const inUse = await screen.findByTestId('provider-in-use')
    await userEvent.click(within(inUse).getByLabelText('Switch it to', { selector: 'input' }))
    const option = (name: RegExp) => screen.findByRole('option', { name, hidden: true })
    expect((await option(/Broken/)).textContent).toMatch(/last check failed/)
    expect((await option(/Spare/)).textContent).not.toMatch(/failed/)
    expect((await option(/Fresh/)).textContent).not.toMatch(/failed/)

    await userEvent.click(await option(/Broken/))
    await userEvent.click(within(inUse).getByRole('button', { name: 'Switch 1 job', hidden: true }))
    const ask = await within(inUse).findByTestId('confirm-switch')
    expect(ask.textContent).toMatch(/last check of .*Broken.* failed/)
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel', hidden: true }))
  })
})
