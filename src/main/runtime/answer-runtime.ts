import type { JobConfig } from '../../shared/contract/job'
import type { LastMessage } from '../../shared/contract/message'
import type { LlmProvider } from '../../shared/contract/provider'
import { modelKind } from '../../shared/contract/identity'
import { jobIdOfInbox } from '../../shared/contract/inbox-id'
import { PROVIDER_CATALOG, type ProviderProtocol } from '../../shared/provider-catalog'
import type { AnswerRuntime } from '../domain/answering'
import type { MessageChain } from '../domain/message-chain'
import type { ReplyKind, ReplySource } from '../domain/message-roles'
import { citedSources } from './cited-sources'
import type { EventBus } from '../platform/event-bus'
import type { Logger } from '../platform/logger'
import type { Store } from '../store'
import { sizeText } from '../../shared/byte-size'
import { DEFAULT_MAX_ANSWER_BYTES, MIB } from '../../shared/contract/limits'
import type { PendingQuestion } from '../store/messages'
import { storageTrouble } from '../store/storage-trouble'
import { samplingOptions } from './language-model'
import { DEFAULT_TIMEOUTS, type CallTimeouts } from './model-call'
import { buildPrompt, DEFAULT_BUDGET, type PromptBudget } from './prompt'
import { describeFailure, emptyAnswerFailure, endedEmptyFailure, endedNote, ProviderFailure } from './provider-errors'
import { scopePassageCache } from './scope-cache'
import { localRetrieval } from './local-retrieval'
import type { ScopePassage, ScopeRetrieval } from '../vector-fs'
import { targetFor } from './provider-target'
import { utf8Prefix } from './response-cap'
import { backoffMs, localResourceCode, type CallObservation } from './call-backoff'
import type { AnswerAbortReason } from './answer-call'
import { inProcessCaller, sourceProviderWorker, workerCaller, type ProviderWorkerEntry } from './answer-callers'
import { createServerLanes, DEFAULT_CALLS_PER_SERVER, type ConcurrencyOptions, type TurnOutcome } from './server-lanes'

/** What the runtime works with: it reads jobs and questions, streams deltas, and appends replies to the chain. */
export interface RuntimeDeps {
  readonly store: Store
  readonly bus: EventBus
  readonly log: Logger
  readonly chain: MessageChain
  /** Finds the scope's passages for a question (the document library); absent, local scope documents alone, by keywords. */
  readonly retrieval?: ScopeRetrieval
}

export interface RuntimeOptions {
  readonly timeouts?: CallTimeouts
  readonly budget?: PromptBudget
  /** Provider calls through this fetch, on the main thread (a test's fetch cannot cross to the provider worker). */
  readonly fetch?: typeof fetch
  /**
   * Where provider calls run: the provider worker from this entry (the app and headless mode give
   * the bundled file), or 'in-process'. Default: the worker from the sources, through tsx.
   */
  readonly providerWorker?: ProviderWorkerEntry | 'in-process'
  /** An answer stops growing at this many bytes of UTF-8, the note saying it was cut included (default 1 MiB). */
  readonly maxAnswerBytes?: number
  /** Provider calls at once per server (kind + API base); default 4 per server. */
  readonly concurrency?: ConcurrencyOptions
  /** Times a question is retried after a 429 before a rate-limit note is stored (default 4). */
  readonly rateLimitRetries?: number
  /** The pause after a local resource error (EMFILE, ENOMEM…), doubled while they repeat up to 30 s (default 1 s). */
  readonly localErrorPauseMs?: number
  /**
   * This long after resume() (the node's start), the provider thread loads the SDKs of the stored
   * providers' protocols, so that the first answer does not wait most of a second for them.
   * Absent: no warm-up (the SDKs load with the first call).
   */
  readonly warmUpAfterMs?: number
}

export { DEFAULT_CALLS_PER_SERVER }

export interface RunningRuntime extends AnswerRuntime {
  /** Resumes inboxes whose questions were accepted but not answered (e.g. before a restart). */
  resume(): void
  /** Aborts answers in progress without storing them (they are answered after a restart) and waits. */
  close(): Promise<void>
  /** Whether the runtime keeps anything for this inbox (an answer, a place in a queue, a 429's count, a stop to store, its job's scope passages). */
  holds(inboxId: string): boolean
}

/** How long closing waits for calls to end after their abort before the provider thread is ended. */
const SHUTDOWN_WAIT_MS = 3000

