/**
 * Whether a key belongs to an input method (Japanese, Chinese, Korean…): the Enter that picks the composed
 * characters, the Escape that drops them. Chromium and Firefox mark it isComposing; Safari (a headless
 * node's UI opened there) ends the composition first, then sends that key marked with keyCode 229 alone.
 * Read as the app's own Enter, it sent a half-written message, or saved a name, on picking a word.
 */
export const isInputMethodKey = (e: { readonly nativeEvent: KeyboardEvent }): boolean =>
  e.nativeEvent.isComposing || e.nativeEvent.keyCode === 229
