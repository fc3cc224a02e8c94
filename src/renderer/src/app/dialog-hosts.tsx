import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { useEffect } from 'react'
import { releaseDialogs } from './confirm'
import { useFadingNotificationsInert } from './fading-notifications'
import { useNotificationFocusReturn } from './notification-focus'

/**
 * Mantine's notification area and the dialogs' provider, in a chunk of their own loaded after the
 * first paint (after-first-paint.tsx): the dialogs' code (Modal, its ScrollArea, Floating UI, the
 * scroll lock) and the notifications' transitions were a sixth of the code the first screen ran
 * before its first row, for nothing it shows.
 */
export default function DialogHosts() {
  // A parent's effect runs after its children's: the provider listens by now, and the dialogs asked for meanwhile open.
  useEffect(() => releaseDialogs(), [])
  // Before a closed notification is made inert: the focus in it goes back to the page first.
  useNotificationFocusReturn()
  useFadingNotificationsInert()
  return (
    <>
      <Notifications position="bottom-right" />
      {/* Not around the app: the dialogs it opens are rendered here, not inside the screens. */}
      <ModalsProvider />
    </>
  )
}
