const OPEN = '<think>'
const CLOSE = '</think>'

export interface InlineThinking {
  /** The part of this piece of text that belongs to the answer ('' while thinking). */
  push(delta: string): string
  /** At the end of the reply: thinking that never closed, given back whole (nothing is lost). */
  end(): string
  /** Whether the tags closed on words: empty ones (a model with its thinking turned off) are no thinking. */
  thought(): boolean
}

/**
 * Separates a model's thinking that the server put into the answer's text between <think> tags
 * at its start (Ollama without `think`, llama.cpp with reasoning_format none, older LM Studio),
 * as the protocols that send thinking apart have it: only the answer is shown, stored and sent back
 * as history. Text that does not start with the tag passes untouched. Past `maxHeld` characters of
 * unclosed thinking, it gives up and lets the text through.
 */
export function inlineThinking(maxHeld: number): InlineThinking {
  let state: 'start' | 'thinking' | 'after' | 'answer' = 'start'
  let held = ''
  let thought = false
  const release = () => {
    const out = held
    held = ''
    state = 'answer'
    return out
  }
  // After the closing tag, the blank lines that separate it from the answer are not the answer.
  const afterThinking = (text: string) => {
    const rest = text.replace(/^\s+/, '')
    if (rest) state = 'answer'
    return rest
  }
  return {
    push(delta) {
      if (state === 'answer') return delta
      if (state === 'after') return afterThinking(delta)
      held += delta
      if (state === 'start') {
        const begun = held.trimStart()
        if (!begun) return ''
        if (begun.length < OPEN.length) return OPEN.startsWith(begun) ? '' : release()
        if (!begun.startsWith(OPEN)) return release()
        state = 'thinking'
      }
      const close = held.indexOf(CLOSE)
      if (close === -1) return held.length > maxHeld ? release() : ''
      thought ||= /\S/.test(held.slice(held.indexOf(OPEN) + OPEN.length, close))
      const rest = held.slice(close + CLOSE.length)
      held = ''
      state = 'after'
      return afterThinking(rest)
    },
    end() {
      return state === 'start' || state === 'thinking' ? release() : ''
    },
    thought: () => thought
  }
}
