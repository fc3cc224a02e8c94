import { useCallback, useEffect, useMemo, useState } from 'react'
import type { LastMessage } from '../../../../../shared/contract/message'
import { findWords, keptMatch, stepMatch } from './find-matches'
import { matchInSlices, type FindProgress } from './find-progress'

/** How long typing rests before the find looks (a 5,000-message conversation is matched on each look). */
export const FIND_DEBOUNCE_MS = 150

const NONE: readonly string[] = []

/** What of the conversation's paged messages the find reads (useMessages, as older-messages.ts reads it). */
export interface FindPages {
  readonly hasNextPage: boolean
  readonly isFetching: boolean
  readonly isFetchNextPageError: boolean
  readonly fetchNextPage: (options: { cancelRefetch: boolean }) => Promise<unknown>
}

export interface Find {
  readonly open: boolean
  readonly query: string
  readonly setQuery: (query: string) => void
  /** The words looked for now (typing debounced); none when nothing is searched. */
  readonly words: readonly string[]
  /** The messages found, oldest first as the conversation shows them (find-matches.ts); so far, while `matching`. */
  readonly found: readonly string[]
  /** The messages read are still being matched (a few ms at a time, find-progress.ts): `found` grows. */
  readonly matching: boolean
  readonly current: string | undefined
  /** Counts the steps asked for (Enter, Next, Previous): each one goes to the current match, the same one again too (the only one). */
  readonly steps: number
  /** Older pages are being read for the find; how many messages are read so far. */
  readonly reading: boolean
  readonly read: number
  /** The reading of older pages was stopped by the operator, or failed: the find covers the messages read. */
  readonly stopped: boolean
  readonly failed: boolean
  readonly stopReading: () => void
  /** Reads the older pages again after a failure (the node answers again). */
  readonly readAgain: () => void
  readonly next: () => void
  readonly previous: () => void
  readonly show: () => void
  readonly close: () => void
}

/**
 * The find in a conversation (Ctrl+F): its text, the messages found and the current one. While a find
 * is open with words in it, the conversation's older pages are read one after another from the node
 * (the list's own query, so the list has them too and can scroll to a match), until none is left or
 * the operator stops it.
 */
export function useFind(conversation: string, messages: readonly LastMessage[], pages: FindPages): Find {
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [debounced, setDebounced] = useState('')
  const [picked, setPicked] = useState<string | undefined>(undefined)
  const [stopped, setStopped] = useState(false)
  const [steps, setSteps] = useState(0)
  useEffect(() => {
    const t = setTimeout(() => setDebounced(query), FIND_DEBOUNCE_MS)
    return () => clearTimeout(t)
  }, [query])
  const words = useMemo(() => (open ? findWords(debounced) : []), [open, debounced])
  // Each message's answer for the words, kept while they stay the same (a page read matches only its own).
  const seen = useMemo(() => (words.length ? new WeakMap<LastMessage, boolean>() : undefined), [words])
  // Matched a slice at a time, the window free between; another word typed stops the matching of the one before.
  const [progress, setProgress] = useState<FindProgress & { seen: typeof seen; messages: readonly LastMessage[] }>()
  useEffect(() => {
    if (!seen) return
    const stop = new AbortController()
    void matchInSlices(messages, words, seen, (p) => setProgress({ ...p, seen, messages }), stop.signal)
    return () => stop.abort()
  }, [messages, words, seen])
  const found = seen !== undefined && progress?.seen === seen ? progress.found : NONE
  const matching = seen !== undefined && !(progress?.seen === seen && progress.messages === messages && progress.done)
  const current = keptMatch(found, picked)
  // The match shown stays the current one as messages come in (an answer or a question holding the words is
  // counted, not gone to): the newest was current only while none was picked, and a new one took its place.
  if (picked === undefined && current !== undefined && debounced === query) setPicked(current)

  // Another conversation: the find closes.
  const [shownFor, setShownFor] = useState(conversation)
  if (shownFor !== conversation) {
    setShownFor(conversation)
    setOpen(false)
    setQuery('')
    setDebounced('')
    setPicked(undefined)
    setStopped(false)
  }

  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = pages
  const wantsOlder = open && words.length > 0 && !stopped && hasNextPage && !isFetchNextPageError
  // Asked again as each page comes in (how many are read): a page read at once may never show the read as under way.
  const read = messages.length
  useEffect(() => {
    if (!wantsOlder || isFetching) return
    void fetchNextPage({ cancelRefetch: false })
  }, [wantsOlder, isFetching, fetchNextPage, read])

  // Enter pressed before the typing rested: the find looks now, at the newest match, rather than stepping among the old text's.
  const step = useCallback(
    (by: 1 | -1) => {
      if (debounced !== query) return setDebounced(query)
      setPicked(stepMatch(found, current, by))
      // The only match is stepped to again: the list goes back to it, scrolled away from since.
      setSteps((n) => n + 1)
    },
    [debounced, query, found, current]
  )
  const next = useCallback(() => step(1), [step])
  const previous = useCallback(() => step(-1), [step])
  return {
    open,
    query,
    setQuery: (q) => {
      setQuery(q)
      setPicked(undefined)
      setStopped(false)
    },
    words,
    found,
    matching,
    current,
    steps,
    reading: wantsOlder,
    read,
    stopped: stopped && hasNextPage,
    failed: open && words.length > 0 && isFetchNextPageError,
    stopReading: () => setStopped(true),
    // The page that failed is asked for again; the reading goes on from there as before.
    readAgain: () => void fetchNextPage({ cancelRefetch: false }),
    next,
    previous,
    show: () => setOpen(true),
    close: () => {
      setOpen(false)
      setPicked(undefined)
      setStopped(false)
    }
  }
}
