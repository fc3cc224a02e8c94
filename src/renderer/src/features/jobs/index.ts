// What other features may use from jobs; the rest of this folder is its own (see eslint.config.mjs).
export { ScopeEditor } from './ScopeEditor'
export { HeldEntriesContext, useHeldEntries } from './held-entries'
export { SCOPE_SECTIONS, scopeCount, summarizeLocal } from './scope-entries'
export { mergeConfigEdit, mergeScopeEdit } from './merge-edits'
export { useMissingEntries } from './use-missing-entries'
export { scopeCountText } from './scope-counts'
