// What other features may use from files; the rest of this folder is its own (see eslint.config.mjs).
export { FolderSelect } from './FolderSelect'
export { joinPath, parentPath, toggleExpanded } from './vfs-paths'
export { flattenTree, openFoldersToRead, type Listing, type TreeLine } from './tree-lines'
export { useFolderListings, useVirtualTree } from './use-virtual-tree'
export { treeListStyle, treeRowPlace, TreeNote } from './tree-parts'
export { default as treeClasses } from './tree.module.css'
export { uploadFailureText } from './upload-failure-text'
export { EmbedFailedAgain } from './EmbedFailedAgain'
