import { answerHolds, type HoldsAnswer, type HoldsAsked } from './shown-text-holds'

/*
 * Whether a long message holds the find's words, worked out off the window's thread (find-text-soon.ts,
 * shown-text-holds.ts): one question at a time, the window sending the next once this one is answered.
 */
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<HoldsAsked>) => void) | null
  postMessage: (data: HoldsAnswer) => void
}
scope.onmessage = ({ data }) => scope.postMessage(answerHolds(data))
