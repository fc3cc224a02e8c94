import { useEffect, useState } from 'react'

/** What of a conversation's paged query (useMessages) the ask for older messages reads. */
export interface OlderPagesQuery {
  readonly data?: { readonly pages: readonly unknown[] }
  readonly hasNextPage: boolean
  readonly isFetching: boolean
  readonly isFetchingNextPage: boolean
  readonly isFetchNextPageError: boolean
  readonly fetchNextPage: (options: { cancelRefetch: boolean }) => Promise<unknown>
}

/**
 * The reader's ask for older messages (scrolled near the top), kept until a page of them is in. A
 * message stored in the conversation meanwhile has the pages read again, and TanStack cancels the
 * read of the older page for it: the spinner went, nothing older came, and with the list still at
 * the top no scroll event asked again. The ask is made again once the list's reads are over. It is
 * dropped when the read fails (scrolling asks again) or there is nothing older.
 */
export function useOlderMessages(
  conversation: string,
  query: OlderPagesQuery
): { readonly loadingOlder: boolean; readonly loadOlder: () => void } {
  /** How many pages the conversation had when older messages were asked for; null when none are asked for. */
  const [asked, setAsked] = useState<{ readonly conversation: string; readonly at: number } | null>(null)
  const pages = query.data?.pages.length ?? 0
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = query
  const askedAt = asked?.conversation === conversation ? asked.at : null
  const answered = askedAt !== null && (pages > askedAt || !hasNextPage || isFetchNextPageError)
  // Done with (or another conversation shown): forgotten, so that a later read cannot revive it.
  if (asked !== null && (askedAt === null || answered)) setAsked(null)
  useEffect(() => {
    if (askedAt === null || answered || isFetching) return
    void fetchNextPage({ cancelRefetch: false })
  }, [askedAt, answered, isFetching, fetchNextPage])
  return {
    loadingOlder: query.isFetchingNextPage || (askedAt !== null && !answered),
    loadOlder: () => {
      setAsked({ conversation, at: pages })
      void fetchNextPage({ cancelRefetch: false })
    }
  }
}
