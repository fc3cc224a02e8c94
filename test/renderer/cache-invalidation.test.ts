import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connectEvents, isAnswered } from '../../src/renderer/src/api/events'
import { EVENT_BATCH_MS } from '../../src/renderer/src/api/events'
import { inboxPageKeys } from '../../src/renderer/src/api/inbox-pages'
import { invalidateAfter, keys, loadedMessages, type MessagePages } from '../../src/renderer/src/api/queries'
import type { Inbox } from '../../src/shared/contract/inbox'
import { jobIdOfInbox } from '../../src/shared/contract/inbox'
import { objectBridgeTransport } from './object-bridge'
import { answerMessage, questionMessage } from './conversation-message'
import { useAnswerPauses } from '../../src/renderer/src/stores/answer-pauses'
import {
  FOLLOWED_KEPT,
  followAnswers,
  followedCount,
  followsAnswers,
  unfollowAnswers,
  useStreaming
} from '../../src/renderer/src/stores/streaming'
import type { NodeEvent } from '../../src/shared/contract/events'
import type { LastMessage } from '../../src/shared/contract/message'
import type { RouteBodyInput, RouteName } from '../../src/shared/contract/routes'

const A = 'job_inbox::jobid_a::false'
const B = 'job_inbox::jobid_b::false'

/** Every query the window keeps, by a readable name. */
const cached: Record<string, QueryKey> = {
  health: keys.health,
  providers: keys.providers,
  embeddingModel: keys.embeddingModel,
  'inboxes (visible)': inboxPageKeys.pages({ showHidden: false, pinned: false }),
  'inboxes (with hidden)': inboxPageKeys.pages({ showHidden: true, pinned: false }),
  'messages A': keys.messages(A),
  'messages B': keys.messages(B),
  // An open inbox (get_inbox: with its scope).
  'inbox A': inboxPageKeys.one(A),
  'inbox B': inboxPageKeys.one(B)
}
const allInboxLists = ['inboxes (visible)', 'inboxes (with hidden)']
/** The lists and the open inboxes: what shows each inbox's provider. */
const everyInboxQuery = [...allInboxLists, 'inbox A', 'inbox B']

let qc: QueryClient
/** The preload bridge as the desktop window has it: events are pushed into its listener. */
let emit: (event: NodeEvent) => void
let disconnect: () => void
let subscribed = 0
/** The bridge tells the window its event stream is back after a break. */
let resume: (() => void) | undefined

function freshCache() {
  qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  for (const key of Object.values(cached)) qc.setQueryData(key, key[0] === 'inboxes' ? emptyPages() : [])
  qc.setQueryData(cached['inbox A']!, { ...inboxA(), job_scope: scopeA })
  qc.setQueryData(cached['inbox B']!, { ...inboxA('B'), inbox_id: B, job_scope: scopeA })
}
const scopeA = {
  local_vrkai: [],
  local_vrpack: [],
  network_folders: [],
  vector_fs_folders: [{ name: 'Big', path: { path_ids: ['Big'] } }],
  vector_fs_items: []
}
const emptyPages = () => ({ pages: [{ inboxes: [], hasNextPage: false, total_count: 0 }], pageParams: [undefined] })

/** Inbox A as inbox_changed carries it after a change (rename, new message). */
function inboxA(name = 'A'): Inbox {
  return {
    custom_name: name,
    datetime_created: '2026-11-20T10:00:00.000Z',
    inbox_id: A,
    is_finished: false,
    is_hidden: false,
    is_pinned: false,
    agent: { id: 'gpt', model: { OpenAI: { model_type: 'gpt-4o-mini' } } },
    job_scope: null,
    last_message: null
  } as unknown as Inbox
}
/** Inbox changes are applied in batches: wait for one to pass. */
const batch = () => new Promise((r) => setTimeout(r, EVENT_BATCH_MS + 20))

