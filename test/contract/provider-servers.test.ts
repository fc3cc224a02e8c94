import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LlmProviderSchema, PROVIDER_ID_PATTERN } from '../../src/shared/contract/provider'
import { cutSlug, groupByServer, providerIdFor, providersForModels } from '../../src/shared/provider-servers'
import { NODE, provider } from '../support/fixtures'

describe('providerIdFor', () => {
  it('derives a readable id from the display name and the model', () => {
    expect(providerIdFor('My laptop', 'llama3.2:8b', new Set())).toBe('my-laptop-llama3-2-8b')
    expect(providerIdFor('Café Büro', 'meta-llama/Llama-3.3-70B-Instruct', new Set())).toBe('cafe-buro-meta-llama-llama-3-3-70b-instruct')
    expect(providerIdFor('', 'gpt-4o', new Set())).toBe('gpt-4o')
    expect(providerIdFor('東京', '🚀', new Set())).toBe('provider')
  })

  it('a name over 64 characters is cut after a whole word, not in the middle of one', () => {
    expect(providerIdFor('Together', 'meta-llama/Meta-Llama-3.1-405B-Instruct-Turbo-Preview-2025', new Set())).toBe(
      'together-meta-llama-meta-llama-3-1-405b-instruct-turbo-preview'
    )
    expect(cutSlug('a'.repeat(70))).toBe('a'.repeat(64)) // one word: cut where it must
    expect(cutSlug(`${'a'.repeat(10)}-${'b'.repeat(60)}`)).toBe(`${'a'.repeat(10)}-${'b'.repeat(53)}`) // no word end in the second half
    expect(cutSlug(`${'a'.repeat(64)}-b`)).toBe('a'.repeat(64)) // the cut falls on a word end
  })

  it('never takes an id in use, and stays within 64 characters', () => {
    const taken = new Set(['srv-m', 'srv-m-2'])
    expect(providerIdFor('srv', 'm', taken)).toBe('srv-m-3')
    const long = providerIdFor('n'.repeat(80), 'model', new Set([`${'n'.repeat(64)}`]))
    expect(long).toBe(`${'n'.repeat(62)}-2`)
  })

  it('is always a valid id, unique among those taken (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.uniqueArray(fc.stringMatching(/^[a-z0-9-]{1,12}$/)), (name, model, used) => {
        const id = providerIdFor(name, model, new Set(used))
        expect(id).toMatch(PROVIDER_ID_PATTERN)
        expect(used).not.toContain(id)
      })
    )
  })
})

describe('providersForModels', () => {
  it('one valid provider per model: shared URL and key, distinct ids, names from the server name', () => {
    const ps = providersForModels({
      kind: 'OpenAI',
      externalUrl: 'http://127.0.0.1:1234/v1',
      apiKey: 'sk-1',
      name: 'LM Studio',
      description: 'On the desk',
      models: ['qwen3-8b', 'qwen3:8b', 'gemma-3'],
      nodeName: NODE,
      profileName: 'main',
      taken: new Set(['lm-studio-gemma-3'])
    })
    expect(ps.map((p) => [p.id, p.name, p.model, p.external_url, p.api_key])).toEqual([
      ['lm-studio-qwen3-8b', 'LM Studio · qwen3-8b', { OpenAI: { model_type: 'qwen3-8b' } }, 'http://127.0.0.1:1234/v1', 'sk-1'],
      ['lm-studio-qwen3-8b-2', 'LM Studio · qwen3:8b', { OpenAI: { model_type: 'qwen3:8b' } }, 'http://127.0.0.1:1234/v1', 'sk-1'],
      ['lm-studio-gemma-3-2', 'LM Studio · gemma-3', { OpenAI: { model_type: 'gemma-3' } }, 'http://127.0.0.1:1234/v1', 'sk-1']
    ])
    for (const p of ps) {
      expect(LlmProviderSchema.safeParse(p).success).toBe(true)
      expect(p.full_identity_name.full_name).toBe(`${NODE}/main/agent/${p.id}`)
      expect(p.description).toBe('On the desk')
    }
  })

  it('valid for any name and models (property)', () => {
    // Any model a server could list: one of spaces alone names none, and is refused (model_type).
    const model = fc.string({ minLength: 1 }).filter((m) => m.trim() !== '')
    fc.assert(
      fc.property(fc.string(), fc.uniqueArray(model, { minLength: 1, maxLength: 5 }), (name, models) => {
        const ps = providersForModels({
          kind: 'Ollama',
          externalUrl: null,
          name,
          models,
          nodeName: NODE,
          profileName: 'main',
          taken: new Set()
        })
        expect(new Set(ps.map((p) => p.id)).size).toBe(models.length)
        for (const p of ps) expect(LlmProviderSchema.safeParse(p).success).toBe(true)
      }),
      // Found by this property: no display name and a model named by a space gave a blank name.
      { examples: [['', [' a']]] }
    )
  })
})

describe('groupByServer', () => {
  it('groups by kind and resolved API base, in the order given', () => {
    const a = provider('a', { external_url: 'http://127.0.0.1:1234' })
    const b = provider('b', { model: { Ollama: { model_type: 'x' } } })
    const c = provider('c', { external_url: 'http://127.0.0.1:1234/v1/' })
    const d = provider('d', { model: { Ollama: { model_type: 'y' } }, external_url: 'http://127.0.0.1:11434' })
    const e = provider('e')
    const servers = groupByServer([a, b, c, d, e].map((p) => LlmProviderSchema.parse(p)))
    expect(servers.map((s) => [s.kind, s.baseUrl, s.providers.map((p) => p.id)])).toEqual([
      ['OpenAI', 'http://127.0.0.1:1234/v1', ['a', 'c']],
      ['Ollama', 'http://127.0.0.1:11434', ['b', 'd']],
      ['OpenAI', 'https://api.openai.com/v1', ['e']]
    ])
  })
})
