import type { QueryClient } from '@tanstack/react-query'
import type { NodeEvent } from '../../../shared/contract/events'
import type { Inbox } from '../../../shared/contract/inbox'
import type { LastMessage } from '../../../shared/contract/message'
import { isAnswer } from '../../../shared/message-role'
import { isWithin, parentPath } from '../../../shared/vfs-path'
import { useAnswerPauses } from '../stores/answer-pauses'
import { useAskedFlags } from '../stores/asked-flags'
import { forgetRemovedInbox } from '../stores/removed-inbox'
import { useRegenerations } from '../stores/regenerations'
import { dropTextsExcept, eventsResumed, followAnswers, followsAnswers, toldUpTo, useStreaming } from '../stores/streaming'
import { createClient, type Client } from './client'
import { forgetDraftsOfRemoved } from './gone-drafts'
import {
  applyInboxChanges,
  inboxPageKeys,
  listsReadAfterBreak,
  onCountInDoubt,
  onInboxChanges,
  refreshCount,
  cachedInbox,
  COUNT_READ_TRIES,
  countWait,
  sameButScope,
  type InboxFilter
} from './inbox-pages'
import { catchUpPages, keys, loadedMessages, MESSAGE_PAGE, refreshFolderListing, type MessagePages } from './queries'
import { readAgainAfterReads } from './read-again'
import type { Transport } from './transport'

/** The stored answer to `parent` in `messages` other than the `replaced` ones, if there is one. */
const storedAnswer = (messages: readonly LastMessage[] | undefined, parent: string, replaced: readonly string[] = []) =>
  messages?.find((m) => m.job_message.parent === parent && isAnswer(m) && !replaced.includes(m.node_api_data.node_message_hash))

/** True when `messages` holds a stored answer to `parent` other than the `replaced` ones. */
export const isAnswered = (messages: readonly LastMessage[] | undefined, parent: string, replaced: readonly string[] = []) =>
  !!storedAnswer(messages, parent, replaced)

/**
 * The stored replies to `parent` in the cached messages of `inbox` that an answer starting now
 * replaces (a regenerated answer): those stored before the newest message the event stream has told
 * of. A reply fetched over HTTP before its own event arrived is the answer now starting, not one it
 * replaces: its deltas come before its inbox_changed on the stream, and may arrive after the fetch.
 * When the stream has told nothing of the inbox (an answer begun before this window followed it),
 * none: counted replaced, the answer itself, stored, would show as still being written for good;
 * counted not replaced, a regeneration seen late goes without its progress notice.
 */
const repliesTo = (qc: QueryClient, inbox: string, parent: string) => {
  const told = toldUpTo(inbox)
  if (told === undefined) return []
  return loadedMessages(qc.getQueryData<MessagePages>(keys.messages(inbox)))
    .filter((m) => m.job_message.parent === parent && isAnswer(m) && m.node_api_data.node_timestamp <= told)
    .map((m) => m.node_api_data.node_message_hash)
}

/**
 * The streamed text of an answer, or the notice of its pause, goes once the stored answer is in the
 * fetched messages, or is the inbox's last message as its inbox_changed event told (an inbox no view
 * shows has no fetched messages, and its answers' text would be kept for as long as the window is open).
 */
function clearIfStored(qc: QueryClient, inbox: string, last?: LastMessage | null) {
  const messages = loadedMessages(qc.getQueryData<MessagePages>(keys.messages(inbox)))
  const stored = (parent: string, replaced?: readonly string[]) =>
    storedAnswer(messages, parent, replaced) ?? (last ? storedAnswer([last], parent, replaced) : undefined)
  const partial = useStreaming.getState().partial[inbox]
  const answer = partial && stored(partial.parent, partial.replaced)
  if (answer) useStreaming.getState().clear(inbox, partial.parent, answer.node_api_data.node_message_hash)
  const pause = useAnswerPauses.getState().pauses[inbox]
  if (pause && stored(pause.parent, pause.replaced)) useAnswerPauses.getState().clear(inbox, pause.parent)
}

/**
 * Messages after a break, however many were missed: an open conversation reads its newest page
 * once (one request each; see catchUpPages), a conversation no screen shows is dropped from the
 * cache and read afresh, one page, when it is opened again.
 */