/** The names of the cached queries now marked stale by an invalidation. */
const invalidated = () =>
  Object.entries(cached)
    .filter(([, key]) => qc.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort()

beforeEach(() => {
  useStreaming.setState({ partial: {} })
  freshCache()
  const listeners = new Set<(e: NodeEvent) => void>()
  const transport = objectBridgeTransport({
    request: () => Promise.reject(new Error('no requests in this test')),
    onEvent(listener, onResumed) {
      resume = onResumed
      listeners.add(listener)
      subscribed = listeners.size
      return () => {
        listeners.delete(listener)
        subscribed = listeners.size
      }
    }
  })
  emit = (event) => listeners.forEach((l) => l(event))
  disconnect = connectEvents(transport, qc)
})
afterEach(() => {
  disconnect()
  qc.clear()
})

/** When the messages below were stored (one time for all: a test that needs others sets them). */
const storedAt = { timestamp: '2026-11-21T09:30:00.000Z' }
/** Lets promise callbacks already due run (no waiting on time). */
const flush = () => new Promise((r) => setTimeout(r, 0))
const question = (hash: string) => questionMessage('question', { ...storedAt, hash })
const answer = (hash: string, parent: string) => answerMessage('answer', { ...storedAt, hash, parent })

/** A message with the given node_timestamp, and a question q1 answered by a1 5 ms later. */
function timedAnswer() {
  const at = (m: LastMessage, ts: string): LastMessage => ({ ...m, node_api_data: { ...m.node_api_data, node_timestamp: ts } })
  return { at, q1: at(question('q1'), '2026-11-21T09:30:00.000Z'), a1: at(answer('a1', 'q1'), '2026-11-21T09:30:00.005Z') }
}

describe('node events → cache', () => {
  it('the listener is attached on connect and detached on disconnect', () => {
    expect(subscribed).toBe(1)
    disconnect()
    expect(subscribed).toBe(0)
  })

  it('inbox_changed marks that inbox’s messages stale and patches the lists and the open inbox in place (no list refetch, its scope not read again)', async () => {
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: inboxA('A renamed') } })
    await batch()
    expect(invalidated()).toEqual(['messages A'])
    expect(qc.getQueryData(cached['inbox A']!)).toEqual({ ...inboxA('A renamed'), job_scope: scopeA })
    for (const name of allInboxLists) {
      const pages = qc.getQueryData<{ pages: { inboxes: Inbox[]; total_count: number }[] }>(cached[name]!)!.pages
      expect(pages[0]!.inboxes.map((i) => i.inbox_id)).toEqual([A])
      expect(pages[0]!.total_count).toBe(1)
    }
  })

  it('an inbox_changed that leaves every listed field as it was (a scope saved) has the open inbox read again, with its scope', async () => {
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: inboxA() } })
    await batch()
    expect(invalidated()).toEqual(['inbox A', 'messages A'])
  })

  it('a scope saved and a message within one batch: the open inbox is still read again', async () => {
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: inboxA() } })
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: { ...inboxA(), datetime_created: '2026-11-20T10:00:01.000Z' } } })
    await batch()
    expect(invalidated()).toEqual(['inbox A', 'messages A'])
  })

  it('inbox_changed without an inbox (removed) drops its messages and leaves the lists unchanged when it was not in them', async () => {
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: null } })
    await batch()
    expect(qc.getQueryData(keys.messages(A))).toBeUndefined()
    expect(invalidated()).toEqual([])
    expect(qc.getQueryData(cached['inbox A']!)).toBeNull()
  })

  it('provider_changed marks the providers, the inbox lists and open inboxes (they show each inbox’s provider) and the embedding model stale', () => {
    emit({ type: 'provider_changed', data: { id: 'gpt' } })
    expect(invalidated()).toEqual(['embeddingModel', 'providers', ...everyInboxQuery].sort())
  })

  it('message_delta touches no query: it only feeds the streaming store', () => {
    // Followed since before these answers began (the window saw their questions stored).
    followAnswers(A)
    followAnswers(B)
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'Hel' } })
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'lo' } })
    emit({ type: 'message_delta', data: { inbox: B, parent: 'q9', text: 'other' } })
    expect(invalidated()).toEqual([])
    expect(useStreaming.getState().partial).toEqual({ [A]: { parent: 'q1', text: 'Hello' }, [B]: { parent: 'q9', text: 'other' } })
  })

  it('an event type this window does not know changes nothing', () => {
    emit({ type: 'document_changed', data: { path: '/x' } } as unknown as NodeEvent)
    expect(invalidated()).toEqual([])
    expect(useStreaming.getState().partial).toEqual({})
  })

  it('after disconnect, events no longer reach the cache', async () => {
    disconnect()
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: inboxA() } })
    await batch()
    expect(invalidated()).toEqual([])
  })
})

