/** What the window tells of its session with the node (see useNodeStatus). */
export interface SessionNotice {
  /** The node no longer knows this window (it restarted and forgot its session). */
  readonly sessionEnded: boolean
  /** The window never had a session: its one-time code was used already, or there was none. */
  readonly signedOut: boolean
}

/** What the window knows when a request of it is refused for want of a session (401). */
export interface RefusalFacts {
  /** A read that needs the session was answered before. */
  readonly hadSession: boolean
  /** The node was seen down since the window opened. */
  readonly everDown: boolean
  /** An event stream of this window had been connected (a refused stream only). */
  readonly connectedBefore?: boolean
}

/**
 * The one decision on a 401, for a refused read and a refused event stream alike: a window that had a
 * session (a read answered, a stream connected) or saw the node go down lost it to a restart, "session
 * ended"; one that never had any is "signed out" (its one-time code was never accepted), unless its
 * session is already told ended. `notice` itself is returned when nothing changes (a React state kept).
 */
export function afterRefusal<S extends SessionNotice>(notice: S, facts: RefusalFacts): S {
  if (facts.hadSession || facts.everDown || facts.connectedBefore) return notice.sessionEnded ? notice : { ...notice, sessionEnded: true }
  return notice.signedOut || notice.sessionEnded ? notice : { ...notice, signedOut: true }
}