export async function catchUpMessages(qc: QueryClient, client: Client): Promise<void> {
  const queries = qc.getQueryCache().findAll({ queryKey: ['messages'] })
  dropTextsExcept(new Set(queries.filter((q) => q.getObserversCount() > 0).map((q) => q.queryKey[1] as string)))
  await Promise.all(
    queries.map(async (query) => {
      const key = query.queryKey
      const inbox = key[1] as string
      if (!query.getObserversCount()) return qc.removeQueries({ queryKey: key, exact: true })
      // Its first read is still under way (a window opened on it as the stream connected): that
      // read is newer than the break, so it is left to finish rather than cancelled with nothing in its place.
      if (query.state.data === undefined) return
      try {
        const fresh = await client.call('last_messages', { body: { inbox_name: inbox, limit: MESSAGE_PAGE } })
        // A page being read meanwhile would be written over the caught-up pages: it is cancelled. That
        // read may have been asked for after this one (an event on the new stream), and be newer than
        // what this one brought: then the messages are read again once these are written.
        const reading = qc.getQueryState(key)?.fetchStatus === 'fetching'
        await qc.cancelQueries({ queryKey: key, exact: true })
        qc.setQueryData<MessagePages>(key, (data) => data && catchUpPages(data, fresh))
        clearIfStored(qc, inbox)
        if (reading) void qc.invalidateQueries({ queryKey: key, exact: true }).then(() => clearIfStored(qc, inbox))
      } catch {
        // Gone meanwhile (its inbox query says so) or unreachable: the query reads again by itself.
        await qc.invalidateQueries({ queryKey: key, exact: true })
      }
    })
  )
}

/** Inbox changes arriving within this window are applied together (a script writing fast sends hundreds a second). */
export const EVENT_BATCH_MS = 50
/** Library changes arriving within this window are read again together (a drop of 2,000 files sends an event per file). */
export const VFS_EVENT_BATCH_MS = 250
/** An open search asks the node again after inbox changes at most this often (a script writing steadily made one a batch). */
export const SEARCH_REFRESH_MS = 500

/**
 * Node events keep every window in sync: inbox changes patch the cached lists in place (batched) and
 * refresh the messages of the inboxes they name (and an open inbox's scope when it was what changed); deltas of an answer being written go to the
 * streaming store until the stored answer has been fetched.
 */
