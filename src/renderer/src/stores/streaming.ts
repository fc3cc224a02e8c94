import { create } from 'zustand'
import { useEffect, useState } from 'react'

export interface PartialAnswer {
  /** The question being answered (node_message_hash). */
  readonly parent: string
  readonly text: string
  /** Replies to `parent` already stored when this one began (a regenerated answer is not one of them). */
  readonly replaced?: readonly string[]
  /**
   * The window joined after the answer began (a reload, a break in the events): `text` lacks its start
   * and would read as a whole answer. The contract offers no way to read the text written so far, so it
   * is shown as an answer in progress until it is stored.
   */
  readonly late?: true
  /**
   * The hash this answer was stored under, as its inbox_changed told (the text stays shown until the
   * stored answer is fetched). A delta to the same question after it starts another answer (a
   * regeneration asked for meanwhile), not more of this one.
   */
  readonly stored?: string
  /**
   * Awaited before its first words (a regenerated answer): when this window began to await it, in ms
   * since the epoch. No stored message dates that wait: shown again (another conversation opened and
   * back), it went on from nothing.
   */
  readonly since?: number
}

/** How many stored answers are remembered as watched (a long session watches many; the list stays small). */
export const WATCHED_KEPT = 500

/** Answers being written right now, by inbox: the text so far from message_delta events. */
interface StreamingState {
  readonly partial: Readonly<Record<string, PartialAnswer>>
  /**
   * Stored answers (node_message_hash) the operator watched being written: they stay shown whole,
   * as they were while streaming, rather than collapsing to the preview under the reader's eyes.
   */
  readonly watched: Readonly<Record<string, true>>
  /** `late`: the text of an answer begun before this window was following the inbox (see PartialAnswer.late). */
  append(inbox: string, parent: string, text: string, replaced?: readonly string[], late?: boolean): void
  /** The answer to `parent` is no longer being written; `stored`: the hash it was stored under. */
  clear(inbox: string, parent?: string, stored?: string): void
  /** The answer to `parent` was stored under `hash` (its event came; the stored message is not fetched yet). */
  markStored(inbox: string, parent: string, hash: string): void
  /**
   * The answer to `parent` will be asked for again from its start (the node paused it): its text so
   * far is dropped, else the next attempt's would follow it. It is awaited, as a regenerated answer is.
   */
  restart(inbox: string, parent: string): void
}

export const useStreaming = create<StreamingState>((set) => ({
  partial: {},
  watched: {},
  append: (inbox, parent, text, replaced, late) =>
    set((s) => {
      const cur = s.partial[inbox]
      const next =
        cur && cur.parent === parent
          ? { ...cur, text: cur.text + text }
          : {
              parent,
              text,
              ...(text ? {} : { since: Date.now() }),
              ...(replaced?.length ? { replaced } : {}),
              ...(late ? { late: true as const } : {})
            }
      return { partial: { ...s.partial, [inbox]: next } }
    }),
  clear: (inbox, parent, stored) =>
    set((s) => {
      const cur = s.partial[inbox]
      if (!cur || (parent !== undefined && cur.parent !== parent)) return s
      const { [inbox]: _gone, ...rest } = s.partial
      if (stored === undefined || !cur.text || cur.late) return { partial: rest }
      // Kept in the order they were watched: the oldest go first.
      const hashes = Object.keys(s.watched)
      const kept = hashes.length >= WATCHED_KEPT ? hashes.slice(hashes.length - WATCHED_KEPT + 1) : hashes
      return { partial: rest, watched: Object.fromEntries([...kept, stored].map((h) => [h, true as const])) }
    }),
  markStored: (inbox, parent, hash) =>
    set((s) => {
      const cur = s.partial[inbox]
      if (!cur || cur.parent !== parent || cur.stored === hash) return s
      return { partial: { ...s.partial, [inbox]: { ...cur, stored: hash } } }
    }),
  restart: (inbox, parent) =>
    set((s) => {
      const cur = s.partial[inbox]
      if (!cur || cur.parent !== parent) return s
      // Seen from its first words again (this window hears of the restart): no longer joined late.
      const { late: _late, ...rest } = cur
      return { partial: { ...s.partial, [inbox]: { ...rest, text: '' } } }
    })
}))