describe('streamed answer → stored answer', () => {
  /** What the node serves for inbox A's newest page; the open inbox view keeps the query active. */
  let served: LastMessage[]
  let fetches: number
  let stopObserving: () => void

  beforeEach(() => {
    qc.removeQueries({ queryKey: keys.messages(A) })
    served = [question('q1')]
    fetches = 0
    const observer = new QueryObserver(qc, {
      queryKey: keys.messages(A),
      queryFn: () => {
        fetches++
        // The newest page, in the shape of the window's infinite messages query.
        return Promise.resolve({ pages: [[...served]], pageParams: [null] })
      }
    })
    stopObserving = observer.subscribe(() => {})
    // The window has followed both inboxes since before their answers began (it saw their questions stored).
    followAnswers(A)
    followAnswers(B)
  })
  afterEach(() => stopObserving())

  /** Waits for the n-th fetch and for what runs after it (the cache update and the store check). */
  const fetched = async (n: number) => {
    await expect.poll(() => fetches).toBe(n)
    await expect.poll(() => qc.isFetching()).toBe(0)
  }

  it('keeps the partial text until the refetched messages hold the answer to its question, then clears it', async () => {
    await fetched(1)
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'Bon' } })
    emit({ type: 'message_delta', data: { inbox: B, parent: 'qb', text: 'elsewhere' } })
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'jour' } })

    // A change before the answer is stored (e.g. a rename): refetched, the answer is not there yet.
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: inboxA() } })
    await fetched(2)
    expect(useStreaming.getState().partial[A]).toEqual({ parent: 'q1', text: 'Bonjour' })

    served = [question('q1'), answer('a1', 'q1')]
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: inboxA() } })
    await expect.poll(() => useStreaming.getState().partial[A]).toBeUndefined()
    expect(qc.getQueryData<MessagePages>(keys.messages(A))!.pages[0]!.map((m) => m.node_api_data.node_message_hash)).toEqual(['q1', 'a1'])
    // The other inbox's answer is still being written.
    expect(useStreaming.getState().partial[B]).toEqual({ parent: 'qb', text: 'elsewhere' })
  })

  it('an answer to an earlier question does not clear the answer being written now', async () => {
    served = [question('q1'), answer('a1', 'q1'), question('q2')]
    await fetched(1)
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q2', text: 'second' } })
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: inboxA() } })
    await fetched(2)
    expect(useStreaming.getState().partial[A]).toEqual({ parent: 'q2', text: 'second' })
  })

  it('a message from the user quoting the question as parent is not an answer', async () => {
    await fetched(1)
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'partial' } })
    served = [question('q1'), questionMessage('a follow-up', { ...storedAt, hash: 'u2', parent: 'q1' })]
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: inboxA() } })
    await fetched(2)
    expect(useStreaming.getState().partial[A]).toEqual({ parent: 'q1', text: 'partial' })
  })

  it('an answer read over HTTP before its first delta arrives is that answer, not one it replaces: the partial clears once its event comes', async () => {
    // Seen in CI: the question's event had the messages read again; the node had answered by then, so the
    // page held the answer before the window had handled its delta, and the delta made it look replaced
    // (a regeneration under way): "Answer in progress" and Stop stayed for good beside the stored answer.
    const { q1, a1 } = timedAnswer()
    await fetched(1)
    served = [q1, a1]
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: { ...inboxA(), last_message: q1 } } })
    await fetched(2)
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'answer' } })
    expect(useStreaming.getState().partial[A]).toEqual({ parent: 'q1', text: 'answer' })
    expect(
      isAnswered(loadedMessages(qc.getQueryData<MessagePages>(keys.messages(A))), 'q1', useStreaming.getState().partial[A]!.replaced)
    ).toBe(true)
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: { ...inboxA(), last_message: a1 } } })
    await expect.poll(() => useStreaming.getState().partial[A]).toBeUndefined()
  })

  it('an answer the event stream told of before the next one began is replaced by it (a regeneration): its partial stays until a new answer is stored', async () => {
    const { at, q1, a1 } = timedAnswer()
    served = [q1, a1]
    await fetched(1)
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: { ...inboxA(), last_message: a1 } } })
    await fetched(2)
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'again' } })
    expect(useStreaming.getState().partial[A]).toEqual({ parent: 'q1', text: 'again', replaced: ['a1'] })
    // A rename while it is written: the event still names a1 as the newest message; nothing clears.
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: { ...inboxA('Renamed'), last_message: a1 } } })
    await fetched(3)
    expect(useStreaming.getState().partial[A]).toEqual({ parent: 'q1', text: 'again', replaced: ['a1'] })
    const a2 = at(answer('a2', 'q1'), '2026-11-21T09:30:01.000Z')
    served = [q1, a1, a2]
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: { ...inboxA('Renamed'), last_message: a2 } } })
    await expect.poll(() => useStreaming.getState().partial[A]).toBeUndefined()
  })

  it('with nothing told of the inbox on this stream (its answer begun before), an answer read before its delta is not counted replaced', async () => {
    // A Regenerate or a reload in a conversation no event has named yet: counted replaced, the answer
    // itself would show as still being written beside its stored copy for good.
    const { q1, a1 } = timedAnswer()
    await fetched(1)
    // The page read (as after a Retry's reply) already holds the answer.
    served = [q1, a1]
    await qc.invalidateQueries({ queryKey: keys.messages(A) })
    await fetched(2)
    // Followed (the view asked for the answer), but no event of the inbox has come on this stream.
    unfollowAnswers(A)
    followAnswers(A)
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'answer' } })
    expect(useStreaming.getState().partial[A]!.replaced).toBeUndefined()
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: { ...inboxA(), last_message: a1 } } })
    await expect.poll(() => useStreaming.getState().partial[A]).toBeUndefined()
  })

  it('a delta to the same question after its answer’s event starts a new answer (a regeneration), which replaces the stored one; no text is joined', async () => {
    const { q1, a1 } = timedAnswer()
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: { ...inboxA(), last_message: q1 } } })
    await fetched(2)
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'First.' } })
    // Stored: its event comes; the messages are not read again yet (the batch waits) when the next answer begins.
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: { ...inboxA(), last_message: a1 } } })
    expect(useStreaming.getState().partial[A]).toMatchObject({ parent: 'q1', text: 'First.', stored: 'a1' })
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'Second' } })
    expect(useStreaming.getState().partial[A]).toEqual({ parent: 'q1', text: 'Second', replaced: ['a1'] })
    // The first was watched as it was written: it stays shown whole once fetched.
    expect(useStreaming.getState().watched.a1).toBe(true)
    served = [q1, a1]
    await fetched(3)
    expect(useStreaming.getState().partial[A]).toEqual({ parent: 'q1', text: 'Second', replaced: ['a1'] })
  })

  it('an inbox removed while its answer is written or waits leaves nothing of that answer behind', () => {
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'half' } })
    useAnswerPauses.getState().pause(B, { parent: 'qb', reason: 'rate_limit', until: Date.now() + 60_000 })
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: null } })
    emit({ type: 'inbox_changed', data: { inbox_id: B, inbox: null } })
    expect(useStreaming.getState().partial[A]).toBeUndefined()
    expect(useAnswerPauses.getState().pauses[B]).toBeUndefined()
  })

  it('an inbox_changed for another inbox neither refetches this one nor clears its partial text', async () => {
    served = [question('q1'), answer('a1', 'q1')]
    await fetched(1)
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'late delta' } })
    emit({ type: 'inbox_changed', data: { inbox_id: B, inbox: { ...inboxA('B'), inbox_id: B } } })
    await batch()
    expect(qc.isFetching()).toBe(0)
    expect(fetches).toBe(1)
    expect(useStreaming.getState().partial[A]).toEqual({ parent: 'q1', text: 'late delta' })
  })
})

