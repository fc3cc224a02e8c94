// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ProvidersPage } from '../../src/renderer/src/features/providers/ProvidersPage'
import {
  checkDisplay,
  providerMatches,
  providerOptionLabel,
  rowNames,
  serverLabel
} from '../../src/renderer/src/features/providers/provider-display'
import { addProvider, createJob, useTestNode, useFakeLlm } from '../support/node'
import { renderWithApp, routerTransport } from './render'
import { objectBridgeTransport } from './object-bridge'

describe('how a provider is shown', () => {
  const now = Date.parse('2026-01-10T12:00:00.000Z')
  it('last check: never checked, works and not working are three different states, each with its time', () => {
    expect(checkDisplay(null, now)).toMatchObject({ state: 'never', label: 'Never checked', when: '' })
    const ok = checkDisplay({ ok: true, message: "The server answered with model 'm'", at: '2026-01-10T11:55:00.000Z' }, now)
    expect(ok).toMatchObject({ state: 'ok', label: 'Works', detail: "The server answered with model 'm'" })
    expect(ok.when).toMatch(/5/)
    const failed = checkDisplay({ ok: false, message: 'Could not reach the server.', at: '2026-01-10T11:59:50.000Z' }, now)
    expect(failed).toMatchObject({ state: 'failed', label: 'Not working', detail: 'Could not reach the server.' })
    expect(failed.when).not.toBe('')
  })

  it('pickers show the display name and find a provider by name, id, model or description', () => {
    const p = {
      id: 'laptop-llama3-2',
      name: 'Laptop · llama3.2',
      description: 'The GPU box under the desk',
      model: { OpenAI: { model_type: 'llama3.2' } }
    }
    expect(providerOptionLabel(p)).toBe('Laptop · llama3.2 (laptop-llama3-2)')
    expect(providerOptionLabel({ ...p, name: 'Laptop' })).toBe('Laptop · llama3.2 (laptop-llama3-2)')
    expect(providerOptionLabel({ id: 'gpt', model: p.model })).toBe('gpt · llama3.2')
    // A name holding another model's name that begins as this one's does not say this one.
    expect(providerOptionLabel({ ...p, name: 'Laptop llama3.2-vision' })).toBe('Laptop llama3.2-vision · llama3.2 (laptop-llama3-2)')
    expect(providerOptionLabel({ ...p, name: 'Laptop (llama3.2)' })).toBe('Laptop (llama3.2) (laptop-llama3-2)')
    for (const q of ['laptop', 'LLAMA3', 'gpu desk', 'laptop-llama']) expect(providerMatches(p, q)).toBe(true)
    expect(providerMatches(p, 'gpu cellar')).toBe(false)
  })

  it('row buttons name a provider as its row shows it: its display name, else its id; the model, then the id, only to tell two apart', () => {
    const model = (m: string) => ({ OpenAI: { model_type: m } })
    const names = rowNames([
      { id: 'work-gpt-4o', name: 'Work GPT', model: model('gpt-4o') },
      { id: 'laptop-llama', name: 'Laptop', model: model('llama3.2') },
      { id: 'laptop-qwen', name: 'laptop ', model: model('qwen2.5') },
      { id: 'box-1', name: 'Box', model: model('llama3.2') },
      { id: 'box-2', name: 'Box', model: model('llama3.2') },
      { id: 'plain', model: model('llama3.2') }
    ])
    expect(Object.fromEntries(names)).toEqual({
      'work-gpt-4o': 'Work GPT',
      'laptop-llama': 'Laptop · llama3.2',
      'laptop-qwen': 'laptop · qwen2.5',
      'box-1': 'Box · llama3.2 (box-1)',
      'box-2': 'Box · llama3.2 (box-2)',
      plain: 'plain'
    })
  })

  it('an OpenAI kind at its own address is an OpenAI-compatible server', () => {
    expect(serverLabel('OpenAI', 'https://api.openai.com/v1')).toBe('OpenAI')
    expect(serverLabel('OpenAI', 'http://127.0.0.1:8080/v1')).toBe('OpenAI-compatible server')
    expect(serverLabel('Ollama', 'http://127.0.0.1:11434')).toBe('Ollama')
  })
})

