import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { applyInboxChanges, inboxPageKeys, type InboxPage, type InboxPages } from '../../src/renderer/src/api/inbox-pages'
import type { Inbox } from '../../src/shared/contract/inbox'
import { listedInbox as inbox } from './listed-inbox'

/*
 * An inbox_changed event patches the cached lists at once, without asking the node. A read already
 * on its way when the event came may have been answered before the change: when it lands it must not
 * put the old rows back (a removed conversation shown again, an old name), which would then stay
 * until that inbox changes again.
 */

const rows = [1, 2, 3, 4].map((n) => inbox(n, `2026-01-01T00:00:0${9 - n}.000Z`))
const filter = { showHidden: false, pinned: false }

/** A read the test answers when it chooses, as a slow node would. */
function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok
    reject = fail
  })
  return { promise, resolve, reject }
}

function pagedList() {
  const qc = new QueryClient()
  const reads: { cursor: string | undefined; answer: ReturnType<typeof deferred<InboxPage>> }[] = []
  const observer = new InfiniteQueryObserver(qc, {
    queryKey: inboxPageKeys.pages(filter),
    queryFn: ({ pageParam }: { pageParam: string | undefined }) => {
      const answer = deferred<InboxPage>()
      reads.push({ cursor: pageParam, answer })
      return answer.promise
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: InboxPage) => (last.hasNextPage ? last.next : undefined),
    staleTime: Infinity
  })
  const stop = observer.subscribe(() => {})
  const ids = () => (qc.getQueryData<InboxPages>(inboxPageKeys.pages(filter))?.pages ?? []).flatMap((p) => p.inboxes.map((i) => i.inbox_id))
  const count = () => qc.getQueryData<InboxPages>(inboxPageKeys.pages(filter))?.pages[0]?.total_count
  return { qc, observer, reads, stop, ids, count }
}

const page = (inboxes: Inbox[], hasNextPage: boolean): InboxPage => ({
  inboxes,
  hasNextPage,
  total_count: 4,
  next: inboxes[inboxes.length - 1]?.inbox_id
})

describe('changes made while a list is being read', () => {
  it('a conversation removed while the next page is on its way stays removed once the page lands', async () => {
    const list = pagedList()
    await expect.poll(() => list.reads.length).toBe(1)
    list.reads[0]!.answer.resolve(page(rows.slice(0, 2), true))
    await expect.poll(list.ids).toEqual([rows[0]!.inbox_id, rows[1]!.inbox_id])
    const more = list.observer.fetchNextPage()
    await expect.poll(() => list.reads.length).toBe(2)
    applyInboxChanges(list.qc, new Map([[rows[0]!.inbox_id, null]]))
    expect(list.ids()).toEqual([rows[1]!.inbox_id])
    expect(list.count()).toBe(3)
    list.reads[1]!.answer.resolve(page(rows.slice(2), false))
    await more
    expect(list.ids()).toEqual([rows[1]!.inbox_id, rows[2]!.inbox_id, rows[3]!.inbox_id])
    expect(list.count()).toBe(3)
    list.stop()
  })

  it("a rename made while the first page is read is shown, though the node's answer has the old name", async () => {
    const list = pagedList()
    await expect.poll(() => list.reads.length).toBe(1)
    applyInboxChanges(list.qc, new Map([[rows[1]!.inbox_id, { ...rows[1]!, custom_name: 'renamed' }]]))
    list.reads[0]!.answer.resolve(page(rows.slice(0, 2), true)) // read before the rename
    await expect
      .poll(() => list.qc.getQueryData<InboxPages>(inboxPageKeys.pages(filter))?.pages[0]?.inboxes[1]?.custom_name)
      .toBe('renamed')
    list.stop()
  })

  it('a read answered after the change (already holding it) is left as the node sent it', async () => {
    const list = pagedList()
    await expect.poll(() => list.reads.length).toBe(1)
    applyInboxChanges(list.qc, new Map([[rows[0]!.inbox_id, null]]))
    list.reads[0]!.answer.resolve({ ...page(rows.slice(1, 3), true), total_count: 3 })
    await expect.poll(list.ids).toEqual([rows[1]!.inbox_id, rows[2]!.inbox_id])
    expect(list.count()).toBe(3)
    list.stop()
  })

  it('a read that fails keeps the rows the change made', async () => {
    const list = pagedList()
    await expect.poll(() => list.reads.length).toBe(1)
    list.reads[0]!.answer.resolve(page(rows.slice(0, 2), true))
    await expect.poll(() => list.ids().length).toBe(2)
    const more = list.observer.fetchNextPage()
    await expect.poll(() => list.reads.length).toBe(2)
    applyInboxChanges(list.qc, new Map([[rows[0]!.inbox_id, null]]))
    list.reads[1]!.answer.reject(new Error('node unreachable'))
    await more
    expect(list.ids()).toEqual([rows[1]!.inbox_id])
    list.stop()
  })
})

describe('changes made while one inbox is being read (get_inbox)', () => {
  it('the open inbox shows a rename made during its read again, with the scope the read brought', async () => {
    const qc = new QueryClient()
    const key = inboxPageKeys.one(rows[0]!.inbox_id)
    qc.setQueryData(key, rows[0]!)
    const answer = deferred<Inbox>()
    const observer = new QueryObserver(qc, { queryKey: key, queryFn: () => answer.promise, staleTime: 0 })
    const stop = observer.subscribe(() => {})
    await expect.poll(() => qc.getQueryState(key)?.fetchStatus).toBe('fetching')
    applyInboxChanges(qc, new Map([[rows[0]!.inbox_id, { ...rows[0]!, custom_name: 'renamed' }]]))
    const scope = { vector_fs_items: [], vector_fs_folders: [] } as unknown as Inbox['job_scope']
    answer.resolve({ ...rows[0]!, job_scope: scope }) // read before the rename
    await expect.poll(() => qc.getQueryState(key)?.fetchStatus).toBe('idle')
    expect(qc.getQueryData<Inbox>(key)).toMatchObject({ custom_name: 'renamed', job_scope: scope })
    stop()
  })
})
