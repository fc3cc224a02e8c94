import type { z } from 'zod'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatFieldErrors, formatIssues, formatPath, omittedErrors, parseFieldErrors } from '../../src/shared/contract/field-errors'
import { CreateJobRequestSchema } from '../../src/shared/contract/job'
import { LlmProviderSchema } from '../../src/shared/contract/provider'
import { ModelSchema } from '../../src/shared/contract/identity'
import { provider } from '../support/fixtures'

const message = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value)
  if (r.success) throw new Error('expected a failure')
  return formatIssues(r.error.issues, value)
}

describe('400 messages name the field by its path', () => {
  it('formats paths with dots and indices', () => {
    expect(formatPath(['job_creation_info', 'scope', 'vector_fs_items', 2, 'path', 'path_ids'])).toBe(
      'job_creation_info.scope.vector_fs_items[2].path.path_ids'
    )
    expect(formatPath([])).toBe('')
  })

  it('says "required", "unknown field", or what was expected', () => {
    const { id: _id, ...noId } = provider('x')
    expect(message(LlmProviderSchema, noId)).toBe('id: Enter an id: letters, digits, _ and -, up to 64 characters.')
    const { perform_locally: _p, ...noLocal } = provider('x')
    expect(message(LlmProviderSchema, noLocal)).toBe('perform_locally: required')
    expect(message(LlmProviderSchema, { ...provider('x'), extra: 1 })).toBe('extra: unknown field')
    expect(message(LlmProviderSchema, { ...provider('x'), perform_locally: 1 })).toBe('perform_locally: expected boolean, got number')
    expect(message(LlmProviderSchema, null)).toBe('body: expected object, got null')
  })

  it('Model: exactly one known kind with a non-empty model_type', () => {
    expect(message(ModelSchema, {})).toBe('expected exactly one provider kind key'.replace(/^/, 'body: '))
    expect(message(ModelSchema, { Foo: { model_type: 'x' } })).toMatch(/^body: unknown provider kind 'Foo'; expected one of OpenAI, Ollama/)
    expect(ModelSchema.safeParse({ Ollama: { model_type: 'llama3' } }).success).toBe(true)
  })

  it('scope arrays of strings say so', () => {
    const body = {
      llm_provider: 'p',
      job_creation_info: {
        scope: {
          local_vrkai: [],
          local_vrpack: [],
          network_folders: [],
          vector_fs_folders: [{ name: 'a', path: { path_ids: 'x' } }],
          vector_fs_items: []
        }
      }
    }
    expect(message(CreateJobRequestSchema, body)).toBe(
      'job_creation_info.scope.vector_fs_folders[0].path.path_ids: expected array of strings'
    )
  })
})

describe('the window reads back exactly what the node wrote', () => {
  const segment = fc.oneof(
    fc.nat({ max: 10_000 }),
    fc.constantFrom(
      'id',
      'model',
      'body',
      'job_creation_info',
      'path_ids',
      'x.y',
      'a b',
      'key: value',
      'semi; colon',
      'quote"d',
      'back\\slash',
      ''
    ),
    fc.string()
  )
  // Texts may hold '; ' as long as what follows is not a path and ': ' (sentences, not field names).
  const text = fc.oneof(
    fc.constantFrom('required', 'unknown field', "LLM provider 'x' is used by 2 jobs; switch them to another provider first", ''),
    fc.string().map((s) => s.replaceAll(';', ','))
  )
  const fieldError = fc.record({ path: fc.array(segment, { maxLength: 5 }), text })

  it('parseFieldErrors(formatFieldErrors(errors)) gives the errors back: paths with indices, dots, spaces and quotes in keys', () => {
    fc.assert(
      fc.property(fc.array(fieldError, { minLength: 1, maxLength: 6 }), fc.nat({ max: 9 }), (errors, more) => {
        const message = formatFieldErrors(errors, more)
        // A sentence's full stop before the separator is left out; the rest reads back as written.
        const read = errors.map((e, i) => (i < errors.length - 1 ? { ...e, text: e.text.replace(/(?<!\.)\.$/, '') } : e))
        expect(parseFieldErrors(message)).toEqual(read)
        expect(omittedErrors(message)).toBe(more)
      }),
      { numRuns: 500 }
    )
  })

  it('writes plain keys bare and quotes the others, so every path reads back to its segments', () => {
    expect(formatPath(['scope', 'vector_fs_items', 2, 'path'])).toBe('scope.vector_fs_items[2].path')
    expect(formatPath(['headers', 'x.y', 0])).toBe('headers["x.y"][0]')
    expect(formatPath(['body'])).toBe('["body"]')
    expect(formatFieldErrors([{ path: [], text: 'expected object, got null' }])).toBe('body: expected object, got null')
    expect(parseFieldErrors('body: malformed JSON')).toEqual([{ path: [], text: 'malformed JSON' }])
    expect(parseFieldErrors('The node did not answer')).toEqual([{ path: [], text: 'The node did not answer' }])
  })

  it('a sentence followed by another field keeps no full stop before the separator (not ".; ")', () => {
    const m = message(LlmProviderSchema, { ...provider('x'), id: 'no spaces allowed', model: undefined })
    expect(m).toMatch(/^id: Enter an id: [^;]*characters; model: required$/)
    expect(m).not.toContain('.;')
    expect(
      formatFieldErrors([
        { path: ['a'], text: 'Wait...' },
        { path: ['b'], text: 'Done.' }
      ])
    ).toBe('a: Wait...; b: Done.')
  })

  it('a real 400 message reads back to the issues zod found', () => {
    const body = { ...provider('x'), perform_locally: 1, extra: 1, 'odd.key': 2 }
    const m = message(LlmProviderSchema, body)
    expect(m).toBe('perform_locally: expected boolean, got number; extra: unknown field; ["odd.key"]: unknown field')
    expect(parseFieldErrors(m)).toEqual([
      { path: ['perform_locally'], text: 'expected boolean, got number' },
      { path: ['extra'], text: 'unknown field' },
      { path: ['odd.key'], text: 'unknown field' }
    ])
  })
})