export function connectEvents(transport: Transport, qc: QueryClient): () => void {
  const client = createClient(transport)
  let pending = new Map<string, Inbox | null>()
  /** Inboxes of the batch whose scope changed: read again (get_inbox) if a view holds them. */
  let rescoped = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | null = null
  const readAgain = readAgainAfterReads(qc)
  const countTimers = new Map<string, ReturnType<typeof setTimeout>>()
  let vfsPaths = new Set<string>()
  let vfsTimer: ReturnType<typeof setTimeout> | null = null
  const flushVfs = () => {
    vfsTimer = null
    const paths = vfsPaths
    vfsPaths = new Set()
    // Each changed entry's folder, the entry itself (a folder's own listing, a file's passages),
    // and once the views across the library (names found, file counts, searches); other folders stay cached.
    const folders = new Set<string>()
    for (const path of paths) {
      folders.add(parentPath(path))
      folders.add(path)
    }
    // Spaced by what each listing's last read cost: a folder filling with thousands of files is not read whole each batch.
    for (const folder of folders) refreshFolderListing(qc, folder)
    // A folder moved or deleted elsewhere names only itself: what is cached of the entries inside it
    // (a file's preview, a subfolder's listing) is read again too, or a preview kept showing a file
    // the node no longer has.
    const inside = (path: unknown) => typeof path === 'string' && [...paths].some((p) => isWithin(path, p))
    void qc.invalidateQueries({
      predicate: (q) => q.queryKey[0] === 'vfs' && (q.queryKey[1] === 'resource' || q.queryKey[1] === 'folder') && inside(q.queryKey[2])
    })
    void qc.invalidateQueries({ queryKey: keys.vfsFindAll })
    void qc.invalidateQueries({ queryKey: keys.vfsFileStates })
    void qc.invalidateQueries({ queryKey: keys.vfsSearch })
    void qc.invalidateQueries({ queryKey: keys.vfsMissingAll })
    // The root itself changes only when the embedding model is set (every file is embedded again):
    // Settings, open meanwhile, shows the model the node now uses.
    if (paths.has('/')) void qc.invalidateQueries({ queryKey: keys.embeddingModel })
  }
  /**
   * Inbox changes told so far that may move a list's count (a count read is written only if none came
   * while it was read): an inbox new to the window, removed, or hidden, shown, pinned or unpinned. A
   * message stored moves none: counted too, a script writing to other inboxes twice a second kept every
   * count read from being written, and a removal's count stayed wrong for as long as it wrote.
   */
  let inboxChangesTold = 0
  /** Those of them still waiting in `pending` for their batch. */
  let pendingMoving = new Set<string>()
  let closed = false
  /**
   * The lists whose count reads the node refused COUNT_READ_TRIES times in a row (about a minute): read
   * again once the node is seen answering, a read of the window answered (the node back after being
   * down has every list read again, see useNodeStatus). Over IPC the stream never breaks: a node that
   * refused for longer left "1,900 inboxes" with none left until the next change.
   */
  const givenUp = new Map<string, InboxFilter>()
  /** `failures`: count reads of this list that failed in a row (each next one waits longer; see COUNT_READ_TRIES). */
  const recount = (filter: InboxFilter, failures = 0) => {
    const key = JSON.stringify(filter)
    if (closed || countTimers.has(key)) return
    countTimers.set(
      key,
      setTimeout(() => {
        countTimers.delete(key)
        const told = inboxChangesTold
        // Not written if a change came meanwhile or waits for its batch: the count holds it already, and
        // its patch would count it again (58 of 59 after a removal elsewhere). Read again a moment later.
        void refreshCount(qc, client, filter, () => inboxChangesTold === told && pendingMoving.size === 0).then((read) => {
          if (read === 'moved') recount(filter)
          // Not answered (a node busy deleting 100,000 inboxes refused it): read again, waiting longer each
          // time. It was left as it was, and the list said "1,900 inboxes" with none left until a reload.
          else if (read === 'failed' && failures + 1 < COUNT_READ_TRIES) recount(filter, failures + 1)
          else if (read === 'failed') givenUp.set(key, filter)
          else givenUp.delete(key)
        })
      }, countWait(failures))
    )
  }

  // Searches ask again at once after a quiet time, else once the interval is over (the last change is never left out).
  let searchTimer: ReturnType<typeof setTimeout> | null = null
  let searchedAt = -Infinity
  const researchNow = () => {
    searchTimer = null
    searchedAt = Date.now()
    void qc.invalidateQueries({ queryKey: inboxPageKeys.searches })
  }
  const research = () => {
    if (searchTimer) return
    const wait = searchedAt + SEARCH_REFRESH_MS - Date.now()
    if (wait <= 0) researchNow()
    else searchTimer = setTimeout(researchNow, wait)
  }

  const flush = () => {
    timer = null
    const changes = pending
    pending = new Map()
    pendingMoving = new Set()
    const scopes = rescoped
    rescoped = new Set()
    applyInboxChanges(qc, changes).forEach(recount)
    if (changes.size) research()
    for (const [inbox, value] of changes) {
      if (value === null) {
        qc.removeQueries({ queryKey: keys.messages(inbox) })
        continue
      }
      if (scopes.has(inbox)) void readAgain(inboxPageKeys.one(inbox))
      void readAgain(keys.messages(inbox)).then(() => clearIfStored(qc, inbox, value.last_message))
    }
  }

  // A new stream has seen no answer start (set up again: what an earlier one followed no longer holds).
  eventsResumed()
  // A pin or hide asked for here is the rows' own once its change is in them (see asked-flags.ts).
  const offAsked = onInboxChanges(qc, (changes) => useAskedFlags.getState().told(changes))
  // A list read while changes were told: its count is read again from the node.
  const offDoubt = onCountInDoubt(qc, (filter) => recount(filter))
  // A read answered by the node (not a patch of the cache, nor the health check, answered by a node too
  // busy for anything else): the counts given up on are read again.
  const offAnswered = qc.getQueryCache().subscribe((e) => {
    if (!givenUp.size || e.type !== 'updated' || e.action.type !== 'success' || e.action.manual) return
    if ((e.query.queryKey as readonly unknown[])[0] === keys.health[0]) return
    const doubtful = [...givenUp.values()]
    givenUp.clear()
    doubtful.forEach((filter) => recount(filter))
  })
  const off = transport.onEvent(
    (event: NodeEvent) => {
      switch (event.type) {
        case 'message_delta': {
          const { inbox, parent, text } = event.data
          const current = useStreaming.getState().partial[inbox]
          // The answer before this one to the same question was stored (its event came) and may not be
          // fetched yet: this is another answer (a regeneration), begun now, not more of that one, and
          // it replaces that one too.
          const before = current?.parent === parent ? current.stored : undefined
          if (before) useStreaming.getState().clear(inbox, parent, before)
          const starting = current?.parent !== parent || before !== undefined
          const replies = starting ? repliesTo(qc, inbox, parent) : undefined
          const replaced = before && !replies!.includes(before) ? [...replies!, before] : replies
          useStreaming.getState().append(inbox, parent, text, replaced, starting && !followsAnswers(inbox))
          useAnswerPauses.getState().clear(event.data.inbox)
          break
        }
        case 'answer_paused': {
          const { inbox, parent, reason, wait_ms } = event.data
          const replaced = repliesTo(qc, inbox, parent)
          // The answer is asked for again from its start: what streamed of it before is not kept in front of it.
          useStreaming.getState().restart(inbox, parent)
          useAnswerPauses.getState().pause(inbox, { parent, reason, until: Date.now() + wait_ms, ...(replaced.length ? { replaced } : {}) })
          break
        }
        case 'inbox_changed': {
          const { inbox_id, inbox } = event.data
          if (inbox) followAnswers(inbox_id, inbox.last_message?.node_api_data.node_timestamp ?? '')
          // Removed: an answer it was writing, or waiting to write, is gone with it, and so is its unsent draft.
          else forgetRemovedInbox(inbox_id)
          // The answer being written is stored: told here, in the stream's order, so that a delta
          // after this one to the same question is read as a new answer (see message_delta).
          const last = inbox?.last_message
          const partial = useStreaming.getState().partial[inbox_id]
          if (last && partial && isAnswer(last) && last.job_message.parent === partial.parent) {
            const hash = last.node_api_data.node_message_hash
            if (!partial.replaced?.includes(hash)) useStreaming.getState().markStored(inbox_id, partial.parent, hash)
          }
          // A regeneration asked for here is over once a reply it did not replace is stored, whether
          // or not its conversation is on screen (else Regenerate stayed greyed until a reload).
          if (last && isAnswer(last))
            useRegenerations.getState().replied(inbox_id, last.job_message.parent, last.node_api_data.node_message_hash)
          // An open inbox's scope (it can be megabytes) is read with it once, not again for each message:
          // only a change that leaves every listed field as it was (a scope saved, here or elsewhere) has it read again.
          const before = pending.has(inbox_id) ? pending.get(inbox_id) : qc.getQueryData<Inbox | null>(inboxPageKeys.one(inbox_id))
          if (inbox && before && sameButScope(before, inbox)) rescoped.add(inbox_id)
          // Its first read under way (nothing to compare with) began before this change, which may be its scope: read again after it.
          if (inbox && before === undefined && qc.getQueryState(inboxPageKeys.one(inbox_id))?.fetchStatus === 'fetching')
            rescoped.add(inbox_id)
          // Known with the same flags (hidden, pinned): in the same lists as before, every count as it was.
          const known = pending.has(inbox_id) ? pending.get(inbox_id) : cachedInbox(qc, inbox_id)
          if (!inbox || !known || known.is_hidden !== inbox.is_hidden || known.is_pinned !== inbox.is_pinned) {
            inboxChangesTold++
            pendingMoving.add(inbox_id)
          }
          pending.set(inbox_id, inbox)
          timer ??= setTimeout(flush, EVENT_BATCH_MS)
          break
        }
        case 'vector_fs_changed':
          vfsPaths.add(event.data.path)
          vfsTimer ??= setTimeout(flushVfs, VFS_EVENT_BATCH_MS)
          break
        case 'provider_changed':
          void qc.invalidateQueries({ queryKey: keys.providers })
          // Rows show each inbox's provider: lists are read again (rare: an operator edits a provider).
          void qc.invalidateQueries({ queryKey: inboxPageKeys.all })
          // A removed provider, or one that can no longer embed, stops being the embedding model.
          void qc.invalidateQueries({ queryKey: keys.embeddingModel })
          break
      }
    },
    // Back after a break: what the missed events would have patched is read again, messages a page at most.
    () => {
      eventsResumed()
      // The events of pins and hides asked for may be among those missed: the lists read again say them.
      useAskedFlags.getState().clear()
      void catchUpMessages(qc, client)
      // Once read again, what holds inboxes of them outside the lists (a selection) checks those not in them.
      const since = Date.now()
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'messages' }).then(() => {
        if (!closed) listsReadAfterBreak(qc, since)
      })
      // A conversation removed meanwhile takes its draft with it, as its inbox_changed would have.
      void forgetDraftsOfRemoved(client)
    }
  )
  // Drafts outlive the window (a reload, the app closed and opened again); conversations may not. Those
  // removed while no window listened take their drafts with them, checked once at start: now, or when
  // the stream's first connection is reported as a resumption (above).
  if (!transport.resumesOnConnect) void forgetDraftsOfRemoved(client)
  return () => {
    closed = true
    offAnswered()
    off()
    offAsked()
    offDoubt()
    if (timer) clearTimeout(timer)
    timer = null
    if (searchTimer) clearTimeout(searchTimer)
    searchTimer = null
    countTimers.forEach(clearTimeout)
    countTimers.clear()
    pending.clear()
    rescoped.clear()
    if (vfsTimer) clearTimeout(vfsTimer)
    vfsTimer = null
    vfsPaths.clear()
  }
}
