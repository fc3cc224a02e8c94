import { useNotifications } from '@mantine/notifications'
import { useLayoutEffect } from 'react'

/**
 * A notification closed (its button, or its time up) fades out for a moment while still in the page,
 * and Tab went to its close button there, fading or already out of sight. Mantine keeps it drawn, not
 * listed: each one drawn carries its id, and the ones no longer listed are made inert (out of the Tab
 * order and of the mouse's reach) until they go. One shown again is listed again, and takes the focus again.
 */
export function useFadingNotificationsInert(): void {
  const { notifications } = useNotifications()
  useLayoutEffect(() => {
    const listed = new Set(notifications.map((n) => n.id))
    for (const el of document.querySelectorAll<HTMLElement>('.mantine-Notifications-root [role="alert"][id]')) el.inert = !listed.has(el.id)
  }, [notifications])
}
