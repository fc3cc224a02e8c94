// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"fetch": {"disableSameOriginPolicy": true}}}
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useAddDraft } from '../../src/renderer/src/features/providers/draft-store'
import { ProviderWizard } from '../../src/renderer/src/features/providers/ProviderWizard'
import { emptyDraft, KIND_CHOICES } from '../../src/renderer/src/features/providers/provider-draft'
import { addProvider, useTestNode, useFakeLlm } from '../support/node'
import { description } from './described-by'
import { renderWithApp, routerTransport } from './render'

const node = useTestNode()
const fake = useFakeLlm(['llama3.2', 'qwen2.5'])
beforeEach(() => {
  useAddDraft.getState().discard()
  localStorage.clear()
  window.location.hash = '#/providers/new'
})
afterEach(cleanup)

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }))
/**
 * Puts `text` in an empty field as a paste does: one change, where typing it drew the whole wizard again at every
 * character (a URL of 30 characters, 30 renders). For addresses, keys, model names and filter words, whose value is
 * what the tests are about; names whose id follows them at each key are still typed.
 */
const fill = async (field: HTMLElement, text: string) => {
  await userEvent.click(field)
  await userEvent.paste(text)
}
const wizard = (mode: Parameters<typeof ProviderWizard>[0]['mode'] = { kind: 'add', firstRun: true }) =>
  renderWithApp(<ProviderWizard mode={mode} />, routerTransport(node.router))

