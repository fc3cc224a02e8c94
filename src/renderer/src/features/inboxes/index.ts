// What other features may use from inboxes; the rest of this folder is its own (see eslint.config.mjs).
export { absoluteTime, relativeTime } from './relative-time'
export { focusRetryWhenDrawn } from './retry-focus'