describe('messages read again while a read is under way', () => {
  /** What the node holds of inbox A now; each read gives it as it was when the read began, after `readMs`. */
  let stored: LastMessage[]
  let readMs: number
  let begun: number
  let landed: number
  /** Reads held until released (the first read of a conversation opened on a slow link). */
  let held: (() => void)[]
  let holding: boolean
  let stopObserving: () => void

  beforeEach(() => {
    qc.removeQueries({ queryKey: keys.messages(A) })
    stored = [question('q1')]
    readMs = 0
    begun = 0
    landed = 0
    held = []
    holding = false
    stopObserving = () => {}
    followAnswers(A)
  })
  afterEach(() => stopObserving())

  /** The conversation opened: its view reads the newest page, and keeps reading it when made stale. */
  function open() {
    const observer = new QueryObserver(qc, {
      queryKey: keys.messages(A),
      queryFn: async ({ signal }) => {
        begun++
        const page = [...stored]
        if (holding) await new Promise<void>((r) => held.push(r))
        else await new Promise((r) => setTimeout(r, readMs))
        if (signal.aborted) throw new Error('cancelled')
        landed++
        return { pages: [page], pageParams: [null] }
      }
    })
    stopObserving = observer.subscribe(() => {})
  }

  const hashes = () => loadedMessages(qc.getQueryData<MessagePages>(keys.messages(A))).map((m) => m.node_api_data.node_message_hash)

  it('a message stored while the conversation’s first read is under way is read once that read lands, and its streamed text goes then', async () => {
    holding = true
    open()
    await expect.poll(() => begun).toBe(1)
    // The answer streams and is stored while the first read (begun before it) is held.
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'Hello' } })
    stored = [question('q1'), answer('a1', 'q1')]
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: { ...inboxA(), last_message: answer('a1', 'q1') } } })
    await batch()
    // Nothing read yet: the streamed text stays where the answer will be.
    expect(useStreaming.getState().partial[A]?.text).toBe('Hello')
    holding = false
    held.forEach((r) => r())
    await expect.poll(() => hashes()).toEqual(['q1', 'a1'])
    expect(begun).toBe(2)
    await expect.poll(() => useStreaming.getState().partial[A]).toBeUndefined()
  })

  it('a steady stream of changes while each read is slow: the reads land as they come (none cancelled), one at a time', async () => {
    open()
    await expect.poll(() => landed).toBe(1)
    readMs = 120
    // A script writes a message every 15 ms for 1.2 s: a batch of changes every 50 ms, each slower to read.
    const started = Date.now()
    let n = 0
    while (Date.now() - started < 1200) {
      n++
      stored = [...stored, question(`q${n + 1}`)]
      emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: inboxA() } })
      await new Promise((r) => setTimeout(r, 15))
    }
    // Reads landed during the writes, showing them, not only once the writes stopped.
    const landedDuring = landed
    expect(landedDuring).toBeGreaterThanOrEqual(4)
    expect(hashes().length).toBeGreaterThan(10)
    // One read at a time, each followed by at most one more: about one a read's time, not one a batch.
    expect(begun).toBeLessThanOrEqual(landedDuring + 2)
    // The last change is read too.
    await expect.poll(() => hashes().length).toBe(n + 1)
  })
})