describe('providers page', () => {
  const node = useTestNode()
  const fake = useFakeLlm(['llama3.2', 'qwen2.5'])
  afterEach(cleanup)

  it('groups providers by server, shows names and last checks, and "Check" records a new result', async () => {
    const base = `${fake.url}/v1`
    await addProvider(node, 'a-llama', { external_url: base, name: 'Box · llama3.2', model: { OpenAI: { model_type: 'llama3.2' } } })
    await addProvider(node, 'ollama', { external_url: fake.url, model: { Ollama: { model_type: 'llama3.2' } } })
    await addProvider(node, 'a-qwen', {
      external_url: `${fake.url}/v1/`,
      description: 'small and quick',
      model: { OpenAI: { model_type: 'qwen2.5' } }
    })
    renderWithApp(<ProvidersPage />, routerTransport(node.router))

    const servers = await screen.findAllByTestId('provider-server')
    expect(servers).toHaveLength(2)
    expect(servers[0]!.getAttribute('aria-label')).toBe(`OpenAI-compatible server at ${base}`)
    expect(
      within(servers[0]!)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('data-testid'))
    ).toEqual(['provider-row-a-llama', 'provider-row-a-qwen'])
    expect(within(servers[0]!).getByText('2 models', { exact: false })).toBeTruthy()
    expect(servers[1]!.getAttribute('aria-label')).toBe(`Ollama at ${fake.url}`)

    const llama = screen.getByTestId('provider-row-a-llama')
    expect(within(llama).getByText('Box · llama3.2')).toBeTruthy() // the display name, id under it
    expect(within(llama).getByText('a-llama')).toBeTruthy()
    expect(within(screen.getByTestId('provider-row-a-qwen')).getByText('small and quick')).toBeTruthy()
    expect(within(llama).getByTestId('last-check').dataset.state).toBe('never')

    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    await userEvent.click(within(llama).getByRole('button', { name: 'Check Box · llama3.2' }))
    await waitFor(() => expect(within(screen.getByTestId('provider-row-a-llama')).getByTestId('last-check').dataset.state).toBe('ok'))
    expect(within(screen.getByTestId('provider-row-a-llama')).getByText('Works')).toBeTruthy()

    fake.behaviour = { type: 'status', status: 500, body: { error: { message: 'model crashed' } } }
    await userEvent.click(within(screen.getByTestId('provider-row-a-qwen')).getByRole('button', { name: 'Check a-qwen' }))
    const qwen = () => screen.getByTestId('provider-row-a-qwen')
    await waitFor(() => expect(within(qwen()).getByTestId('last-check').dataset.state).toBe('failed'))
    expect(within(qwen()).getByText('Not working')).toBeTruthy()
    expect(within(qwen()).getByTestId('last-check').textContent).toContain('model crashed')
  })

  it('Check, Edit and Remove are named by what the row shows, not by an id the operator never typed', async () => {
    await addProvider(node, 'work-gpt-4o', {
      external_url: `${fake.url}/v1`,
      name: 'Work GPT',
      model: { OpenAI: { model_type: 'llama3.2' } }
    })
    await addProvider(node, 'box-llama', { external_url: `${fake.url}/v1`, name: 'Box', model: { OpenAI: { model_type: 'llama3.2' } } })
    await addProvider(node, 'box-qwen', { external_url: `${fake.url}/v1`, name: 'Box', model: { OpenAI: { model_type: 'qwen2.5' } } })
    renderWithApp(<ProvidersPage />, routerTransport(node.router))
    const row = within(await screen.findByTestId('provider-row-work-gpt-4o'))
    expect(row.getByRole('button', { name: 'Check Work GPT' })).toBeTruthy()
    expect(row.getByRole('link', { name: 'Edit Work GPT' })).toBeTruthy()
    expect(row.getByRole('button', { name: 'Remove Work GPT' })).toBeTruthy()
    const qwen = within(screen.getByTestId('provider-row-box-qwen'))
    for (const name of ['Check Box · qwen2.5', 'Remove Box · qwen2.5']) expect(qwen.getByRole('button', { name })).toBeTruthy()
    expect(qwen.getByRole('link', { name: 'Edit Box · qwen2.5' })).toBeTruthy()
    expect(screen.queryAllByRole('button', { name: /work-gpt-4o|box-llama|box-qwen/ })).toHaveLength(0)
    await userEvent.click(screen.getByRole('button', { name: 'Remove Box · llama3.2' }))
    expect(await screen.findByRole('dialog', { name: 'Remove provider “Box” (box-llama)?' })).toBeTruthy()
  })

  it('a provider removed from the keyboard hands the focus to the next one’s Remove, then the one before, then Add provider', async () => {
    for (const id of ['a', 'b', 'c']) await addProvider(node, id, { external_url: `${fake.url}/v1` })
    renderWithApp(<ProvidersPage />, routerTransport(node.router))
    const removeFrom = async (id: string) => {
      const button = await screen.findByRole('button', { name: `Remove ${id}` })
      button.focus()
      await userEvent.keyboard('{Enter}')
      await userEvent.click(await screen.findByRole('button', { name: 'Remove', hidden: true }))
      await waitFor(() => expect(screen.queryByTestId(`provider-row-${id}`)).toBeNull())
    }
    const focused = () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent
    await removeFrom('b')
    await waitFor(() => expect(focused()).toBe('Remove c'), { timeout: 10_000 })
    await removeFrom('c')
    await waitFor(() => expect(focused()).toBe('Remove a'), { timeout: 10_000 })
    await removeFrom('a')
    await waitFor(() => expect(focused()).toBe('Add provider'), { timeout: 10_000 })
  })

  /*
   * Remove asks the node first whether jobs use the provider: an Escape pressed meanwhile (a fast key)
   * landed on the button, and the dialog opened after it and stayed open.
   */
  it.each([
    ['spare', 0],
    ['in use', 2]
  ])('Escape pressed while the node is asked about a provider %s: no dialog opens, and Remove keeps the focus', async (_, jobs) => {
    await addProvider(node, 'p', { external_url: `${fake.url}/v1` })
    for (let i = 0; i < jobs; i++) await createJob(node, 'p')
    renderWithApp(<ProvidersPage />, routerTransport(node.router))
    const button = await screen.findByRole('button', { name: 'Remove p' })
    button.focus()
    act(() => {
      fireEvent.click(button)
      fireEvent.keyDown(button, { key: 'Escape' })
    })
    // In steps, so that React draws between them (the node's answer, a dialog if one came).
    for (let i = 0; i < 10; i++) await act(() => new Promise((r) => setTimeout(r, 50)))
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull()
    expect(document.activeElement).toBe(button)
    // The keys are the page's again.
    expect(fireEvent.keyDown(button, { key: 'a' })).toBe(true)
  })

  it('removing the embedding model’s provider says, before it is removed, that documents are then found by their words alone', async () => {
    await addProvider(node, 'emb', { external_url: `${fake.url}/v1` })
    await addProvider(node, 'chat', { external_url: `${fake.url}/v1` })
    await node.post('/v2/update_default_embedding_model', { provider_id: 'emb', model: 'text-embedding-3-small' })
    renderWithApp(<ProvidersPage />, routerTransport(node.router))

    await userEvent.click(await screen.findByRole('button', { name: 'Remove chat' }))
    await screen.findByRole('button', { name: 'Remove', hidden: true })
    expect(screen.queryByTestId('removes-embedder')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }))

    await userEvent.click(await screen.findByRole('button', { name: 'Remove emb' }))
    expect((await screen.findByTestId('removes-embedder')).textContent).toContain('found by their words alone')
    await userEvent.click(screen.getByRole('button', { name: 'Remove', hidden: true }))
    await waitFor(() => expect(screen.queryByTestId('provider-row-emb')).toBeNull())
    expect((await node.get('/v2/get_default_embedding_model')).body).toEqual({ provider_id: null, model: null })
  })
  it('Remove on a provider jobs use says so up front, naming them, instead of offering a removal the node refuses', async () => {
    await addProvider(node, 'busy', { external_url: `${fake.url}/v1`, name: 'Box · llama3.2' })
    await addProvider(node, 'free', { external_url: `${fake.url}/v1` })
    const jobs: string[] = []
    for (let i = 0; i < 7; i++) jobs.push(await createJob(node, 'busy'))
    await node.post('/v2/update_smart_inbox_name', { inbox_name: `job_inbox::${jobs[6]}::false`, custom_name: 'Lease questions' })
    renderWithApp(<ProvidersPage />, routerTransport(node.router))

    await userEvent.click(await screen.findByRole('button', { name: 'Remove Box · llama3.2' }))
    const inUse = await screen.findByTestId('provider-in-use')
    expect(screen.getByText('“Box · llama3.2” (busy) cannot be removed yet')).toBeTruthy()
    expect(inUse.textContent).toContain('It is used by 7 jobs, and cannot be removed while any job uses it.')
    expect(inUse.textContent).toContain('and 2 more jobs')
    const lease = within(inUse).getByRole('link', { name: 'Lease questions', hidden: true })
    expect(lease.getAttribute('href')).toBe(`#/inboxes/${encodeURIComponent(`job_inbox::${jobs[6]}::false`)}`)
    expect(within(inUse).getAllByRole('link', { hidden: true })).toHaveLength(5)
    // Nothing to confirm: only OK, and it has the focus (Enter or Escape closes).
    expect(screen.queryByRole('button', { name: 'Remove', hidden: true })).toBeNull()
    const close = within(inUse).getByRole('button', { name: 'OK', hidden: true })
    await waitFor(() => expect(document.activeElement).toBe(close))
    await userEvent.click(close)
    await waitFor(() => expect(screen.queryByTestId('provider-in-use')).toBeNull())
    expect(screen.getByTestId('provider-row-busy')).toBeTruthy()

    // An unused provider is still asked about, and removed.
    await userEvent.click(await screen.findByRole('button', { name: 'Remove free' }))
    expect(screen.queryByTestId('provider-in-use')).toBeNull()
    await userEvent.click(await screen.findByRole('button', { name: 'Remove', hidden: true }))
    await waitFor(() => expect(screen.queryByTestId('provider-row-free')).toBeNull())
  })
  it('two jobs of one name are told apart in the dialog by when each was last active', async () => {
    await addProvider(node, 'busy', { external_url: `${fake.url}/v1` })
    const jobs: string[] = []
    for (let i = 0; i < 3; i++) jobs.push(await createJob(node, 'busy'))
    for (const j of [jobs[0], jobs[1]])
      await node.post('/v2/update_smart_inbox_name', { inbox_name: `job_inbox::${j}::false`, custom_name: 'Lease questions' })
    renderWithApp(<ProvidersPage />, routerTransport(node.router))
    await userEvent.click(await screen.findByRole('button', { name: 'Remove busy' }))
    const inUse = await screen.findByTestId('provider-in-use')
    const items = () => within(inUse).getAllByRole('listitem', { hidden: true })
    await waitFor(() => expect(items().filter((li) => /last active/.test(li.textContent)).length).toBe(2))
    for (const li of items()) {
      const link = within(li).getByRole('link', { hidden: true })
      if (link.textContent !== 'Lease questions') expect(li.textContent).not.toContain('last active')
      else expect(li.querySelector('time')?.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/)
    }
    // Told apart even when both were last active in the same second (made together): then by their job ids.
    const alike = items()
      .filter((li) => /last active/.test(li.textContent))
      .map((li) => li.textContent)
    expect(new Set(alike).size).toBe(2)
  })
  it('the dialog switches every job (beyond the few it names, hidden ones too) to another provider after a confirmation naming how many, then asks to remove', async () => {
    await addProvider(node, 'busy', { external_url: `${fake.url}/v1`, name: 'Box' })
    await addProvider(node, 'free', { external_url: `${fake.url}/v1`, name: 'Spare' })
    const jobs: string[] = []
    for (let i = 0; i < 7; i++) jobs.push(await createJob(node, 'busy'))
    await node.post('/v2/update_job_hidden', { job_id: jobs[0], is_hidden: true })
    renderWithApp(<ProvidersPage />, routerTransport(node.router))
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Box' }))
    const inUse = await screen.findByTestId('provider-in-use')
    // Nothing chosen yet: the field says what is missing, and nothing is asked.
    await userEvent.click(within(inUse).getByRole('button', { name: 'Switch 7 jobs', hidden: true }))
    expect(within(inUse).getByText('Choose the provider the jobs are to answer through')).toBeTruthy()
    await userEvent.click(within(inUse).getByLabelText('Switch all 7 to', { selector: 'input' }))
    await userEvent.click(await screen.findByRole('option', { name: /Spare/, hidden: true }))
    const switchButton = within(inUse).getByRole('button', { name: 'Switch 7 jobs', hidden: true })
    await userEvent.click(switchButton)
    // Asked in the same dialog, the focus on Cancel; Cancel keeps the choice and puts the focus back on Switch.
    const ask = await within(inUse).findByTestId('confirm-switch')
    expect(within(ask).getByText('Switch 7 jobs to Spare?')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Cancel', hidden: true })))
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel', hidden: true }))
    expect(within(inUse).queryByTestId('confirm-switch')).toBeNull()
    expect(document.activeElement).toBe(switchButton)
    expect(within(inUse).getByLabelText<HTMLInputElement>('Switch all 7 to', { selector: 'input' }).value).toMatch(/Spare/)
    await userEvent.click(switchButton)
    await userEvent.click(
      within(await within(inUse).findByTestId('confirm-switch')).getByRole('button', { name: 'Switch 7 jobs', hidden: true })
    )
    expect(await screen.findByText('Remove provider “Box” (busy)?')).toBeTruthy()
    const inboxes = (await node.get('/v2/all_inboxes?show_hidden=true')).body as { agent: { id: string } }[]
    expect(inboxes.map((i) => i.agent.id)).toEqual(Array(7).fill('free'))
    await userEvent.click(screen.getByRole('button', { name: 'Remove', hidden: true }))
    await waitFor(() => expect(screen.queryByTestId('provider-row-busy')).toBeNull())
  })
  it('a removal the node refuses after all (the first question failed) is told in the same dialog, not as a passing notice', async () => {
    await addProvider(node, 'busy', { external_url: `${fake.url}/v1` })
    await createJob(node, 'busy')
    let failFirst = true
    const transport = objectBridgeTransport({
      request: (req) => {
        if (req.path === '/v2/provider_usage' && failFirst) {
          failFirst = false
          return Promise.resolve({
            status: 500,
            body: { code: 500, error: 'Internal Server Error', message: 'The node could not answer.' }
          })
        }
        return node.router.handle(req)
      },
      onEvent: () => () => {}
    })
    renderWithApp(<ProvidersPage />, transport)
    await userEvent.click(await screen.findByRole('button', { name: 'Remove busy' }))
    // Not known: the confirmation states the rule.
    expect(await screen.findByText(/A provider that jobs use cannot be removed/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Remove', hidden: true }))
    const inUse = await screen.findByTestId('provider-in-use')
    expect(inUse.textContent).toContain('It is used by 1 job, and cannot be removed while any job uses it.')
    expect(screen.getByTestId('provider-row-busy')).toBeTruthy()
    await userEvent.click(within(inUse).getByRole('button', { name: 'OK', hidden: true }))
  })
  it('Remove asks about the provider by the name the row shows, with its id', async () => {
    await addProvider(node, 'box-llama', { external_url: `${fake.url}/v1`, name: 'Box · llama3.2' })
    await addProvider(node, 'plain', { external_url: `${fake.url}/v1` })
    renderWithApp(<ProvidersPage />, routerTransport(node.router))
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Box · llama3.2' }))
    expect(await screen.findByText('Remove provider “Box · llama3.2” (box-llama)?')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel', hidden: true }))
    await userEvent.click(await screen.findByRole('button', { name: 'Remove plain' }))
    expect(await screen.findByText('Remove provider “plain”?')).toBeTruthy()
  })
  it('Check tells how it went naming the provider as its row does', async () => {
    await addProvider(node, 'box-llama', { external_url: `${fake.url}/v1`, name: 'Box · llama3.2' })
    renderWithApp(<ProvidersPage />, routerTransport(node.router))
    fake.behaviour = { type: 'status', status: 500, body: { error: { message: 'model crashed' } } }
    await userEvent.click(await screen.findByRole('button', { name: 'Check Box · llama3.2' }))
    expect(await screen.findByText('“Box · llama3.2” did not answer', undefined, { timeout: 5000 })).toBeTruthy()
    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    await userEvent.click(await screen.findByRole('button', { name: 'Check Box · llama3.2' }))
    expect(await screen.findByText('“Box · llama3.2” works', undefined, { timeout: 5000 })).toBeTruthy()
  })

  it('a Check the server does not answer can be cancelled: it says so, and Check is free again with the focus', async () => {
    await addProvider(node, 'box-llama', { external_url: `${fake.url}/v1`, name: 'Box · llama3.2' })
    renderWithApp(<ProvidersPage />, routerTransport(node.router))
    fake.behaviour = { type: 'hang' }
    // Notices of the tests before may still be on screen.
    const failures = () => screen.queryAllByText('“Box · llama3.2” did not answer').length
    const failedBefore = failures()
    try {
      const check = await screen.findByRole('button', { name: 'Check Box · llama3.2' })
      await userEvent.click(check)
      const cancel = await screen.findByRole('button', { name: 'Cancel the check of Box · llama3.2' })
      await waitFor(() => expect(document.activeElement).toBe(cancel))
      await userEvent.click(cancel)
      expect(await screen.findByText('The check of “Box · llama3.2” was cancelled')).toBeTruthy()
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel the check of Box · llama3.2' })).toBeNull())
      const again = screen.getByRole('button', { name: 'Check Box · llama3.2' })
      expect((again as HTMLButtonElement).disabled).toBe(false)
      expect(document.activeElement).toBe(again)
      expect(failures()).toBe(failedBefore)
    } finally {
      fake.behaviour = { type: 'reply', chunks: ['OK'] }
    }
  })
})
