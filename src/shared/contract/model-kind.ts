import type { Model, ProviderKind } from './identity'

/** The kind and model name of a Model value (which has exactly one key once validated). Apart from the schemas: the window's first screen uses it without loading zod. */
export function modelKind(model: Model): { kind: ProviderKind; modelType: string } {
  const kind = Object.keys(model)[0] as ProviderKind
  return { kind, modelType: model[kind]!.model_type }
}
