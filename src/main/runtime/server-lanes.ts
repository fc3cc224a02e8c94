import type { Model } from '../../shared/contract/identity'
import { serverKey } from '../domain/provider-keys'
import type { Logger } from '../platform/logger'
import type { PendingQuestion } from '../store/messages'

export const DEFAULT_CALLS_PER_SERVER = 4
const MAX_LOCAL_PAUSE_MS = 30_000
/**
 * Waiting inboxes told of a server's pause when it begins (answer_paused), the last queued: an
 * event each for a backlog of 100,000 was 20 MB of event stream per window and a second of the
 * node blocked at every 429. Inboxes queued while the pause lasts are told as they join.
 */
const MAX_TOLD_AT_PAUSE = 1_000
/** Inboxes read per page when resuming the queue after a start, one page per event-loop turn. */
const RESUME_PAGE = 100

export interface ConcurrencyOptions {
  /** Provider calls at once per server (default 4). */
  readonly perServer?: number
  /** By the server's API base as resolved (e.g. 'http://127.0.0.1:11434'): overrides perServer for that server. */
  readonly servers?: Readonly<Record<string, number>>
}

/** Why a question waits before it is asked again. */
export type PauseReason = 'rate_limit' | 'local_error'

/** How one turn (one question of one inbox) ended. */
export type TurnOutcome =
  | { readonly kind: 'done' }
  /** The server said 429: the question stays queued and its server pauses this long. */
  | { readonly kind: 'rate_limited'; readonly waitMs: number }
  /** This machine ran short (descriptors, memory): the question stays queued and every call pauses. */
  | { readonly kind: 'local_error'; readonly code: string }
  /** The call was dropped before its first word (its provider was edited): the question is asked again at once. */
  | { readonly kind: 'again' }

interface ServerOfInbox {
  readonly model: Model
  readonly external_url?: string | null
}

export interface LanesDeps {
  readonly log: Logger
  readonly limits?: ConcurrencyOptions
  readonly localErrorPauseMs?: number
  /** The inbox's oldest waiting question, read when its turn comes (never held while it waits). */
  nextQuestion(inboxId: string): PendingQuestion | undefined
  /** The id of the provider answering the inbox, undefined when its job is gone. */
  providerOf(inboxId: string): string | undefined
  /** The provider's model and URL, undefined when it is gone. */
  serverOf(providerId: string): ServerOfInbox | undefined
  /**
   * Answers one question. `callEnded` frees the server's slot as soon as the provider call is over,
   * while the answer is still being stored: the slot counts calls at once, and the inbox itself
   * stays busy (its next question waits) until the turn ends.
   */
  turn(inboxId: string, question: PendingQuestion, callEnded: () => void): Promise<TurnOutcome>
  /**
   * The inbox's next question waits until `until` (epoch ms): its server answered 429 (`rate_limit`),
   * or this machine failed the turn (`local_error`: out of descriptors, a full disk). Either way the
   * question is asked again from its start.
   */
  paused?(inboxId: string, until: number, reason: PauseReason): void
}

/** One server's calls: at most `limit` at once, taken round-robin from the inboxes waiting for it. */
interface Lane {
  readonly key: string
  readonly limit: number
  active: number
  /** Inbox ids in arrival order; an inbox whose turn ends goes to the back. */
  readonly waiting: Set<string>
  /** Epoch ms before which the lane starts nothing (the server asked us to slow down). */
  pausedUntil: number
}

export interface ServerLanes {
  /** The inbox has a question waiting: it joins its server's lane unless it is there or answering. */
  add(inboxId: string): void
  /** Waiting or answering. */
  has(inboxId: string): boolean
  /** The inbox is gone: it leaves the lane it waits in (a paused one keeps it until the pause ends otherwise). */
  forget(inboxId: string): void
  /**
   * A job was moved to another provider, or a provider to another server: the inboxes waiting out
   * a paused server's pause whose questions now go to another server move to that server's lane.
   */
  reroute(): void
  /**
   * Adds every inbox `page` lists (with its provider, read in the same query), a page per
   * event-loop turn, so requests keep being served meanwhile; a page shorter than `limit` is the last.
   */
  resume(page: (after: string, limit: number) => readonly { inbox_id: string; provider_id: string | null }[]): void
  /** Starts nothing more and forgets the waiting inboxes (their questions stay queued in SQLite). */
  stop(): void
  /** Resolves when every turn started has ended. */
  idle(): Promise<void>
}

