import { createTheme } from '@mantine/core'

// Default props are given as plain objects, not through Menu.extend() and the like: importing a
// component here puts its code, and every chunk it needs, on the path to the first screen (Menu
// alone added a round trip of two chunks before the inbox list could render).

// The close button is an icon alone: without a name, screen readers announce "button".
const closeButtonProps = { 'aria-label': 'Close' }

export const theme = createTheme({
  primaryColor: 'blue',
  // White on blue-6 is 3.5:1; shade 8 passes WCAG AA (4.5:1) in both schemes.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  components: {
    // A title naming something long without spaces (a provider named after its model) wraps inside the dialog instead of running past its edge.
    // Mantine sets its line height to 1: a title wrapped (Rename or Delete of a conversation named after a long
    // first message) had its lines touching, one line's descenders on the next one's capitals.
    Modal: {
      defaultProps: { closeButtonProps },
      styles: { title: { overflowWrap: 'anywhere', minWidth: 0, lineHeight: 1.3 } }
    },
    Drawer: { defaultProps: { closeButtonProps } },
    // A notification's too, named for what it closes: Tab past the page reaches it ("Provider … added").
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // A dialog's <header> is its own title bar, not a second banner landmark beside the window's
    // (in a section of role "dialog" it counted as one: axe, landmark-no-duplicate-banner).
    ModalHeader: { defaultProps: { role: 'none' } },
    DrawerHeader: { defaultProps: { role: 'none' } },
    // Without the focus placeholder Mantine puts first in a menu (an element of role "presentation"
    // inside role "menu", which axe reports as critical); the menu's keys reach the items all the same.
    // No focus trap: Tab in an open menu closes it and moves on from its button (the WAI-ARIA menu
    // button pattern; MenuList does it). The trap kept Tab going round the items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false, trapFocus: false } },
    // Mantine clips an alert's message (overflow: hidden), and with it the focus ring of a button
    // placed in it (Retry under a failed answer, "Save without a working test" in the wizard): cut
    // on its left and bottom edges. Long words wrap instead of being clipped.
    Alert: { styles: { message: { overflow: 'visible', overflowWrap: 'anywhere' } } }
  }
})
