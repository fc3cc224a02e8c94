import { useMediaQuery } from '@mantine/hooks'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { useEffect } from 'react'
import { releaseDialogs } from './confirm'
import { useFadingNotificationsInert } from './fading-notifications'
import { useNotificationFocusReturn } from './notification-focus'

/**
 * A window as narrow as a phone's (320 px: a 1280 px window at 400%). Notices there take the window's width,
 * and at its foot they covered the controls of the page's last rows (Check on the last provider hid its Edit
 * and Remove, and a notice held open while the mouse is on it stayed there): they come up at the top instead,
 * under the app's bar (AppLayout.module.css), whose navigation button and colour scheme switch they covered.
 */
const NARROW_WINDOW = '(max-width: 36em)'

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
  const narrow = useMediaQuery(NARROW_WINDOW, false, { getInitialValueInEffect: false })
  return (
    <>
      <Notifications position={narrow ? 'top-center' : 'bottom-right'} />
      {/* Not around the app: the dialogs it opens are rendered here, not inside the screens. */}
      <ModalsProvider />
    </>
  )
}
