import { Notifications, type NotificationsProps } from '@mantine/notifications'
import { useEffect, useState } from 'react'

/**
 * Mantine's notification area, mounted once the first screen has painted. Mounted with the first
 * render, it mounts its six position containers in a second, synchronous render (its portal's own
 * effect) before the browser may paint anything. A notification shown before it mounts waits in
 * Mantine's store, and appears when it does.
 */
export function DeferredNotifications(props: NotificationsProps) {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    // The frame after the first render's, then a task: after its paint.
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setShown(true))))
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  return shown ? <Notifications {...props} /> : null
}