/**
 * Whether `answer` (stored) was watched as it was written: remembered once its text was cleared,
 * and already while the text is still there (the stored answer can be shown before it is cleared).
 */
export function useWatched(answer: { inbox: string; hash: string; parent: string }): boolean {
  return useStreaming((s) => {
    if (s.watched[answer.hash]) return true
    const cur = s.partial[answer.inbox]
    return !!cur && !!cur.text && !cur.late && cur.parent === answer.parent && !cur.replaced?.includes(answer.hash)
  })
}

/**
 * How many inboxes are remembered as followed, the least recently active forgotten first. An answer
 * starts just after its question's event, so the inbox is among the latest: 10,000 covers about 50 s
 * of a script changing 200 other inboxes a second in between, in about a megabyte.
 */
export const FOLLOWED_KEPT = 10_000

/**
 * Inboxes whose answers this window sees from their first words: an event of the inbox came on the
 * current event stream (an answer starts after its question is stored and the answer before it, each
 * an inbox_changed), or this window asked for the answer. Not state anything renders from: a Map, in
 * the order of each inbox's latest event (a long session at 100,000 inboxes would otherwise keep them all).
 * Each value is the node_timestamp of the inbox's newest message as the event stream told it ('' for
 * none yet; undefined when only this window's own request follows it): the events come in the node's
 * order, so a reply stored after it is not one an answer starting now can replace. Read over HTTP, the
 * messages can be newer than the events that have arrived (a page fetched between an answer's storing
 * and its first delta's arrival already holds that answer).
 */
const following = new Map<string, string | undefined>()

/**
 * The answers `inbox` starts from now on reach this window whole. `newest`: the node_timestamp of its
 * newest message, as the inbox_changed event just received tells it ('' when it has none).
 */
export function followAnswers(inbox: string, newest?: string): void {
  const told = newest ?? following.get(inbox)
  following.delete(inbox)
  following.set(inbox, told)
  if (following.size > FOLLOWED_KEPT) following.delete(following.keys().next().value!)
}

/** `inbox` was removed: nothing more of it will come. */
export function unfollowAnswers(inbox: string): void {
  following.delete(inbox)
}

/** How many inboxes are followed now (to check the bound). */
export const followedCount = () => following.size

export const followsAnswers = (inbox: string) => following.has(inbox)

/**
 * The node_timestamp of `inbox`'s newest message as the event stream has told it so far ('' for none);
 * undefined when no event of the inbox came on this stream.
 */
export const toldUpTo = (inbox: string): string | undefined => following.get(inbox)

/**
 * The event stream is back after a break: deltas sent meanwhile are lost, so every answer being
 * written lacks part of its text, and answers begun meanwhile were not seen starting.
 */
export function eventsResumed(): void {
  following.clear()
  const { partial } = useStreaming.getState()
  if (Object.values(partial).every((p) => p.late)) return
  useStreaming.setState({
    partial: Object.fromEntries(Object.entries(partial).map(([inbox, p]) => [inbox, { ...p, late: true as const }]))
  })
}

/**
 * After a break, the answers of inboxes not in `shown` (no screen shows their messages) keep their
 * question and the replies they replace, not their text: whether they were stored meanwhile is not
 * read, and the text would stay for the session (and a later regeneration's words be joined to it).
 * Opened again, such a conversation shows its answer in progress (late) until it is stored.
 */
export function dropTextsExcept(shown: ReadonlySet<string>): void {
  const { partial } = useStreaming.getState()
  if (!Object.entries(partial).some(([inbox, p]) => !shown.has(inbox) && p.text)) return
  useStreaming.setState({
    partial: Object.fromEntries(Object.entries(partial).map(([inbox, p]) => [inbox, shown.has(inbox) ? p : { ...p, text: '' }]))
  })
}

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
