/** A model's name (a chat model's, an embedding model's), apart from the schemas: the window checks it as it is typed without loading zod. */
import { codePointsAtMost } from './code-points'

/**
 * The most characters (code points) a model's name may have: the contract's limit on a name (a path
 * segment's, 255). Real names are far shorter (`hf.co/<user>/<repo>:<tag>` included); the name is
 * stored, shown wherever its provider is and sent with every call.
 */
export const MODEL_NAME_MAX = 255
export const EMBEDDING_MODEL_NAME_MAX = MODEL_NAME_MAX

export const isModelNameWithin = (name: string): boolean => codePointsAtMost(name, MODEL_NAME_MAX)
export const isEmbeddingModelNameWithin = isModelNameWithin

/** What the node and the window say of a name over the limit: how long it is against the limit. */
export function embeddingModelNameTooLongText(name: string): string {
  return modelNameTooLongText(name, "An embedding model's name")
}

/** The same of any model's name, `what` saying whose. */
export function modelNameTooLongText(name: string, what = "A model's name"): string {
  // Code points: a surrogate pair (an emoji) counts as one. Counted in place: a name can be megabytes.
  let n = name.length
  for (let i = 0; i + 1 < name.length; i++) {
    const unit = name.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = name.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--
        i++
      }
    }
  }
  return `${what} can be at most ${MODEL_NAME_MAX} characters; this one has ${n.toLocaleString('en-US')}.`
}
