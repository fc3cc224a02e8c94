/**
 * A window too short for the conversation's full layout (short-window.module.css says what changes and
 * why). CSS cannot import it: the stylesheet's media queries repeat it.
 */
export const SHORT_WINDOW = '(max-height: 36em)'