describe('isAnswered', () => {
  it('is true only when an agent’s message has the question as parent', () => {
    expect(isAnswered(undefined, 'q1')).toBe(false)
    expect(isAnswered([], 'q1')).toBe(false)
    expect(isAnswered([question('q1')], 'q1')).toBe(false)
    expect(isAnswered([question('q1'), answer('a1', 'q1')], 'q1')).toBe(true)
    expect(isAnswered([question('q1'), answer('a1', 'q1')], 'q2')).toBe(false)
    expect(isAnswered([questionMessage('text', { ...storedAt, hash: 'u', parent: 'q1' })], 'q1')).toBe(false)
  })
})

describe('job ids from inbox ids', () => {
  it('reads the job id of a job inbox, and leaves other ids as they are', () => {
    expect(jobIdOfInbox('job_inbox::jobid_a::false')).toBe('jobid_a')
    expect(jobIdOfInbox('job_inbox::with::colons::false')).toBe('with::colons')
    expect(jobIdOfInbox('inbox::other')).toBe('inbox::other')
  })
})

describe('after a successful call → cache', () => {
  const after = <K extends RouteName>(name: K, body: unknown) => invalidateAfter(qc, name, body as RouteBodyInput<K>)

  it.each([
    ['add_llm_provider', {}, ['providers']],
    // The node forgets a removed provider, or one that can no longer embed, as the embedding model.
    ['modify_llm_provider', {}, ['embeddingModel', 'providers', ...everyInboxQuery]],
    ['remove_llm_provider', { llm_provider_id: 'gpt' }, ['embeddingModel', 'providers']],
    // Inbox lists follow the node's inbox_changed events, never a whole-list refetch.
    ['create_job', {}, []],
    ['change_job_llm_provider', { job_id: 'jobid_a', new_llm_provider_id: 'p2' }, []],
    ['update_job_config', { job_id: 'jobid_a', config: {} }, []],
    ['update_smart_inbox_name', { inbox_name: A, custom_name: 'x' }, []],
    // The open inbox shows the saved scope as sent; the save's inbox_changed has it read (once).
    ['update_job_scope', { job_id: 'jobid_a', job_scope: {} }, []],
    ['job_message', { job_id: 'jobid_a', content: 'hi' }, ['messages A']],
    ['job_message', { job_id: 'jobid_b', content: 'hi' }, ['messages B']],
    ['retry_message', { inbox_name: A, message_id: 'a1' }, ['messages A']],
    ['health_check', undefined, []],
    ['all_inboxes', undefined, []]
  ] as const)('%s %j marks stale: %j', async (name, body, expected) => {
    await after(name, body)
    expect(invalidated()).toEqual([...expected].sort())
  })

  it('update_job_scope puts the saved scope in the open inbox, nothing else of it changed', async () => {
    const saved = { ...scopeA, vector_fs_folders: [] }
    await after('update_job_scope', { job_id: 'jobid_a', job_scope: saved })
    expect(qc.getQueryData(cached['inbox A']!)).toEqual({ ...inboxA(), job_scope: saved })
    expect(qc.getQueryData(cached['inbox B']!)).toEqual({ ...inboxA('B'), inbox_id: B, job_scope: scopeA })
  })

  it('resolves only once the active queries it marked stale have been refetched', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    qc.removeQueries({ queryKey: keys.providers })
    const observer = new QueryObserver(qc, { queryKey: keys.providers, queryFn: () => gate.then(() => ['refetched']) })
    const stop = observer.subscribe(() => {})
    release()
    await expect.poll(() => qc.getQueryData(keys.providers)).toEqual(['refetched'])

    let next!: () => void
    const second = new Promise<void>((r) => (next = r))
    let settled = false
    let started = false
    observer.setOptions({
      queryKey: keys.providers,
      queryFn: () => {
        started = true
        return second.then(() => ['after add'])
      }
    })
    const done = after('add_llm_provider', {}).then(() => (settled = true))
    await expect.poll(() => started).toBe(true)
    await flush()
    expect(settled).toBe(false) // the mutation's pending state lasts until the list is fresh
    next()
    await done
    expect(qc.getQueryData(keys.providers)).toEqual(['after add'])
    stop()
  })
})