describe('provider wizard', () => {
  it('walks kind, connection, model, identity and review, validating each step, then tests and adds exactly the reviewed body', async () => {
    wizard()
    await screen.findByRole('heading', { name: 'Add an LLM provider' })
    await next()
    expect(await screen.findByText('Choose a kind of provider')).toBeTruthy()

    await userEvent.click(screen.getByRole('radio', { name: 'Ollama' }))
    await next()
    const url = screen.getByLabelText<HTMLInputElement>('API base URL')
    expect(url.value).toBe('http://127.0.0.1:11434') // the kind's default, editable
    await userEvent.clear(url)
    await fill(url, fake.url)
    await next() // Ollama needs no key

    // The model step lists the server's models at once.
    expect(await screen.findByText('2 models listed')).toBeTruthy()
    await next()
    expect(await screen.findByText('Choose at least one model, or type its name')).toBeTruthy()
    await userEvent.click(screen.getByRole('checkbox', { name: 'llama3.2' }))
    await next()

    await userEvent.type(screen.getByLabelText('Display name'), 'Local Llama!')
    expect(screen.getByLabelText<HTMLInputElement>(/^Provider id/).value).toBe('local-llama')
    expect(screen.getByTestId('full-identity-name').textContent).toBe('@@localhost.sep-shinkai/main/agent/local-llama')
    await userEvent.clear(screen.getByLabelText(/^Provider id/))
    await userEvent.type(screen.getByLabelText(/^Provider id/), 'bad id')
    await next()
    expect(await screen.findByText(/Enter an id: letters, digits, _ and -, up to 64 characters/)).toBeTruthy()
    await userEvent.clear(screen.getByLabelText(/^Provider id/))
    await userEvent.type(screen.getByLabelText(/^Provider id/), 'local-llama')
    await userEvent.click(screen.getByRole('switch', { name: /Perform locally/ }))
    await next()

    const expected = {
      allowed_message_senders: [],
      full_identity_name: {
        full_name: '@@localhost.sep-shinkai/main/agent/local-llama',
        node_name: '@@localhost.sep-shinkai',
        profile_name: 'main',
        subidentity_name: 'local-llama',
        subidentity_type: 'Agent'
      },
      id: 'local-llama',
      model: { Ollama: { model_type: 'llama3.2' } },
      perform_locally: true,
      storage_bucket_permissions: [],
      toolkit_permissions: [],
      external_url: fake.url,
      name: 'Local Llama!'
    }
    // A readable summary; the exact request behind a toggle.
    const summary = screen.getByTestId('review-summary')
    expect(summary.textContent).toContain('Ollama')
    expect(summary.textContent).toContain('Local Llama!')
    await userEvent.click(screen.getByRole('button', { name: 'Show the exact request (JSON)' }))
    expect(JSON.parse(screen.getByTestId('review-json').textContent)).toEqual({ providers: [expected] })
    await userEvent.click(screen.getByRole('button', { name: 'Test & add provider' }))
    await waitFor(() => expect(window.location.hash).toBe('#/jobs/new'))
    expect(fake.requests.map((r) => r.path)).toEqual(['/api/tags', '/api/chat']) // listed, then one test call
    // "Test & add" passed: the test of exactly these settings is the new provider's first check.
    expect((await node.get('/v2/available_llm_providers')).body).toEqual([
      { ...expected, has_api_key: false, last_check: { ok: true, message: expect.stringContaining('answered'), at: expect.any(String) } }
    ])
    expect(useAddDraft.getState().draft).toBeNull() // done: the draft is cleared
  })

  it('keeps the draft when the page is left and opened again, but never stores the key', async () => {
    const first = wizard()
    await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI' }))
    await next()
    await fill(screen.getByLabelText(/^API key/), 'sk-draft-secret')
    first.unmount()
    expect(localStorage.getItem('nodedesk.providerDraft')).not.toContain('sk-draft-secret')
    wizard()
    expect((await screen.findByLabelText<HTMLInputElement>('API base URL')).value).toBe('https://api.openai.com/v1')
  })

  it('a hosted kind needs a key before leaving the connection step', async () => {
    wizard()
    await userEvent.click(await screen.findByRole('radio', { name: 'Anthropic Claude' }))
    await next()
    await next()
    expect(await screen.findByText('Anthropic Claude needs an API key')).toBeTruthy()
  })

  it('an OpenAI-compatible server without its URL yet asks for the URL, not for a key the field calls optional; pointed at OpenAI itself, the key is required and said so', async () => {
    wizard()
    await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
    await next()
    await next()
    expect(await screen.findByText('The server URL is required, e.g. http://127.0.0.1:8080/v1')).toBeTruthy()
    expect(screen.queryByText(/needs an API key/)).toBeNull()
    expect(screen.getByText('Optional for this kind.')).toBeTruthy()

    await fill(screen.getByLabelText(/^API base URL/), 'https://api.openai.com/v1')
    await next()
    expect(await screen.findByText('OpenAI-compatible server needs an API key')).toBeTruthy()
    expect(screen.queryByText('Optional for this kind.')).toBeNull()
  })

  it('edit: the key reads "unchanged" unless typed; "Remove key" sends api_key null', async () => {
    await addProvider(node, 'gpt', { api_key: 'sk-old', external_url: fake.url, model: { OpenAI: { model_type: 'gpt-e2e' } } })
    wizard({ kind: 'edit', providerId: 'gpt' })
    await screen.findByRole('heading', { name: 'Edit provider “gpt”' })
    await next()
    expect(screen.getByLabelText<HTMLInputElement>(/^API key/).placeholder).toBe('unchanged')
    await userEvent.click(screen.getByRole('button', { name: 'Remove key' }))
    await next()
    await next()
    await next()
    expect(screen.getByTestId('review-summary').textContent).toContain('The stored key will be removed')
    await userEvent.click(screen.getByRole('button', { name: 'Show the exact request (JSON)' }))
    expect((JSON.parse(screen.getByTestId('review-json').textContent) as { api_key: unknown }).api_key).toBeNull()
    // A server of its own (not api.openai.com) needs no key: tested without credentials, then saved keyless.
    await userEvent.click(screen.getByRole('button', { name: 'Test & save' }))
    await waitFor(() => expect(window.location.hash).toBe('#/providers'))
    expect(fake.requests.at(-1)!.headers.authorization).toBeUndefined()
    expect(((await node.get('/v2/available_llm_providers')).body as { has_api_key: boolean }[])[0]!.has_api_key).toBe(false)
  })
})

