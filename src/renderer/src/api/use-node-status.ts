import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { ApiFailure } from './client'
import { useClient } from './client-context'
import { watchNodeStatus, type NodeStatus } from './node-status'
import { keys } from './queries'
import { afterRefusal } from './session-refusal'

export interface NodeStatusState {
  readonly status: NodeStatus
  readonly downSince: Date | null
  /**
   * The node is back but no longer knows this window: a restarted headless node forgets its
   * browser sessions, so the page must be opened again from a fresh UI address.
   */
  readonly sessionEnded: boolean
  /**
   * A read was refused for want of a session, the node not seen going down: the window was opened
   * from a UI address whose one-time code was used already (each works once: a reload of a kept
   * address, a second tab), or none at all. Every screen said only "authorization: missing or wrong
   * bearer token", with a Try again that could not help.
   */
  readonly signedOut: boolean
}

/**
 * The node's status while the window is open. When it comes back after being down, what the window
 * shows is read again, once: it may have changed meanwhile (a restart, another window). An event
 * stream that broke connects again at once and does it (see connectEvents); else every query is
 * fetched again here. The stream's end, or its refusal, is told here too (see onStreamEnd).
 */
export function useNodeStatus(): NodeStatusState {
  const client = useClient()
  const qc = useQueryClient()
  const [state, setState] = useState<NodeStatusState>({ status: 'unknown', downSince: null, sessionEnded: false, signedOut: false })
  // Once down, a refusal is the restart's (sessionEnded says so), not a code used already (see afterRefusal).
  const everDown = useRef(false)
  // A read that needs the session was answered: a refusal after it is the session lost (a node restarted
  // between two health checks, too quickly to be seen down), not a code used already. It was told as
  // "the one-time code in the address it was opened with was used already", wrongly.
  const hadSession = useRef(false)
  // The event stream was refused with 401 and waits (see transport.reconnectEvents) for a sign that
  // the window may have a session again: the node seen back after being down, or a read answered.
  const streamRefused = useRef(false)
  useEffect(
    () =>
      qc.getQueryCache().subscribe((e) => {
        if (e.type !== 'updated') return
        // health_check is answered without a session.
        if (e.action.type === 'success' && (e.query.queryKey as readonly unknown[])[0] !== keys.health[0]) {
          hadSession.current = true
          // A session again (e.g. the address opened in another tab of this browser set the cookie): the
          // stream tries once more now, or the window would get no live change until it was reloaded.
          if (streamRefused.current) {
            streamRefused.current = false
            client.transport.reconnectEvents?.()
          }
        }
        if (e.action.type !== 'error') return
        const err: unknown = e.action.error
        if (!(err instanceof ApiFailure) || err.status !== 401) return
        setState((s) => afterRefusal(s, { hadSession: hadSession.current, everDown: everDown.current }))
      }),
    [qc, client]
  )
  useEffect(() => {
    let wasDown = false
    const { transport } = client
    const watch = watchNodeStatus({
      ping: () => client.call('health_check'),
      onChange: (status) => {
        if (status === 'up' && wasDown) {
          // The event stream, backed off while the node was away (up to 30 s), connects again now, and
          // reads again what its missed events would have patched once it does: read here too, it was twice.
          streamRefused.current = false
          if (!transport.reconnectEvents?.()) void qc.invalidateQueries()
          // health_check needs no session; one call that does says whether this window still has one.
          client.call('available_llm_providers').then(
            () => setState((s) => ({ ...s, sessionEnded: false, signedOut: false })),
            (err: unknown) => {
              if (err instanceof ApiFailure && err.status === 401)
                setState((s) => afterRefusal(s, { hadSession: hadSession.current, everDown: everDown.current }))
            }
          )
        }
        wasDown = status === 'down'
        if (wasDown) everDown.current = true
        setState((s) => ({ ...s, status, downSince: status === 'down' ? new Date() : null }))
      }
    })
    const offStreamEnd = transport.onStreamEnd?.(({ status, connectedBefore }) => {
      // The stream closed or failed: the node may be gone, asked now rather than at the next check
      // (while it is seen down, the checks' own backoff holds).
      if (!wasDown) watch.checkNow()
      // Refused for want of a session, as a read can be (see above). The stream then waits: it tries again
      // when the node is seen back after being down or a read is answered (streamRefused), not at its backoff.
      streamRefused.current = status === 401
      if (status !== 401) return
      setState((s) => afterRefusal(s, { hadSession: hadSession.current, everDown: everDown.current, connectedBefore }))
    })
    return () => {
      offStreamEnd?.()
      watch.stop()
    }
  }, [client, qc])
  return state
}
