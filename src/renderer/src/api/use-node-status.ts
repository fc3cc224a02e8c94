import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useClient } from './client-context'
import { watchNodeStatus, type NodeStatus } from './node-status'

/**
 * The node's status while the window is open. When it comes back after being down, every query
 * is fetched again: what the window shows may have changed meanwhile (a restart, another window).
 */
export function useNodeStatus(): { status: NodeStatus; downSince: Date | null } {
  const client = useClient()
  const qc = useQueryClient()
  const [state, setState] = useState<{ status: NodeStatus; downSince: Date | null }>({ status: 'unknown', downSince: null })
  useEffect(() => {
    let wasDown = false
    const watch = watchNodeStatus({
      ping: () => client.call('health_check'),
      onChange: (status) => {
        if (status === 'up' && wasDown) void qc.invalidateQueries()
        wasDown = status === 'down'
        setState({ status, downSince: status === 'down' ? new Date() : null })
      }
    })
    return () => watch.stop()
  }, [client, qc])
  return state
}
