import { jsonStringAt } from './response-cap'

/** An object of the cut reply as far as it came: its `text` strings, and whether it said it is thinking. */
interface Part {
  readonly texts: string[]
  thought: boolean
}

/**
 * The answer's text in a Claude or Gemini reply cut off at the wire limit: the `text` strings, in
 * order, of every object that does not say it is a thought. A thinking model's thoughts come first
 * (Gemini's parts with `"thought": true`, Claude's blocks of type `thinking`), and a thought must
 * never be stored as the answer. A part cut off before its thought flag came is taken as answer:
 * a thought is bounded by the model's thinking budget (tens of thousands of tokens), far below the
 * wire limit, so the part the limit cuts is the answer. Undefined when no text came.
 */
export function cutAnswerText(json: string): string | undefined {
  const kept: string[] = []
  /** The objects and arrays (null) open where the reading is. */
  const open: (Part | null)[] = []
  let key: string | undefined
  let keyNext = false
  const done = (part: Part | null | undefined) => {
    if (part && !part.thought) kept.push(...part.texts)
  }
  for (let i = 0; i < json.length; i++) {
    const c = json[i]
    const top = open[open.length - 1]
    if (c === '"') {
      const { text, end } = jsonStringAt(json, i + 1)
      i = end
      if (!top || text === undefined) continue
      if (keyNext) {
        key = text
        keyNext = false
        continue
      }
      if (key === 'text') top.texts.push(text)
      else if (key === 'type' && text.includes('thinking')) top.thought = true
      key = undefined
    } else if (c === '{') {
      open.push({ texts: [], thought: false })
      keyNext = true
      key = undefined
    } else if (c === '[') {
      open.push(null)
      key = undefined
    } else if (c === '}' || c === ']') {
      done(open.pop())
      key = undefined
    } else if (c === ',') {
      keyNext = top != null
      key = undefined
    } else if (c === 't' && key === 'thought' && top && json.startsWith('true', i)) {
      top.thought = true
      key = undefined
    }
  }
  for (const part of open) done(part)
  return kept.length ? kept.join('') : undefined
}