const STOP: AnswerAbortReason = 'stop'
const SHUTDOWN: AnswerAbortReason = 'shutdown'
const CANCEL: AnswerAbortReason = 'cancel'
const EDITED: AnswerAbortReason = 'edited'

/** Ends a cut answer, so a reader sees where and why it stops. */
export function truncationNote(maxBytes: number): string {
  return `\n\n⚠ The answer was cut here: it reached the node's limit of ${sizeText(maxBytes)} for one answer.`
}

/** Ends an answer the provider broke off: why, in the provider failure's own words. */
export function brokenOffNote(failureMessage: string): string {
  // A connection cut mid-answer is already told as "… broke off the answer (…)".
  return /\bbroke off\b/.test(failureMessage) ? `\n\n⚠ ${failureMessage}` : `\n\n⚠ The answer broke off here. ${failureMessage}`
}

/**
 * The error note of an answer that broke off after part of it streamed: that part, which the
 * operator watched appear (never more than the answer size limit), then the note.
 */
function brokenOffAnswer(received: string, failureMessage: string, maxAnswerBytes: number): string {
  return utf8Prefix(received, maxAnswerBytes) + brokenOffNote(failureMessage)
}

/**
 * Wire bytes a response may take: a non-streamed answer is buffered whole by the SDK, so it is
 * held close to the text limit (JSON escaping may take up to 6 bytes per byte); a stream is
 * parsed as it comes and its text is cut by callModel, so this only ends endless non-text streams.
 */
const wireLimit = (maxAnswerBytes: number, stream: boolean) => (stream ? 256 : 8) * maxAnswerBytes + MIB

/**
 * Answers each inbox's questions in order, one at a time per inbox and many inboxes at once.
 * The queue is the `needs_answer` flag in SQLite, cleared in the same transaction that stores
 * the answer, so nothing accepted is lost across a restart.
 */
