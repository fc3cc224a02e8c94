/** Answers queued questions through the job's provider; implemented by src/main/runtime. */
export interface AnswerRuntime {
  /** A question was queued in this inbox. */
  wake(inboxId: string): void
  /** Cancels the answer being written in this inbox, keeping what was written; false when none is. */
  stop(inboxId: string): boolean
  /** Abandons the answer being written in this inbox without storing anything (its job is being removed). */
  cancel(inboxId: string): void
  /** Whether an answer is being written in this inbox. */
  busy(inboxId: string): boolean
  /**
   * Providers were pointed at other servers: questions waiting out a pause of the server they went
   * to (it answered 429) go to their new server instead.
   */
  reroute(): void
  /**
   * The settings a call to this provider uses (address, key, model) were edited: its calls that
   * have not begun to answer are asked again with the new ones.
   */
  providerEdited(providerId: string): void
  /** The inbox's job was moved to another provider: its call, if it has not begun to answer, is asked again of the new one. */
  jobMoved(inboxId: string): void
}

/** For nodes that store questions but do not answer them (tests of the API alone). */
export const idleRuntime: AnswerRuntime = {
  wake: () => {},
  stop: () => false,
  cancel: () => {},
  busy: () => false,
  reroute: () => {},
  providerEdited: () => {},
  jobMoved: () => {}
}