describe('the event stream back after a break', () => {
  it('marks every cached query stale once, since the events sent during the break were missed; messages no screen shows are dropped', async () => {
    disconnect()
    let resumed: (() => void) | undefined
    disconnect = connectEvents(
      {
        kind: 'http',
        request: () => Promise.reject(new Error('no requests in this test')),
        onEvent(_listener, onResumed) {
          resumed = onResumed
          return () => {}
        }
      },
      qc
    )
    expect(invalidated()).toEqual([])
    resumed?.()
    await flush()
    expect(invalidated()).toEqual(
      Object.keys(cached)
        .filter((name) => !name.startsWith('messages'))
        .sort()
    )
    // Read again, one page, when a view opens them (reconnect-catch-up.test.ts follows an open one).
    expect(qc.getQueryData(keys.messages(A))).toBeUndefined()
    expect(qc.getQueryData(keys.messages(B))).toBeUndefined()
  })
})

describe('answers begun before this window followed them (a reload, a break in the events)', () => {
  const partialA = () => useStreaming.getState().partial[A]

  it('deltas of an answer whose start this stream did not see make it late; once an event of the inbox came, the next answer is not', () => {
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'the middle of an answer' } })
    expect(partialA()).toEqual({ parent: 'q1', text: 'the middle of an answer', late: true })
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: ', its end' } })
    expect(partialA()).toEqual({ parent: 'q1', text: 'the middle of an answer, its end', late: true })
    // The answer is stored (an inbox_changed): the next question's answer starts after it, on this stream.
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: inboxA() } })
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q2', text: 'A whole answer' } })
    expect(partialA()).toEqual({ parent: 'q2', text: 'A whole answer' })
  })

  it('a stream back after a break marks the answer being written in a shown conversation late (deltas were lost) and follows nothing until events come again', () => {
    // The conversation is on screen (its messages have a view).
    const view = new QueryObserver(qc, { queryKey: keys.messages(A), enabled: false })
    const stop = view.subscribe(() => {})
    followAnswers(A)
    emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'Seen from the start' } })
    expect(partialA()!.late).toBeUndefined()
    resume!()
    expect(partialA()).toEqual({ parent: 'q1', text: 'Seen from the start', late: true })
    expect(followsAnswers(A)).toBe(false)
    stop()
  })
})

