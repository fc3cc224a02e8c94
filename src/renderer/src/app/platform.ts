/**
 * Whether the window runs on macOS (or iPadOS), where Option+arrows move the caret in a text field;
 * elsewhere Alt+arrows do nothing in one.
 */
export const onMac = (): boolean => /Macintosh|Mac OS X|iPhone|iPad/.test(navigator.userAgent)

/**
 * A shortcut with the platform's command key, as the window names it in text: "⌘K" on macOS, "Ctrl+K"
 * elsewhere (the list of shortcuts says ⌘ there too: shortcuts.tsx). Text said Ctrl on macOS, where Ctrl+K does nothing.
 */
export const withCommandKey = (key: string): string => (onMac() ? `⌘${key}` : `Ctrl+${key}`)

/** The same, as aria-keyshortcuts writes it ("Meta+/" on macOS, "Control+/" elsewhere). */
export const ariaWithCommandKey = (key: string): string => `${onMac() ? 'Meta' : 'Control'}+${key}`