describe('provider wizard: editing reaches any step at once', () => {
  it('a rename is one step tab, the name, and Test & save: no walk through every step', async () => {
    await addProvider(node, 'gpt', { external_url: fake.url, name: 'Old name', model: { OpenAI: { model_type: 'gpt-e2e' } } })
    wizard({ kind: 'edit', providerId: 'gpt' })
    await screen.findByRole('heading', { name: 'Edit provider “Old name” (gpt)' })
    const identity = screen.getByRole('tab', { name: /Identity/ })
    await userEvent.click(identity)
    const name = await screen.findByLabelText<HTMLInputElement>('Display name')
    await userEvent.clear(name)
    await userEvent.type(name, 'New name')
    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    await userEvent.click(screen.getByRole('button', { name: 'Test & save' }))
    await waitFor(() => expect(window.location.hash).toBe('#/providers'))
    expect(((await node.get('/v2/available_llm_providers')).body as { name: string }[])[0]!.name).toBe('New name')
  })

  it('a jump ahead past a step with a problem stops on that step, naming it, and saves nothing', async () => {
    await addProvider(node, 'claude', { api_key: 'sk-old', model: { Claude: { model_type: 'claude-x' } } })
    wizard({ kind: 'edit', providerId: 'claude' })
    await screen.findByRole('heading', { name: 'Edit provider “claude”' })
    await userEvent.click(screen.getByRole('tab', { name: /Connection/ }))
    await userEvent.click(await screen.findByRole('button', { name: 'Remove key' }))
    await userEvent.click(screen.getByRole('tab', { name: /Identity/ }))
    expect(await screen.findByText('Anthropic Claude needs an API key')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Test & save' }))
    expect(screen.getByText('Anthropic Claude needs an API key')).toBeTruthy()
    expect(screen.queryByTestId('review-summary')).toBeNull()
    expect(((await node.get('/v2/available_llm_providers')).body as { has_api_key: boolean }[])[0]!.has_api_key).toBe(true)
  })
})

describe('provider wizard: editing a provider with a display name', () => {
  it('is titled by its display name and its id, as the Providers page and Remove name it, not by its id alone', async () => {
    await addProvider(node, 'b', { name: 'Local', external_url: fake.url, model: { OpenAI: { model_type: 'gpt-e2e' } } })
    wizard({ kind: 'edit', providerId: 'b' })
    expect(await screen.findByRole('heading', { name: 'Edit provider “Local” (b)' })).toBeTruthy()
  })
})

describe('provider wizard against a hosted kind', () => {
  it('editing a hosted provider and removing its key is refused on the key field, and nothing is saved', async () => {
    await addProvider(node, 'claude', { api_key: 'sk-old', model: { Claude: { model_type: 'claude-x' } } })
    wizard({ kind: 'edit', providerId: 'claude' })
    await screen.findByRole('heading', { name: 'Edit provider “claude”' })
    await next()
    await userEvent.click(screen.getByRole('button', { name: 'Remove key' }))
    await next()
    expect(await screen.findByText('Anthropic Claude needs an API key')).toBeTruthy()
    expect(((await node.get('/v2/available_llm_providers')).body as { has_api_key: boolean }[])[0]!.has_api_key).toBe(true)
  })
})

describe('many models from one server', () => {
  const toModelStep = async () => {
    await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
    await next()
    await fill(screen.getByLabelText(/^API base URL/), `${fake.url}/v1`)
    await fill(screen.getByLabelText(/^API key/), 'sk-shared')
    await next()
    await screen.findByText('2 models listed')
  }

  it('ticks listed models and types one more; "Add" makes one provider per model in one all-or-nothing call', async () => {
    wizard()
    await toModelStep()
    await userEvent.click(screen.getByRole('checkbox', { name: 'llama3.2' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'qwen2.5' }))
    await userEvent.type(screen.getByLabelText(/^Another model/), 'phi4{Enter}') // Enter adds it, it does not leave the step
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'phi4' }).checked).toBe(true)
    // The Enter that confirms an input method's composition adds nothing (the name is still being typed).
    const another = screen.getByLabelText(/^Another model/)
    fireEvent.change(another, { target: { value: 'qwen-ちゅう' } })
    fireEvent.keyDown(another, { key: 'Enter', isComposing: true })
    expect(screen.queryByRole('checkbox', { name: 'qwen-ちゅう' })).toBeNull()
    fireEvent.change(another, { target: { value: '' } })
    await next()
    await userEvent.type(screen.getByLabelText('Display name'), 'Box')
    await userEvent.type(screen.getByLabelText('Description'), 'The GPU box')
    expect(screen.getByTestId('provider-ids').textContent).toBe('llama3.2box-llama3-2qwen2.5box-qwen2-5phi4box-phi4')
    await next()
    expect(screen.getByTestId('review-summary').textContent).toContain('Models (3)llama3.2, qwen2.5, phi4')
    expect(screen.getByTestId('review-summary').textContent).toContain('Set: stored encrypted')

    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    await userEvent.click(screen.getByRole('button', { name: 'Test & add 3 providers' }))
    await waitFor(() => expect(window.location.hash).toBe('#/jobs/new'))
    expect(fake.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => r.body!.model)).toEqual(
      expect.arrayContaining(['llama3.2', 'qwen2.5', 'phi4'])
    )
    const stored = (await node.get('/v2/available_llm_providers')).body as Record<string, unknown>[]
    expect(stored.map((p) => [p.id, p.name, p.description, p.external_url, p.has_api_key, (p.last_check as { ok: boolean }).ok])).toEqual([
      ['box-llama3-2', 'Box · llama3.2', 'The GPU box', `${fake.url}/v1`, true, true],
      ['box-qwen2-5', 'Box · qwen2.5', 'The GPU box', `${fake.url}/v1`, true, true],
      ['box-phi4', 'Box · phi4', 'The GPU box', `${fake.url}/v1`, true, true]
    ])
  })

  it('an id taken meanwhile: nothing is added and the server says why on the identity step', async () => {
    wizard()
    await toModelStep()
    await userEvent.click(screen.getByRole('checkbox', { name: 'llama3.2' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'qwen2.5' }))
    await next()
    await userEvent.type(screen.getByLabelText('Display name'), 'Box')
    await next()
    await addProvider(node, 'box-qwen2-5') // another window, after this one listed the ids in use
    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    await userEvent.click(screen.getByRole('button', { name: 'Test & add 2 providers' }))
    expect(
      await screen.findByText("An LLM provider with id 'box-qwen2-5' already exists, so none of the 2 was added. Choose another id.")
    ).toBeTruthy()
    expect(screen.getByLabelText('Display name')).toBeTruthy() // back on the identity step
    expect(((await node.get('/v2/available_llm_providers')).body as { id: string }[]).map((p) => p.id)).toEqual(['box-qwen2-5'])
  })

  it('a failed listing still lets the model be typed', async () => {
    wizard()
    await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
    await next()
    await fill(screen.getByLabelText(/^API base URL/), 'http://127.0.0.1:9/v1')
    await next()
    expect(await screen.findByText('The models could not be listed')).toBeTruthy()
    await fill(screen.getByLabelText(/^Another model/), 'my-model')
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    await next()
    // No display name yet: the id is proposed from the model.
    expect(screen.getByLabelText<HTMLInputElement>(/^Provider id/).value).toBe('my-model')
    expect(screen.getByLabelText('Display name')).toBeTruthy()
  })

  it('an empty display name proposes the id from the model, by the node’s id rules; an id typed by hand is kept', async () => {
    wizard()
    await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
    await next()
    await fill(screen.getByLabelText(/^API base URL/), 'http://127.0.0.1:9/v1')
    await next()
    await screen.findByText('The models could not be listed')
    await fill(screen.getByLabelText(/^Another model/), 'Llama 3.2:8b-instruct')
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    await next()
    const id = screen.getByLabelText<HTMLInputElement>(/^Provider id/)
    expect(id.value).toBe('llama-3-2-8b-instruct')
    // A display name, then none again: the id follows.
    await userEvent.type(screen.getByLabelText('Display name'), 'Office box')
    expect(id.value).toBe('office-box')
    await userEvent.clear(screen.getByLabelText('Display name'))
    expect(id.value).toBe('llama-3-2-8b-instruct')
    // Typed by hand: neither the name nor the model changes it any more.
    await userEvent.clear(id)
    await userEvent.type(id, 'my-llama')
    await userEvent.type(screen.getByLabelText('Display name'), 'Box')
    expect(id.value).toBe('my-llama')
  })
})