describe('an event whose handling throws, in the desktop window (IPC: nothing ends the stream)', () => {
  it('is followed by a re-read of what it may have changed, logged once, and later events still apply', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const append = useStreaming.getState().append.bind(null)
    try {
      // A bug in the streaming store, hit by every delta of an answer.
      useStreaming.setState({
        append: () => {
          throw new Error('a bug in the streaming store')
        }
      })
      expect(() => emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'Hel' } })).not.toThrow()
      emit({ type: 'message_delta', data: { inbox: A, parent: 'q1', text: 'lo' } })
      await flush()
      // As after a break: every cached query is read again, messages no screen shows are dropped.
      expect(invalidated()).toEqual(
        Object.keys(cached)
          .filter((name) => !name.startsWith('messages'))
          .sort()
      )
      expect(qc.getQueryData(keys.messages(A))).toBeUndefined()
      expect(errors).toHaveBeenCalledTimes(1)
      expect(String(errors.mock.calls[0]![0])).toContain('message_delta')
      expect(errors.mock.calls[0]![1]).toEqual(new Error('a bug in the streaming store'))

      useStreaming.setState({ append })
      emit({ type: 'inbox_changed', data: { inbox_id: B, inbox: { ...inboxA('B renamed'), inbox_id: B } } })
      await batch()
      const pages = qc.getQueryData<{ pages: { inboxes: Inbox[] }[] }>(cached['inboxes (visible)']!)!.pages
      expect(pages[0]!.inboxes.map((i) => i.custom_name)).toEqual(['B renamed'])
      emit({ type: 'message_delta', data: { inbox: B, parent: 'q9', text: 'after the failure' } })
      // An event of B came after the recovery: its answer is seen from the start.
      expect(useStreaming.getState().partial[B]).toEqual({ parent: 'q9', text: 'after the failure' })
    } finally {
      useStreaming.setState({ append })
      errors.mockRestore()
    }
  })
})

describe('the inboxes this window remembers having seen events for', () => {
  const inboxN = (n: number) => `job_inbox::jobid_${n}::false`
  const event = (n: number): NodeEvent => ({
    type: 'inbox_changed',
    data: { inbox_id: inboxN(n), inbox: { ...inboxA(String(n)), inbox_id: inboxN(n) } }
  })

  it('stay at most FOLLOWED_KEPT however many inboxes change; the least recently active are forgotten first', async () => {
    resume!()
    for (let n = 0; n < FOLLOWED_KEPT; n++) emit(event(n))
    // Inbox 0 changes again: it is now among the latest, and inbox 1 the oldest.
    emit(event(0))
    for (let n = FOLLOWED_KEPT; n < FOLLOWED_KEPT + 500; n++) emit(event(n))
    expect(followedCount()).toBe(FOLLOWED_KEPT)
    expect(followsAnswers(inboxN(0))).toBe(true)
    expect(followsAnswers(inboxN(1))).toBe(false)
    expect(followsAnswers(inboxN(501))).toBe(true)
    expect(followsAnswers(inboxN(FOLLOWED_KEPT + 499))).toBe(true)
    // The oldest forgotten answer reads as one begun unseen, as before any bound; a recent one does not.
    emit({ type: 'message_delta', data: { inbox: inboxN(1), parent: 'q', text: 'x' } })
    emit({ type: 'message_delta', data: { inbox: inboxN(0), parent: 'q', text: 'y' } })
    expect(useStreaming.getState().partial[inboxN(1)]!.late).toBe(true)
    expect(useStreaming.getState().partial[inboxN(0)]!.late).toBeUndefined()
    await batch()
  })

  it('a removed inbox is forgotten at once', () => {
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: inboxA() } })
    expect(followsAnswers(A)).toBe(true)
    emit({ type: 'inbox_changed', data: { inbox_id: A, inbox: null } })
    expect(followsAnswers(A)).toBe(false)
  })
})
