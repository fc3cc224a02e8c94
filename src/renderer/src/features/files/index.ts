// What other features may use from files; the rest of this folder is its own (see eslint.config.mjs).
export { filesOf, foldersOf, stateCounts, toggleExpanded } from './vfs-paths'
