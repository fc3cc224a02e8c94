import { AnswerSourceSchema, type AnswerSource } from './contract/vector-fs'

/**
 * `job_message.sources` as recorded with an answer; anything malformed is left out rather than shown wrong.
 * The window's source chips and the Markdown/text exports read them alike.
 */
export function sourcesOf(message: { readonly job_message: object }): AnswerSource[] {
  const raw = (message.job_message as { sources?: unknown }).sources
  if (!Array.isArray(raw)) return []
  return raw.flatMap((s) => {
    const r = AnswerSourceSchema.safeParse(s)
    return r.success ? [r.data] : []
  })
}
