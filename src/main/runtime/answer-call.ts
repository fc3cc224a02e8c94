import type { LanguageModelV4CallOptions } from '@ai-sdk/provider'
import type { ProviderFailureKind } from './provider-errors'
import { observingFetch, localResourceCode, type CallObservation } from './call-backoff'
import { languageModel, providerFetch, type ModelTarget } from './language-model'
import { callModel, callPulse, type CallTimeouts, type EndedBy } from './model-call'
import { describeFailure, ProviderFailure } from './provider-errors'
import { guardedFetch } from './response-cap'
import { UnreadableReplyError } from './openai-reply'
import { sizeText } from '../../shared/byte-size'
import { MIB } from '../../shared/contract/limits'
import { PROVIDER_CATALOG } from '../../shared/provider-catalog'

/**
 * Why the node ended an answer's call early: the operator stopped it, the node is closing, the job
 * was removed, or the provider's settings were edited before the call's first word.
 */
export type AnswerAbortReason = 'stop' | 'shutdown' | 'cancel' | 'edited'

/** One answer's provider call, as plain data: it crosses to the provider worker by structured clone. */
export interface AnswerCallRequest {
  /** With the key decrypted for this call only. */
  readonly target: ModelTarget
  readonly options: Omit<LanguageModelV4CallOptions, 'abortSignal'>
  readonly stream: boolean
  readonly timeouts: CallTimeouts
  /** The answer's text stops growing here (bytes of UTF-8). */
  readonly maxTextBytes: number
  /** Wire bytes the response may take before the call is ended. */
  readonly wireLimit: number
}

export type AnswerCallOutcome =
  /** endedBy: the provider's content filter or the model's output limit ended the reply after `text` (which may be empty). */
  /** toolCall: the text is empty and the model asked to call this tool instead. */
  | { readonly kind: 'done'; readonly text: string; readonly endedBy?: EndedBy; readonly thoughtOnly?: true; readonly toolCall?: string }
  /** Cut at maxTextBytes, or the response outgrew wireLimit: `text` is what came before. */
  | { readonly kind: 'truncated'; readonly text: string }
  | { readonly kind: 'aborted'; readonly reason: AnswerAbortReason; readonly text: string }
  | {
      readonly kind: 'failed'
      readonly failure: { readonly kind: ProviderFailureKind; readonly message: string; readonly status?: number }
      /** This machine ran short (EMFILE, ENOMEM…): not the provider's failure. */
      readonly localError?: string
      /** A 429's wait in ms (null: the reply named none). */
      readonly rateLimitedFor?: number | null
      /** The answer's text that had streamed before the failure ('' when none had). */
      readonly text: string
    }

const TOO_LARGE = 'too_large'

/**
 * One streamed event (or NDJSON line) may take this many bytes: room for a piece of the answer
 * as large as the whole answer, JSON-escaped, and never less than 8 MiB.
 */
const maxEventBytes = (maxTextBytes: number) => Math.max(8 * MIB, Math.ceil((8 * maxTextBytes) / MIB) * MIB)

/**
 * Calls the provider for one answer: the SDK's request, the streamed reply's parsing, time-outs and
 * size limits. Never rejects: every ending is an outcome. `signal` aborts with an AnswerAbortReason.
 * The same code runs in the provider worker (the desktop app and headless mode) and in-process.
 */
export async function runAnswerCall(
  req: AnswerCallRequest,
  baseFetch: typeof fetch,
  signal: AbortSignal,
  onDelta: (text: string) => void
): Promise<AnswerCallOutcome> {
  const controller = new AbortController()
  const follow = () => controller.abort(signal.reason)
  if (signal.aborted) follow()
  else signal.addEventListener('abort', follow, { once: true })
  const seen: CallObservation = {}
  try {
    const pulse = callPulse()
    const limit = maxEventBytes(req.maxTextBytes)
    const wire = guardedFetch(observingFetch(providerFetch(baseFetch), seen), {
      maxBytes: req.wireLimit,
      onExceeded: () => controller.abort(TOO_LARGE),
      ...(req.stream && {
        stream: {
          protocol: PROVIDER_CATALOG[req.target.kind].protocol,
          maxEventBytes: limit,
          tooLarge: () => new UnreadableReplyError(`it sent an event larger than ${sizeText(limit)}`),
          endedEarly: pulse.endedEarly
        }
      })
    })
    const result = await callModel({
      model: await languageModel(req.target, wire, { event: pulse.beat, fault: pulse.fail, stream: req.stream, toolCall: pulse.toolCall }),
      pulse,
      options: req.options,
      stream: req.stream,
      failure: req.target,
      timeouts: req.timeouts,
      maxTextBytes: req.maxTextBytes,
      signal: controller.signal,
      onDelta: (text) => {
        if (!controller.signal.aborted) onDelta(text)
      }
    })
    // The reply outgrew its wire limit: what came of it is kept, cut (a whole answer asked for
    // without streaming gives its text up to the cut, a stream what it had streamed).
    if (controller.signal.reason === TOO_LARGE) {
      // No word of an answer came before the cut: the reply was not one (a wrong address, a flood of
      // something else). Stored as cut, it read as an empty answer the model gave and the node cut.
      if (!result.text.trim()) throw new UnreadableReplyError(`it is larger than ${sizeText(req.wireLimit)}`)
      return { kind: 'truncated', text: result.text }
    }
    if (result.outcome === 'aborted') {
      return { kind: 'aborted', reason: result.reason as AnswerAbortReason, text: result.text }
    }
    if (result.outcome === 'done') {
      return {
        kind: 'done',
        text: result.text,
        ...(result.endedBy ? { endedBy: result.endedBy } : {}),
        ...(result.thoughtOnly ? { thoughtOnly: true } : {}),
        ...(result.toolCall !== undefined ? { toolCall: result.toolCall } : {})
      }
    }
    return { kind: result.outcome, text: result.text }
  } catch (err) {
    const failure = err instanceof ProviderFailure ? err : describeFailure(err, req.target)
    return {
      kind: 'failed',
      failure: { kind: failure.kind, message: failure.message, ...(failure.status ? { status: failure.status } : {}) },
      localError: seen.localError ?? localResourceCode(err),
      rateLimitedFor: seen.rateLimitedFor,
      text: err instanceof ProviderFailure ? err.received : ''
    }
  } finally {
    signal.removeEventListener('abort', follow)
  }
}
