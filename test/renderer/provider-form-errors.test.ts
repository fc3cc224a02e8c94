import { describe, expect, it } from 'vitest'
import { formErrorsOf } from '../../src/renderer/src/features/providers/provider-draft'

const said = (path: string) => `said of ${path}`

describe('a node’s refusal shown on the provider form', () => {
  it('names the form’s fields, from any provider of a batch, at the first step showing one', () => {
    expect(formErrorsOf(['providers[3].id', 'providers[3].external_url'], said)).toEqual({
      errors: { id: 'said of providers[3].id', external_url: 'said of providers[3].external_url' },
      step: 1
    })
    expect(formErrorsOf(['model.OpenAI.model_type'], said)).toEqual({ errors: { model: 'said of model.OpenAI.model_type' }, step: 2 })
    expect(formErrorsOf(['full_identity_name.subidentity_name'], said)?.step).toBe(3)
  })

  /* The wizard went to the Identity step, which showed nothing, and nothing said why nothing was saved. */
  it('naming no field the form shows (the list itself, a permission): none, so it is told in a notice', () => {
    expect(formErrorsOf(['providers'], said)).toBeUndefined()
    expect(formErrorsOf(['providers[0].toolkit_permissions'], said)).toBeUndefined()
    expect(formErrorsOf([], said)).toBeUndefined()
    // With one the form shows: that one, on its step.
    expect(formErrorsOf(['providers[0].toolkit_permissions', 'providers[0].name'], said)).toEqual({
      errors: { name: 'said of providers[0].name' },
      step: 3
    })
  })
})
