import { describe, expect, it } from 'vitest'
import { formatIssues, formatPath } from '../../src/shared/contract/field-errors'
import { LlmProviderSchema } from '../../src/shared/contract/provider'
import { provider } from '../support/fixtures'
import { expectSentence } from '../support/sentences'

/**
 * Every error a person can meet in the provider form (the wizard shows the schema's message under
 * the field; the API's 400 carries it after the field path): each reads as one sentence.
 */
const without = (field: string) => {
  const p = provider('p')
  delete p[field]
  return p
}
const FORM_FIELD_ERRORS: [string, string, Record<string, unknown>][] = [
  ['id', 'missing', without('id')],
  ['id', 'empty', provider('')],
  ['id', 'with a space', provider('has space')],
  ['id', 'too long', provider('x'.repeat(65))],
  ['id', 'not text', { ...provider('p'), id: 7 }],
  ['name', 'empty', provider('p', { name: '' })],
  ['name', 'too long', provider('p', { name: 'n'.repeat(101) })],
  ['name', 'not text', provider('p', { name: 5 })],
  ['description', 'too long', provider('p', { description: 'd'.repeat(1001) })],
  ['description', 'not text', provider('p', { description: 3 })],
  ['external_url', 'not a URL', provider('p', { external_url: 'localhost:8080' })],
  ['external_url', 'not http', provider('p', { external_url: 'ftp://example.com' })],
  ['external_url', 'empty', provider('p', { external_url: '' })],
  ['external_url', 'with user info', provider('p', { external_url: 'http://user:pw@127.0.0.1:8080/v1' })],
  ['external_url', 'not text', provider('p', { external_url: 8080 })],
  ['api_key', 'not text', provider('p', { api_key: 5 })],
  ['model.OpenAI.model_type', 'empty', provider('p', { model: { OpenAI: { model_type: '' } } })],
  ['model.OpenAI.model_type', 'spaces only', provider('p', { model: { OpenAI: { model_type: '  \t' } } })],
  ['model.Ollama.model_type', 'missing', provider('p', { model: { Ollama: {} } })]
]

describe('provider form field errors read as sentences', () => {
  it.each(FORM_FIELD_ERRORS)('%s %s', (field, _what, body) => {
    const r = LlmProviderSchema.safeParse(body)
    expect(r.success).toBe(false)
    const issues = r.success ? [] : r.error.issues
    // What the form shows under the field.
    const forField = issues.filter((i) => formatPath(i.path) === field)
    expect(forField.length).toBeGreaterThan(0)
    for (const i of forField) expectSentence(i.message)
    // What the API answers: the field path, then that one sentence (one per field, never two).
    const parts = formatIssues(issues, body).split('; ')
    const mine = parts.filter((p) => p.startsWith(`${field}: `))
    expect(mine).toHaveLength(1)
    for (const p of parts) expectSentence(p.slice(p.indexOf(': ') + 2))
  })

  it('a valid name and description (counted in characters, emoji as one) pass', () => {
    expect(LlmProviderSchema.safeParse(provider('p', { name: '🚀'.repeat(100), description: '' })).success).toBe(true)
    expect(LlmProviderSchema.safeParse(provider('p', { name: 'x', description: 'é'.repeat(1000) })).success).toBe(true)
    // The contract's rule is 1-100 characters: spaces count (the window shows the id beside such a name).
    expect(LlmProviderSchema.safeParse(provider('p', { name: '   ' })).success).toBe(true)
  })
})