describe('wizard flow', () => {
  const saveDraft = (draft: Record<string, unknown>, keyTyped: boolean) =>
    localStorage.setItem(
      'nodedesk.providerDraft',
      JSON.stringify({ state: { draft: { ...emptyDraft('@@localhost.sep-shinkai'), ...draft }, keyTyped }, version: 0 })
    )

  it('a reload on a later step goes back to the key, saying it must be typed again; Next then goes on', async () => {
    saveDraft({ step: 3, choice: 'OpenAI', externalUrl: fake.url, models: ['gpt-x'] }, true)
    await useAddDraft.persist.rehydrate()
    wizard()
    expect(
      await screen.findByText(
        'The API key is never kept when the window reloads or closes, so type it again to continue where you left off.'
      )
    ).toBeTruthy()
    const url = screen.getByLabelText('API base URL')
    await waitFor(() => expect(document.activeElement).toBe(url)) // the step's first field
    await fill(screen.getByLabelText(/^API key/), 'sk-again')
    await next()
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: 'gpt-x' })).checked).toBe(true) // the chosen model kept
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-again') // listed with the key typed again
  })

  it('a reload goes back to the first step that lacks something (no model chosen)', async () => {
    saveDraft({ step: 4, choice: 'compatible', externalUrl: `${fake.url}/v1`, models: [], displayName: 'Box', id: 'box' }, false)
    await useAddDraft.persist.rehydrate()
    wizard()
    expect(await screen.findByLabelText(/^Another model/)).toBeTruthy()
    expect(screen.queryByText(/type it again/)).toBeNull()
    expect(screen.getByTestId('resumed-draft').textContent).toContain('continuing the provider you started earlier')
  })

  it('Next on a step with a problem moves the focus to the field that has it, each time, not leaving it on Next', async () => {
    saveDraft({ step: 3, choice: 'compatible', externalUrl: `${fake.url}/v1`, models: ['gpt-x'] }, false)
    await useAddDraft.persist.rehydrate()
    wizard()
    const name = await screen.findByLabelText('Display name')
    await waitFor(() => expect(document.activeElement).toBe(name)) // the step's first field
    const nextButton = screen.getByRole('button', { name: 'Next' })
    nextButton.focus()
    await userEvent.keyboard('{Enter}') // no id: the id field is marked
    const id = screen.getByLabelText<HTMLInputElement>(/^Provider id/)
    await waitFor(() => expect(id.getAttribute('aria-invalid')).toBe('true'))
    await waitFor(() => expect(document.activeElement).toBe(id))
    // Again, with the message already shown: the focus still goes there.
    nextButton.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(document.activeElement).toBe(id))
    // Typing elsewhere afterwards keeps the focus where it is.
    await userEvent.click(screen.getByLabelText('Description'))
    await userEvent.keyboard('for tests')
    expect(document.activeElement).toBe(screen.getByLabelText('Description'))
  })

  it('Next with no model ticked moves the focus to the first model, marked invalid and described by the error, not leaving it on Next', async () => {
    saveDraft({ step: 2, choice: 'compatible', externalUrl: `${fake.url}/v1`, models: [] }, false)
    await useAddDraft.persist.rehydrate()
    wizard()
    expect(await screen.findByText('2 models listed')).toBeTruthy()
    const nextButton = screen.getByRole('button', { name: 'Next' })
    nextButton.focus()
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText('Choose at least one model, or type its name')).toBeTruthy()
    const first = screen.getByRole('checkbox', { name: 'llama3.2' })
    await waitFor(() => expect(document.activeElement).toBe(first))
    expect(first.getAttribute('aria-invalid')).toBe('true')
    expect(description(first)).toContain('Choose at least one model, or type its name')
    // Again, with the message already shown: the focus still goes there.
    nextButton.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(document.activeElement).toBe(first))
    // Ticked, the boxes are no longer marked.
    await userEvent.keyboard(' ')
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'qwen2.5' }).getAttribute('aria-invalid')).toBeNull())
    expect(first.getAttribute('aria-describedby')).toBeNull()
  })

  it('Next with no model typed, the list empty (the server not reached), moves the focus to the typed-model field, described by the error', async () => {
    saveDraft({ step: 2, choice: 'compatible', externalUrl: 'http://127.0.0.1:9/v1', models: [] }, false)
    await useAddDraft.persist.rehydrate()
    wizard()
    expect(await screen.findByText('The models could not be listed')).toBeTruthy()
    const nextButton = screen.getByRole('button', { name: 'Next' })
    nextButton.focus()
    await userEvent.keyboard('{Enter}')
    const typed = screen.getByLabelText(/^Another model/)
    await waitFor(() => expect(document.activeElement).toBe(typed))
    expect(typed.getAttribute('aria-invalid')).toBe('true')
    expect(description(typed)).toContain('Choose at least one model, or type its name')
  })

  it("Enter on a kind card chooses it and advances; focus lands on the next step's first field", async () => {
    wizard()
    const ollama = await screen.findByRole('radio', { name: 'Ollama' })
    ollama.focus()
    await userEvent.keyboard('{Enter}')
    const url = await screen.findByLabelText('API base URL')
    expect((url as HTMLInputElement).value).toBe('http://127.0.0.1:11434')
    await waitFor(() => expect(document.activeElement).toBe(url))
  })

  it('the kinds are one Tab stop (the chosen one, else the first); the arrow keys move the choice', async () => {
    wizard()
    const group = await screen.findByRole('radiogroup', { name: /Which kind of provider/ })
    const stops = () => screen.getAllByRole('radio').filter((r) => r.tabIndex >= 0)
    expect(group.contains(stops()[0]!)).toBe(true)
    expect(stops().map((r) => r.getAttribute('aria-label'))).toEqual(['OpenAI'])
    stops()[0]!.focus()
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Ollama' }).getAttribute('aria-checked')).toBe('true'))
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Ollama')
    expect(stops().map((r) => r.getAttribute('aria-label'))).toEqual(['Ollama'])
    // Tab leaves the kinds for Next at once.
    await userEvent.tab()
    expect(document.activeElement?.textContent).toBe('Next')
  })

  it('Home and End go to the first and the last kind and choose it, as the arrow keys do (WAI-ARIA radio group)', async () => {
    wizard()
    await screen.findByRole('radiogroup', { name: /Which kind of provider/ })
    const cards = screen.getAllByRole('radio')
    const [first, last] = [cards[0]!, cards.at(-1)!]
    const chosen = () => cards.filter((r) => r.getAttribute('aria-checked') === 'true').map((r) => r.getAttribute('aria-label'))
    const stops = () => screen.getAllByRole('radio').filter((r) => r.tabIndex >= 0)
    first.focus()
    await userEvent.keyboard('{ArrowRight}')
    await userEvent.keyboard('{End}')
    await waitFor(() => expect(chosen()).toEqual([last.getAttribute('aria-label')]))
    expect(document.activeElement).toBe(last)
    expect(stops()).toEqual([last])
    expect(useAddDraft.getState().draft?.choice).toBe(KIND_CHOICES.at(-1))
    await userEvent.keyboard('{Home}')
    await waitFor(() => expect(chosen()).toEqual([first.getAttribute('aria-label')]))
    expect(document.activeElement).toBe(first)
    expect(stops()).toEqual([first])
    expect(useAddDraft.getState().draft?.choice).toBe(KIND_CHOICES[0])
  })

  it('"Start over" asks first; "Keep editing" keeps the draft where it was', async () => {
    wizard()
    await userEvent.click(await screen.findByRole('radio', { name: 'Ollama' }))
    await next()
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }))
    const dialog = await screen.findByRole('dialog', { name: 'Start over?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(useAddDraft.getState().draft).toMatchObject({ step: 1, choice: 'Ollama' })
  })

  it('"Start over", confirmed, discards the draft and begins again on the first step', async () => {
    wizard()
    await userEvent.click(await screen.findByRole('radio', { name: 'Ollama' }))
    await next()
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }))
    const dialog = await screen.findByRole('dialog', { name: 'Start over?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start over' }))
    expect(await screen.findByRole('radio', { name: 'Ollama' })).toBeTruthy()
    expect(useAddDraft.getState().draft).toMatchObject({ step: 0, choice: null })
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Start over' })).toBeNull())
  })

  /*
   * Started over after Next had shown a step's error (here the address left empty): the first step came back
   * saying "Choose a kind of provider", its first choice marked invalid and read out so, before anything was done.
   */
  it('"Start over" after an error was shown begins again without an error', async () => {
    wizard()
    await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
    await next()
    await userEvent.clear(screen.getByLabelText(/^API base URL/))
    await next()
    expect(screen.getByLabelText(/^API base URL/).getAttribute('aria-invalid')).toBe('true')
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }))
    const dialog = await screen.findByRole('dialog', { name: 'Start over?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start over' }))
    const first = await screen.findByRole('radio', { name: /^OpenAI$/ })
    await waitFor(() => expect(document.activeElement).toBe(first))
    expect(screen.queryByText('Choose a kind of provider')).toBeNull()
    expect(screen.getAllByRole('radio').filter((r) => r.getAttribute('aria-invalid') === 'true')).toEqual([])
  })

  it('edit: the last check is shown and "Check" tries the saved settings', async () => {
    await addProvider(node, 'gpt', { external_url: fake.url, name: 'Laptop GPT', model: { OpenAI: { model_type: 'gpt-e2e' } } })
    wizard({ kind: 'edit', providerId: 'gpt' })
    expect((await screen.findByTestId('last-check')).dataset.state).toBe('never')
    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    // Named by its display name, as its row on the Providers page names it (it was "Check gpt" here, "Check Laptop GPT" there).
    await userEvent.click(screen.getByRole('button', { name: 'Check Laptop GPT' }))
    await waitFor(() => expect(screen.getByTestId('last-check').dataset.state).toBe('ok'))
    await next()
    await next()
    await next()
    expect(screen.getByLabelText<HTMLInputElement>('Display name').value).toBe('Laptop GPT')
  })

  it('edit: "Check" of a provider with no display name is named by its id, as the title names it', async () => {
    await addProvider(node, 'plain', { external_url: fake.url, model: { OpenAI: { model_type: 'gpt-e2e' } } })
    wizard({ kind: 'edit', providerId: 'plain' })
    await screen.findByRole('heading', { name: 'Edit provider “plain”' })
    expect(screen.getByRole('button', { name: 'Check plain' })).toBeTruthy()
  })
})