export function createAnswerRuntime(ctx: RuntimeDeps, options: RuntimeOptions = {}): RunningRuntime {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS
  const budget = options.budget ?? DEFAULT_BUDGET
  const caller =
    options.fetch || options.providerWorker === 'in-process'
      ? inProcessCaller(options.fetch)
      : workerCaller(options.providerWorker ?? sourceProviderWorker(), ctx.log)
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES
  const note = truncationNote(maxAnswerBytes)
  // The answer's text stops growing at the limit: an answer of the limit or less is kept whole, and
  // one that goes past it keeps exactly what came up to it, the note after that.
  const maxTextBytes = maxAnswerBytes
  const rateLimitRetries = options.rateLimitRetries ?? 4
  const inFlight = new Map<string, AbortController>()
  /** The provider each inbox's call in flight goes to, while it has not begun to answer. */
  const unanswered = new Map<string, string>()
  /** Inboxes whose call, dropped for an edit (EDITED) and not yet ended, was then stopped: it is not asked again. */
  const stoppedAfterEdit = new Set<string>()
  /** 429 retries of the question each inbox is on (only inboxes that met a 429 have an entry). */
  const rateAttempts = new Map<string, { hash: string; count: number }>()
  /**
   * Stops the disk refused to store (full, read-only, failing): the question stays queued, and when
   * its turn comes again this stopped answer is written instead of asking the provider anew, which
   * would answer it as if the operator had never stopped it. In memory only, since the disk is what
   * refused it: after a restart such a question is answered from its start.
   */
  const unstoredStops = new Map<string, { hash: string; text: string; sources?: ReplySource[] }>()
  const scopes = scopePassageCache(ctx.store)
  const retrieval = ctx.retrieval ?? localRetrieval
  let closed = false
  let warmUp: NodeJS.Timeout | undefined

  /** The protocols of the stored providers, each once. */
  const storedProtocols = (): ProviderProtocol[] => {
    const protocols = new Set<ProviderProtocol>()
    for (const row of ctx.store.providers.list()) {
      const { model } = JSON.parse(row.provider_json) as LlmProvider
      protocols.add(PROVIDER_CATALOG[modelKind(model).kind].protocol)
    }
    return [...protocols]
  }

  async function answer(inboxId: string, q: PendingQuestion, callEnded: () => void): Promise<TurnOutcome> {
    const done = { kind: 'done' } as const
    const question = JSON.parse(q.message_json) as LastMessage
    const jobId = question.job_message.job_id
    const job = ctx.store.jobs.get(jobId)
    if (!job) {
      ctx.store.messages.markAnswered(inboxId, q.hash)
      return done
    }
    const row = ctx.store.providers.get(job.provider_id)!
    const provider = JSON.parse(row.provider_json) as LlmProvider
    const reply = (content: string, kind: ReplyKind) =>
      ctx.chain.appendQueued(
        { inboxId, jobId, content, parent: q.hash, reply: { ...kind, agent: provider.full_identity_name } },
        { answers: q.hash }
      )

    const stopped = unstoredStops.get(inboxId)
    if (stopped?.hash === q.hash) {
      callEnded()
      // Busy while it is written: a Stop pressed meanwhile has nothing more to write.
      inFlight.set(inboxId, new AbortController())
      try {
        await reply(stopped.text, { role: 'stopped', ...(stopped.sources ? { sources: stopped.sources } : {}) })
      } catch (err) {
        const code = storageTrouble(err)
        if (closed) return done
        if (!code) throw err
        ctx.log.error(`could not store the stopped answer in ${inboxId} (${code}); it is written once the disk takes it`, err)
        return { kind: 'local_error', code }
      } finally {
        inFlight.delete(inboxId)
      }
      unstoredStops.delete(inboxId)
      rateAttempts.delete(inboxId)
      return done
    }

    const controller = new AbortController()
    inFlight.set(inboxId, controller)
    unanswered.set(inboxId, job.provider_id)
    const seen: CallObservation = {}
    /** The answer's text that streamed before the call failed, and the scope passages it drew on. */
    let received = ''
    let drewOn: ReplySource[] = []
    let retrying = false
    let target
    try {
      target = targetFor(provider, row.api_key, ctx.store)
      const config = JSON.parse(job.config_json) as JobConfig
      // Stored messages are of this shape (the chain writes them); they are shared, not copied.
      const history = ctx.store.messages.conversationFor(inboxId, q.seq) as Iterable<LastMessage>
      const scope = scopes.scope(jobId)
      let chosen: ScopePassage[] = []
      try {
        chosen = await retrieval.passagesFor({
          refs: scope.refs,
          local: scope.passages,
          question: question.job_message.content,
          budgetChars: budget.scopeChars
        })
      } catch (err) {
        ctx.log.error(`scope passages for ${inboxId} could not be read; answering without them`, err)
      }
      // Local documents are named by their resource name, library files by their path.
      const passages = chosen.map((p) => ({ label: p.path.startsWith('local:') ? p.name : p.path, text: p.text }))
      const sources = await citedSources(chosen, question.job_message.content)
      drewOn = sources
      const prompt = buildPrompt(config, passages, history, q.hash, budget)
      const request = {
        target,
        options: { prompt, ...samplingOptions(target.kind, config) },
        stream: config.stream,
        timeouts,
        maxTextBytes,
        wireLimit: wireLimit(maxAnswerBytes, config.stream)
      }
      const result = await caller
        .call(request, controller.signal, (text) => {
          unanswered.delete(inboxId)
          if (!controller.signal.aborted) ctx.bus.emit({ type: 'message_delta', data: { inbox: inboxId, text, parent: q.hash } })
        })
        .finally(callEnded)
      if (result.kind === 'failed') {
        seen.localError = result.localError
        seen.rateLimitedFor = result.rateLimitedFor
        received = result.text
        throw new ProviderFailure(result.failure.kind, result.failure.message, result.failure.status)
      }
      if (result.kind === 'truncated') {
        await reply(utf8Prefix(result.text, maxTextBytes) + note, { role: 'answer', truncated: true, sources })
        return done
      }
      if (result.kind === 'aborted') {
        // Nothing of it was heard: the question is asked again, with the provider's new settings.
        if (result.reason === EDITED) return againUnlessStopped(inboxId)
        if (result.reason === STOP) {
          try {
            await reply(result.text, { role: 'stopped', sources })
          } catch (err) {
            if (storageTrouble(err)) unstoredStops.set(inboxId, { hash: q.hash, text: result.text, sources })
            throw err
          }
        }
        // CANCEL: the job is gone with its inbox; nothing to store.
        return done // shutdown: the question stays queued and is answered after the restart
      }
      if (result.endedBy) {
        if (!result.text.trim()) throw endedEmptyFailure(target, result.endedBy)
        // The text came whole (an answer past the limit is 'truncated'): all of it is kept, the note
        // after it, as after a cut one. Fitting the note inside the limit dropped the answer's last
        // bytes, and the note then said the model ended it where it had not.
        await reply(result.text + endedNote(target, result.endedBy), { role: 'answer', sources })
        return done
      }
      if (!result.text.trim()) throw emptyAnswerFailure(target, result.thoughtOnly, result.toolCall)
      await reply(result.text, { role: 'answer', sources })
      return done
    } catch (err) {
      if (closed || controller.signal.reason === CANCEL) return done
      if (controller.signal.reason === EDITED) return againUnlessStopped(inboxId)
      // The reply could not be written (a full or failing disk): nor could a note, which would blame the provider.
      const unstored = storageTrouble(err)
      if (unstored) {
        retrying = true
        ctx.log.error(`could not store the answer in ${inboxId} (${unstored}); the question stays queued and is asked again`, err)
        return { kind: 'local_error', code: unstored }
      }
      // Our own shortage is not the provider's failure: nothing is stored, the question waits.
      const local = seen.localError ?? localResourceCode(err)
      if (local) {
        retrying = true
        return { kind: 'local_error', code: local }
      }
      const failure = err instanceof ProviderFailure ? err : describeFailure(err, target ?? { kind: 'OpenAI', model: '', baseUrl: '' })
      // A 429 reply, or a rate limit the server reported inside a 200 stream before any text (OpenAI's
      // and mock-llm's streamed errors, code rate_limit_exceeded): asked again after a pause. One that
      // cuts an answer short is stored with the part received, as any other break.
      if (failure.kind === 'rate_limit' && !received.trim()) {
        const prior = rateAttempts.get(inboxId)
        const count = prior?.hash === q.hash ? prior.count + 1 : 1
        if (count <= rateLimitRetries) {
          rateAttempts.set(inboxId, { hash: q.hash, count })
          retrying = true
          return { kind: 'rate_limited', waitMs: seen.rateLimitedFor ?? backoffMs(count) }
        }
      }
      ctx.log.info(`answer in ${inboxId} failed: ${failure.message}`)
      const error = { kind: failure.kind, ...(failure.status ? { status: failure.status } : {}) }
      try {
        if (received.trim())
          await reply(brokenOffAnswer(received, failure.message, maxAnswerBytes), { role: 'error', error, sources: drewOn })
        else await reply(`⚠ ${failure.message}`, { role: 'error', error })
      } catch (noteErr) {
        const code = storageTrouble(noteErr)
        if (!code) throw noteErr
        retrying = true
        ctx.log.error(`could not store the error note in ${inboxId} (${code}); the question stays queued and is asked again`, noteErr)
        return { kind: 'local_error', code }
      }
      return done
    } finally {
      inFlight.delete(inboxId)
      unanswered.delete(inboxId)
      stoppedAfterEdit.delete(inboxId)
      if (!retrying) rateAttempts.delete(inboxId)
    }
  }

  /**
   * A call dropped for an edit, before its first word, is asked again with the new settings; but
   * Stop was pressed after the edit, the question is stopped (nothing of it was heard or written).
   */
  function againUnlessStopped(inboxId: string): TurnOutcome {
    if (!stoppedAfterEdit.has(inboxId)) return { kind: 'again' }
    stopUnstarted(inboxId)
    return { kind: 'done' }
  }

  /**
   * Stop on a question whose call has not started (it waits for a free call slot on its server, or
   * for the server's 429 pause to end): it is answered as stopped before its first word, written at
   * once so the lane finds it answered and never calls for it.
   */
  function stopUnstarted(inboxId: string): boolean {
    const q = ctx.store.messages.nextPending(inboxId)
    if (!q) return false
    const question = JSON.parse(q.message_json) as LastMessage
    const job = ctx.store.jobs.get(question.job_message.job_id)
    if (!job) return false
    const row = ctx.store.providers.get(job.provider_id)
    if (!row) return false
    rateAttempts.delete(inboxId)
    const agent = (JSON.parse(row.provider_json) as LlmProvider).full_identity_name
    // Stopped before (the disk refused it) and waiting to be written: what had streamed then is kept.
    const kept = unstoredStops.get(inboxId)
    const prior = kept?.hash === q.hash ? kept : undefined
    const reply = { role: 'stopped', agent, ...(prior?.sources ? { sources: prior.sources } : {}) } as const
    try {
      ctx.chain.append({ inboxId, jobId: job.id, content: prior?.text ?? '', parent: q.hash, reply }, { answers: q.hash })
    } catch (err) {
      const code = storageTrouble(err)
      if (!code) throw err
      // The stop holds: when the question's turn comes, this is written instead of a call.
      ctx.log.error(`could not store the stopped answer in ${inboxId} (${code}); it is written once the disk takes it`, err)
      unstoredStops.set(inboxId, prior ?? { hash: q.hash, text: '' })
      return true
    }
    unstoredStops.delete(inboxId)
    return true
  }

  const lanes = createServerLanes({
    log: ctx.log,
    limits: options.concurrency,
    localErrorPauseMs: options.localErrorPauseMs,
    nextQuestion: (inboxId) => ctx.store.messages.nextPending(inboxId),
    providerOf: (inboxId) => ctx.store.messages.providerOfInbox(inboxId),
    serverOf: (providerId) => {
      const row = ctx.store.providers.get(providerId)
      return row && (JSON.parse(row.provider_json) as LlmProvider)
    },
    paused(inboxId, until, reason) {
      const q = ctx.store.messages.nextPending(inboxId)
      if (!q) return
      const data = { inbox: inboxId, parent: q.hash, reason, wait_ms: Math.max(0, Math.round(until - Date.now())) }
      ctx.bus.emit({ type: 'answer_paused', data })
    },
    async turn(inboxId, q, callEnded) {
      const outcome = await answer(inboxId, q, callEnded)
      const next = outcome.kind === 'done' && !closed ? ctx.store.messages.nextPending(inboxId) : undefined
      // The same question at a new place was answered and is owed another answer (retried meanwhile).
      if (next && next.hash === q.hash && next.place === q.place) {
        // Its answer could not be stored: drop it from the queue rather than call the provider forever.
        ctx.log.error(`could not store an answer in ${inboxId}; question ${q.hash} left unanswered`)
        ctx.store.messages.markAnswered(inboxId, q.hash)
      }
      return outcome
    }
  })

  const runtime: RunningRuntime = {
    wake(inboxId) {
      if (!closed) lanes.add(inboxId)
    },
    stop(inboxId) {
      const c = inFlight.get(inboxId)
      if (c) {
        // Dropped for an edit, it is asked again as it ends; aborting it again would change nothing.
        if (c.signal.reason === EDITED) stoppedAfterEdit.add(inboxId)
        else c.abort(STOP)
        return true
      }
      return !closed && stopUnstarted(inboxId)
    },
    cancel(inboxId) {
      inFlight.get(inboxId)?.abort(CANCEL)
      // The inbox is gone: nothing kept for it may outlive it (a 429's count, a stop to write, its place in a paused lane, its scope's passages).
      rateAttempts.delete(inboxId)
      unstoredStops.delete(inboxId)
      lanes.forget(inboxId)
      scopes.forget(jobIdOfInbox(inboxId))
    },
    holds: (inboxId) =>
      inFlight.has(inboxId) ||
      rateAttempts.has(inboxId) ||
      unstoredStops.has(inboxId) ||
      lanes.has(inboxId) ||
      scopes.has(jobIdOfInbox(inboxId)),
    busy: (inboxId) => lanes.has(inboxId),
    reroute() {
      if (!closed) lanes.reroute()
    },
    providerEdited(providerId) {
      for (const [inboxId, id] of unanswered) if (id === providerId) inFlight.get(inboxId)?.abort(EDITED)
    },
    jobMoved(inboxId) {
      if (unanswered.has(inboxId)) inFlight.get(inboxId)?.abort(EDITED)
      // A question waiting out the old server's pause (it answered 429) goes to the new one now.
      runtime.wake(inboxId)
    },
    resume() {
      lanes.resume((after, limit) => ctx.store.messages.pendingInboxesAfter(after, limit))
      if (options.warmUpAfterMs !== undefined && !warmUp) {
        warmUp = setTimeout(() => {
          if (!closed) void caller.warm(storedProtocols())
        }, options.warmUpAfterMs)
        warmUp.unref()
      }
    },
    async close() {
      closed = true
      clearTimeout(warmUp)
      lanes.stop()
      for (const c of inFlight.values()) c.abort(SHUTDOWN)
      // A provider thread stuck in a loop never answers the abort: it is ended after a while, which
      // ends its calls as shut down (their questions stay queued for the next start).
      let timer: NodeJS.Timeout | undefined
      await Promise.race([lanes.idle(), new Promise((r) => (timer = setTimeout(r, SHUTDOWN_WAIT_MS)))])
      clearTimeout(timer)
      await caller.close()
      await lanes.idle()
    }
  }
  return runtime
}
