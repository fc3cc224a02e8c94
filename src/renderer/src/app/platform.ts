/**
 * Whether the window runs on macOS (or iPadOS), where Option+arrows move the caret in a text field;
 * elsewhere Alt+arrows do nothing in one.
 */
export const onMac = (): boolean => /Macintosh|Mac OS X|iPhone|iPad/.test(navigator.userAgent)