describe('a provider reopens in the edit form as the kind it was saved as', () => {
  /** Adds one provider through the form: `kind` chosen, `url` typed, model and display name given. */
  const addThroughForm = async (kind: string, id: string) => {
    const form = wizard({ kind: 'add' })
    await userEvent.click(await screen.findByRole('radio', { name: kind }))
    await next()
    const url = screen.getByLabelText<HTMLInputElement>(/^API base URL/)
    await userEvent.clear(url)
    await fill(url, fake.url)
    await fill(screen.getByLabelText(/^API key/), 'sk-proxy')
    await next()
    await userEvent.click(await screen.findByRole('checkbox', { name: 'llama3.2' }))
    await next()
    await userEvent.type(screen.getByLabelText('Display name'), id)
    await next()
    fake.behaviour = { type: 'reply', chunks: ['OK'] }
    await userEvent.click(screen.getByRole('button', { name: 'Test & add provider' }))
    await waitFor(() => expect(window.location.hash).toBe('#/providers'))
    form.unmount()
  }
  const checkedKind = async (providerId: string) => {
    const form = wizard({ kind: 'edit', providerId })
    await screen.findByRole('heading', { name: `Edit provider “${providerId}”` })
    const kind = screen
      .getAllByRole('radio')
      .find((r) => r.getAttribute('aria-checked') === 'true')
      ?.getAttribute('aria-label')
    form.unmount()
    return kind
  }

  it('OpenAI at another address (a proxy) reopens as OpenAI; an OpenAI-compatible server as that', async () => {
    await addThroughForm('OpenAI', 'proxied')
    await addThroughForm('OpenAI-compatible server', 'local')
    const stored = (await node.get('/v2/available_llm_providers')).body as { id: string; model: unknown; external_url: string }[]
    // The node stores both the same way (the contract's rule): the form tells them apart.
    expect(stored.map((p) => [p.id, p.model, p.external_url]).sort()).toEqual([
      ['local', { OpenAI: { model_type: 'llama3.2' } }, fake.url],
      ['proxied', { OpenAI: { model_type: 'llama3.2' } }, fake.url]
    ])
    expect(await checkedKind('proxied')).toBe('OpenAI')
    expect(await checkedKind('local')).toBe('OpenAI-compatible server')
  })

  it('edit opens with the focus on its step tab, the chosen kind the Tab stop of the kinds, so Enter there goes on with it (it chose OpenAI, the first card)', async () => {
    await addProvider(node, 'compat', { external_url: fake.url, model: { OpenAI: { model_type: 'llama3.2' } } })
    wizard({ kind: 'edit', providerId: 'compat' })
    await screen.findByRole('heading', { name: 'Edit provider “compat”' })
    // Not on the chosen kind, the last card of a tall grid: focused, it scrolled the title and the tabs away.
    const kindTab = screen.getByRole('tab', { name: /Kind/ })
    await waitFor(() => expect(document.activeElement).toBe(kindTab))
    const chosen = screen.getByRole('radio', { name: 'OpenAI-compatible server' })
    expect(screen.getAllByRole('radio').filter((r) => r.tabIndex >= 0)).toEqual([chosen])
    chosen.focus()
    await userEvent.keyboard('{Enter}')
    await screen.findByLabelText(/^API base URL/)
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'OpenAI-compatible server' })))
    expect(screen.getByRole('radio', { name: 'OpenAI-compatible server' }).getAttribute('aria-checked')).toBe('true')
    // A step chosen from its tab keeps the focus on that tab, the step shown below it.
    const identityTab = screen.getByRole('tab', { name: /Identity/ })
    await userEvent.click(identityTab)
    await screen.findByLabelText('Display name')
    await waitFor(() => expect(document.activeElement).toBe(identityTab))
  })

  it('one added elsewhere (no choice remembered) reads by its address', async () => {
    await addProvider(node, 'elsewhere', { external_url: fake.url, model: { OpenAI: { model_type: 'gpt-e2e' } } })
    await addProvider(node, 'hosted', { api_key: 'sk-x', model: { OpenAI: { model_type: 'gpt-e2e' } } })
    expect(await checkedKind('elsewhere')).toBe('OpenAI-compatible server')
    expect(await checkedKind('hosted')).toBe('OpenAI')
  })
})

