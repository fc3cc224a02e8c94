import type { LanguageModelV4Prompt } from '@ai-sdk/provider'
import type { JobConfig } from '../../shared/contract/job'
import type { LastMessage } from '../../shared/contract/message'
import { isAnswer, messageRole } from '../../shared/message-role'

export interface PromptBudget {
  /** Characters of conversation (newest kept). */
  readonly historyChars: number
  /** Characters of scope document passages. */
  readonly scopeChars: number
}

export const DEFAULT_BUDGET: PromptBudget = { historyChars: 24_000, scopeChars: 12_000 }

/** A passage chosen for the prompt, labelled with the document it comes from. */
export interface PromptPassage {
  readonly label: string
  readonly text: string
}

const isErrorNote = (m: LastMessage) => messageRole(m) === 'error'

/**
 * The prompt for answering `questionHash`: the job's custom prompt and the scope passages chosen
 * for the question (best first, already within the budget) as the system message, then as much of
 * the conversation as fits the budget, newest kept, each answer right after the question it answers, error notes left out.
 * A question answered more than once (regenerated) comes with its latest answer, the one the operator sees
 * (error notes are not answers: see the window's answer-versions.ts).
 */
export function buildPrompt(
  config: JobConfig,
  /** The scope's passages retrieved for this question. */
  passages: readonly PromptPassage[],
  historyNewestFirst: Iterable<LastMessage>,
  questionHash: string,
  budget: PromptBudget = DEFAULT_BUDGET
): LanguageModelV4Prompt {
  const kept: LastMessage[] = []
  const answered = new Set<string>()
  let used = 0
  let questionKept = false
  for (const m of historyNewestFirst) {
    if (isErrorNote(m)) continue
    if (isAnswer(m)) {
      // Earlier answers to this very question (a retry) are not shown to the model again, nor those
      // an earlier question's regenerated answer replaced. One stopped before its first word is the
      // question's latest answer all the same (the window shows it as the current one): it leaves
      // the earlier ones out, and has nothing to send itself.
      const parent = m.job_message.parent
      if (parent === questionHash || (parent && answered.has(parent))) continue
      answered.add(parent)
    }
    if (!m.job_message.content) continue
    const text = m.job_message.content
    const isQuestion = m.node_api_data.node_message_hash === questionHash
    // The question itself is always kept.
    if (!isQuestion && used + text.length > budget.historyChars) {
      // Answers stored after the question (an earlier answer regenerated since it) come before it:
      // one that does not fit is left out, not the question and everything before it with it.
      if (!questionKept && isAnswer(m)) continue
      break
    }
    if (isQuestion) questionKept = true
    used += text.length
    kept.push(m)
  }
  kept.reverse()
  const hashes = new Set(kept.map((m) => m.node_api_data.node_message_hash))
  const answersTo = new Map<string, LastMessage[]>()
  for (const m of kept) {
    if (isAnswer(m) && hashes.has(m.job_message.parent)) {
      answersTo.set(m.job_message.parent, [...(answersTo.get(m.job_message.parent) ?? []), m])
    }
  }
  const turns: LastMessage[] = []
  for (const m of kept) {
    if (!isAnswer(m)) turns.push(m, ...(answersTo.get(m.node_api_data.node_message_hash) ?? []))
    else if (!hashes.has(m.job_message.parent)) turns.push(m)
  }

  const system: string[] = []
  if (config.custom_prompt.trim()) system.push(config.custom_prompt.trim())
  if (passages.length) {
    system.push(
      "Excerpts from the job's documents, most relevant first. Use them when they help, and say which document you used:\n" +
        passages.map((p, i) => `[${i + 1}] (${p.label}) ${p.text}`).join('\n\n')
    )
  }
  const prompt: LanguageModelV4Prompt = []
  if (system.length) prompt.push({ role: 'system', content: system.join('\n\n') })
  for (const m of turns) {
    prompt.push({ role: isAnswer(m) ? 'assistant' : 'user', content: [{ type: 'text', text: m.job_message.content }] })
  }
  return prompt
}
