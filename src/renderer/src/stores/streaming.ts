import { create } from 'zustand'
import { useEffect, useState } from 'react'

export interface PartialAnswer {
  /** The question being answered (node_message_hash). */
  readonly parent: string
  readonly text: string
  /** Replies to `parent` already stored when this one began (a regenerated answer is not one of them). */
  readonly replaced?: readonly string[]
}

/** Answers being written right now, by inbox: the text so far from message_delta events. */
interface StreamingState {
  readonly partial: Readonly<Record<string, PartialAnswer>>
  append(inbox: string, parent: string, text: string, replaced?: readonly string[]): void
  clear(inbox: string, parent?: string): void
}

export const useStreaming = create<StreamingState>((set) => ({
  partial: {},
  append: (inbox, parent, text, replaced) =>
    set((s) => {
      const cur = s.partial[inbox]
      const next =
        cur && cur.parent === parent ? { ...cur, text: cur.text + text } : { parent, text, ...(replaced?.length ? { replaced } : {}) }
      return { partial: { ...s.partial, [inbox]: next } }
    }),
  clear: (inbox, parent) =>
    set((s) => {
      const cur = s.partial[inbox]
      if (!cur || (parent !== undefined && cur.parent !== parent)) return s
      const { [inbox]: _gone, ...rest } = s.partial
      return { partial: rest }
    })
}))

/**
 * The text of the answer being written in `inbox`, read at most once per animation frame: a fast
 * provider sends 100 or more deltas a second, and rendering the Markdown for each would take the
 * frames the window needs to scroll and paint (a frame sees every delta received before it).
 */
export function useStreamedText(inbox: string): string | undefined {
  const [text, setText] = useState(() => useStreaming.getState().partial[inbox]?.text)
  useEffect(() => {
    let frame = 0
    const read = () => {
      frame = 0
      setText(useStreaming.getState().partial[inbox]?.text)
    }
    read()
    const stop = useStreaming.subscribe((s, before) => {
      if (s.partial[inbox] !== before.partial[inbox] && frame === 0) frame = requestAnimationFrame(read)
    })
    return () => {
      stop()
      if (frame) cancelAnimationFrame(frame)
    }
  }, [inbox])
  return text
}