describe('a server that lists many models', () => {
  const MANY = Array.from({ length: 120 }, (_, i) =>
    i % 3 === 0 ? `gpt-4o-mini-${i}` : i % 3 === 1 ? `llama-3.1-${i}b` : `qwen2.5-coder-${i}`
  )
  const big = useFakeLlm(MANY)

  it('filters the listed models by the words typed; ticked ones stay listed; Enter in the filter does not leave the step', async () => {
    wizard()
    await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
    await next()
    await fill(screen.getByLabelText(/^API base URL/), `${big.url}/v1`)
    await next()
    await screen.findByText('120 models listed')
    expect(screen.getAllByRole('checkbox')).toHaveLength(120)
    const filter = screen.getByRole('textbox', { name: 'Filter the models' })
    await fill(filter, 'LLAMA 100')
    await userEvent.keyboard('{Enter}')
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['llama-3.1-100b'])
    await userEvent.click(screen.getByRole('checkbox', { name: 'llama-3.1-100b' }))
    await userEvent.clear(filter)
    await fill(filter, 'coder-11')
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual([
      'llama-3.1-100b', // ticked: still listed
      'qwen2.5-coder-11',
      'qwen2.5-coder-110',
      'qwen2.5-coder-113',
      'qwen2.5-coder-116',
      'qwen2.5-coder-119'
    ])
    await userEvent.click(screen.getByRole('checkbox', { name: 'qwen2.5-coder-110' }))
    await userEvent.clear(filter)
    await fill(filter, 'mistral')
    expect(screen.getByText(/No other listed model matches “mistral”/)).toBeTruthy()
    expect(useAddDraft.getState().draft?.models).toEqual(['llama-3.1-100b', 'qwen2.5-coder-110'])
    expect(screen.getByRole('textbox', { name: 'Filter the models' })).toBeTruthy() // still on the model step
  })

  /*
   * A filter that hides every model, none ticked, then Next: "Choose at least one model" showed with the focus
   * left on Next, no box being there to take it. The filter takes it, marked invalid, saying it hides them all.
   */
  it('Next with a filter hiding every model: the focus is on the filter, which says so and how to clear it', async () => {
    wizard()
    await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
    await next()
    await fill(screen.getByLabelText(/^API base URL/), `${big.url}/v1`)
    await next()
    await screen.findByText('120 models listed')
    const filter = screen.getByRole('textbox', { name: 'Filter the models' })
    await fill(filter, 'mistral')
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0)
    await next()
    await waitFor(() => expect(document.activeElement).toBe(filter))
    expect(filter.getAttribute('aria-invalid')).toBe('true')
    expect(description(filter)).toMatch(/the filter “mistral” hides all 120 listed models\. Clear it \(Escape\)/)
    await userEvent.keyboard('{Escape}')
    expect((filter as HTMLInputElement).value).toBe('')
    expect(screen.getAllByRole('checkbox')).toHaveLength(120)
  })

  it('a short list has no filter', async () => {
    wizard()
    await userEvent.click(await screen.findByRole('radio', { name: 'OpenAI-compatible server' }))
    await next()
    await fill(screen.getByLabelText(/^API base URL/), `${fake.url}/v1`)
    await next()
    await screen.findByText('2 models listed')
    expect(screen.queryByRole('textbox', { name: 'Filter the models' })).toBeNull()
  })
})
