import type { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { formatIssues, formatPath } from '../../src/shared/contract/field-errors'
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