/**
 * Schedules provider calls by server (kind + resolved API base, as the providers page groups
 * them): several providers are often models of one server, which has one GPU or one account's
 * rate limit, so the cap is the server's, not each provider's. A waiting inbox costs one id in a
 * Set; its question is read from SQLite only when a slot frees for it.
 */
export function createServerLanes(deps: LanesDeps): ServerLanes {
  const perServer = positive(deps.limits?.perServer, DEFAULT_CALLS_PER_SERVER)
  const basePause = deps.localErrorPauseMs ?? 1000
  const lanes = new Map<string, Lane>()
  const running = new Map<string, Promise<void>>()
  let stopped = false
  let pumpQueued = false
  let timer: NodeJS.Timeout | undefined
  let timerAt = Infinity
  let localPauseUntil = 0
  let localStreak = 0
  /** A turn started while this machine's failures last (see pump) is running. */
  let probeRunning = false

  // Lane keys by provider id, for one pump or one resume page (a provider's URL may be edited).
  const keys = new Map<string, string>()

  function keyOf(inboxId: string, providerId: string | null | undefined = deps.providerOf(inboxId)): string {
    if (providerId == null) return '' // its job is gone: the turn drops the question without a call
    let key = keys.get(providerId)
    if (key === undefined) {
      const provider = deps.serverOf(providerId)
      key = provider ? serverKey(provider) : ''
      keys.set(providerId, key)
    }
    return key
  }

  function lane(key: string): Lane {
    let l = lanes.get(key)
    if (!l) {
      const baseUrl = key.slice(key.indexOf(' ') + 1)
      l = { key, limit: positive(deps.limits?.servers?.[baseUrl], perServer), active: 0, waiting: new Set(), pausedUntil: 0 }
      lanes.set(key, l)
    }
    return l
  }

  function add(inboxId: string, providerId?: string | null): void {
    if (stopped || running.has(inboxId)) return
    const l = lane(providerId === undefined ? keyOf(inboxId) : keyOf(inboxId, providerId))
    if (l.waiting.has(inboxId)) return
    l.waiting.add(inboxId)
    if (l.pausedUntil > Date.now()) deps.paused?.(inboxId, l.pausedUntil, 'rate_limit')
    pumpSoon()
  }

  // On the next turn of the event loop: the request that queued the question is answered first.
  function pumpSoon(): void {
    if (pumpQueued || stopped) return
    pumpQueued = true
    setImmediate(() => {
      pumpQueued = false
      pump()
    })
  }

  function wakeAt(at: number): void {
    if (timer && timerAt <= at) return
    clearTimeout(timer)
    timerAt = at
    timer = setTimeout(
      () => {
        timer = undefined
        timerAt = Infinity
        pump()
      },
      Math.max(0, at - Date.now())
    )
  }

  function pump(): void {
    if (stopped) return
    keys.clear()
    const now = Date.now()
    if (now < localPauseUntil) return wakeAt(localPauseUntil)
    // After this machine failed a turn (a full disk, no descriptors), one new turn at a time until
    // one succeeds: each failed turn may have cost a provider call whose answer could not be kept.
    // Turns started before keep running; a long one does not hold up the probe.
    const probing = localStreak > 0
    if (probing && probeRunning) return
    for (const l of lanes.values()) {
      if (now < l.pausedUntil) {
        wakeAt(l.pausedUntil)
        continue
      }
      while (l.active < l.limit && l.waiting.size > 0) {
        const inboxId = l.waiting.values().next().value!
        l.waiting.delete(inboxId)
        if (running.has(inboxId)) continue // it re-joins when its turn ends
        const question = deps.nextQuestion(inboxId)
        if (!question) continue
        const key = keyOf(inboxId)
        if (key !== l.key) {
          // Its job moved to another provider's server while it waited.
          lane(key).waiting.add(inboxId)
          continue
        }
        start(l, inboxId, question, probing)
        if (probing) return
      }
      if (l.active === 0 && l.waiting.size === 0 && now >= l.pausedUntil) lanes.delete(l.key)
    }
  }

  function start(l: Lane, inboxId: string, question: PendingQuestion, probe = false): void {
    if (probe) probeRunning = true
    l.active++
    let slotHeld = true
    const freeSlot = () => {
      if (!slotHeld) return
      slotHeld = false
      l.active--
      pumpSoon()
    }
    const turn = deps
      .turn(inboxId, question, freeSlot)
      .catch((err: unknown) => {
        deps.log.error(`answering in ${inboxId} stopped`, err)
        return undefined
      })
      .then((outcome) => {
        freeSlot()
        running.delete(inboxId)
        if (probe) probeRunning = false
        if (stopped) return
        const now = Date.now()
        /** Inboxes told of this pause: the one refused, and (up to MAX_TOLD_AT_PAUSE) the others waiting for the server when a pause begins. */
        let told: Iterable<string> = []
        let until = l.pausedUntil
        let reason: PauseReason = 'rate_limit'
        if (outcome?.kind === 'rate_limited') {
          const begins = now >= l.pausedUntil
          if (begins) deps.log.info(`${l.key} is limiting requests (429): its calls pause for ${(outcome.waitMs / 1000).toFixed(1)} s`)
          l.pausedUntil = Math.max(l.pausedUntil, now + outcome.waitMs)
          lanes.set(l.key, l) // kept while paused, even with nothing waiting
          told = begins ? [inboxId, ...lastOf(l.waiting, MAX_TOLD_AT_PAUSE)] : [inboxId]
          until = l.pausedUntil
        } else if (outcome?.kind === 'local_error') {
          localStreak++
          const ms = Math.min(MAX_LOCAL_PAUSE_MS, basePause * 2 ** (localStreak - 1))
          if (now >= localPauseUntil) {
            deps.log.info(
              `${outcome.code}: this machine ran short of resources calling a provider; the question stays queued and calls resume in ${ms} ms`
            )
          }
          localPauseUntil = Math.max(localPauseUntil, now + ms)
          // The inbox whose turn failed: what it streamed before the failure is not its answer, which starts over.
          told = [inboxId]
          until = localPauseUntil
          reason = 'local_error'
        } else if (outcome) {
          localStreak = 0
        }
        // A turn that threw leaves the inbox alone until its next question (as a crash would). The
        // next turn goes to the server the inbox's job calls now: its job or provider may have
        // moved to another server during this one (then this server's pause is not its to wait out).
        if (outcome && deps.nextQuestion(inboxId)) {
          keys.clear()
          lane(keyOf(inboxId)).waiting.add(inboxId)
        }
        for (const id of told) deps.paused?.(id, until, reason)
        pumpSoon()
      })
      // The reads after a turn (its next question) can fail (a failing disk): logged, not left unhandled;
      // the inbox waits for its next question or restart, as after a turn that threw.
      .catch((err: unknown) => {
        deps.log.error(`after answering in ${inboxId}, the next question could not be read`, err)
        pumpSoon()
      })
    running.set(inboxId, turn)
  }

  return {
    add: (inboxId) => {
      keys.clear()
      add(inboxId)
    },
    has: (inboxId) => running.has(inboxId) || [...lanes.values()].some((l) => l.waiting.has(inboxId)),
    forget(inboxId) {
      for (const l of lanes.values()) l.waiting.delete(inboxId)
    },
    reroute() {
      if (stopped) return
      keys.clear()
      const now = Date.now()
      // Lanes not paused need nothing: pump files an inbox under its current server as it takes it.
      for (const l of [...lanes.values()]) {
        if (now >= l.pausedUntil) continue
        for (const inboxId of [...l.waiting]) {
          if (keyOf(inboxId) === l.key) continue
          l.waiting.delete(inboxId)
          add(inboxId)
        }
      }
      pumpSoon()
    },
    resume(page) {
      let after = ''
      const step = () => {
        if (stopped) return
        keys.clear()
        const rows = page(after, RESUME_PAGE)
        for (const row of rows) add(row.inbox_id, row.provider_id)
        if (rows.length === RESUME_PAGE) {
          after = rows.at(-1)!.inbox_id
          setImmediate(step)
        }
      }
      setImmediate(step)
    },
    stop() {
      stopped = true
      clearTimeout(timer)
      for (const l of lanes.values()) l.waiting.clear()
    },
    async idle() {
      await Promise.allSettled([...running.values()])
    }
  }
}

/** The last `n` of `ids`, in order. */
function* lastOf(ids: Set<string>, n: number): Generator<string> {
  let skip = ids.size - n
  for (const id of ids) if (skip-- <= 0) yield id
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isInteger(value) && value >= 1 ? value : fallback
}
