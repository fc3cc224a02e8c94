import { describe, expect, it } from 'vitest'
import { shownProviders } from '../../src/renderer/src/features/providers/shown-providers'
import type { ProviderListEntry } from '../../src/shared/contract/provider'

const provider = (id: string, model: string, url = 'http://127.0.0.1:11434/v1') =>
  ({ id, model: { OpenAI: { model_type: model } }, external_url: url }) as unknown as ProviderListEntry

describe('the providers page’s server headings', () => {
  it('count the models the server’s providers use: two providers of one model (a key each) are "1 model", not 2', () => {
    const [server] = shownProviders([provider('a', 'gpt-5.2'), provider('b', 'gpt-5.2'), provider('c', 'qwen2.5')], '', 50).servers
    expect(server!.providers.map((p) => p.id)).toEqual(['a', 'b', 'c'])
    expect(server!.models).toBe(2)
    expect(shownProviders([provider('a', 'gpt-5.2'), provider('b', 'gpt-5.2')], '', 50).servers[0]!.models).toBe(1)
  })

  it('count every model of the server while a search or the page limit shows fewer of its providers', () => {
    const all = [provider('a', 'gpt-5.2'), provider('b', 'qwen2.5'), provider('c', 'llama3.2')]
    expect(shownProviders(all, 'qwen', 50).servers[0]!.models).toBe(3)
    expect(shownProviders(all, '', 1).servers[0]!.models).toBe(3)
  })
})
